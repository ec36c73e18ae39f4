// Payroll (issue 25), clicked as HR would: the demo owner adds employees (salary rules, the
// statutory breakdown computed by the server), creates a payroll through create -> preview ->
// review, submits it to the approvals engine and sees the Payroll Created dialog and the details;
// the Accountant (made an admin for the approval) approves it and it is paid through the sandbox
// rails; the owner downloads the receipt PDF, opens an employee's payslip from the run and downloads
// its PDF; one employee accepts the portal invitation, signs in and downloads their payslip PDF; the
// demo Accountant, back to its built-in role (no canViewPayrollSensitiveData), opens the same payroll
// and sees asterisks, and gets that payslip's PDF with every figure masked.
// Screens land in e2e/artifacts/screens/payroll-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures';
import { pickOption, shot, skipTourWhenItOpens } from './ui-support';
import { ownerHeaders, setDemoApPolicy, setDemoRole } from './demo-state';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A GTBank (058) NUBAN with its check digit (NIGERIA.md "Bank account numbers"). */
function nuban(serial: string) {
  const w = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const digits = `000058${serial}`;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * w[i];
  const c = 10 - (sum % 10);
  return `${serial}${c === 10 ? 0 : c}`;
}

/** A PDF's text (unpdf, as the API's payslip tests read it), after its %PDF- magic. */
async function pdfText(bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  await skipTourWhenItOpens(page);
}

test('HR adds employees, creates a monthly payroll, it is approved and paid; the employee downloads the payslip PDF; a role without the flag sees asterisks', async ({
  browser,
  request,
}) => {
  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(owner, 'owner@demo.owo.ng', 'Demo-Owner-2026');
  // Other specs change the demo company's state; this one relies on the default ₦100,000
  // KYC-incomplete cap and on the Accountant's built-in role (no canViewPayrollSensitiveData).
  await setDemoApPolicy(request, { kycIncompleteCap: '100000', autoApproveBelow: '0', fourEyes: true });
  // The Accountant approves as an admin (the owner is the maker: four eyes); its approver place is
  // fixed when the payroll is submitted. It goes back to its built-in role before the masking step.
  await setDemoRole(request, 'accountant@demo.owo.ng', 'admin');
  const worked = { name: `Ngozi Eze ${run}`, email: `ngozi.${run}@payroll-e2e.ng` };

  await test.step('add an employee through the screen (salary rules, then the statutory breakdown)', async () => {
    await owner.goto('/payroll/employees');
    await expect(owner.getByRole('heading', { name: 'Employees' })).toBeVisible();
    await owner.getByRole('button', { name: 'Add employee' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Add employee' });
    await dialog.getByLabel('Full name').fill(worked.name);
    await dialog.getByLabel('Email').fill(worked.email);
    await dialog.getByLabel('Monthly gross (₦)').fill('100.123');
    await dialog.getByLabel('Monthly gross (₦)').blur();
    await expect(dialog.getByText('Salary should not have more than 2 decimal places')).toBeVisible();
    await dialog.getByLabel('Monthly gross (₦)').fill('0');
    await dialog.getByLabel('Monthly gross (₦)').blur();
    await expect(dialog.getByText('Salary amount should be greater than 0')).toBeVisible();
    // the worked example in the user's model: a ₦500,000 gross and its split (issue 35 §5)
    await dialog.getByLabel('Monthly gross (₦)').fill('500000');
    await dialog.getByLabel('Annual rent paid (₦, for rent relief)').fill('1200000');
    await dialog.getByLabel('Basic', { exact: true }).fill('250000');
    await dialog.getByLabel('Housing', { exact: true }).fill('100000');
    await dialog.getByLabel('Transport', { exact: true }).fill('50000');
    await dialog.getByLabel('Other allowances', { exact: true }).fill('100000');
    await expect(dialog.getByLabel('Gross pay', { exact: true })).toHaveText('₦500,000.00');
    await pickOption(dialog.getByRole('textbox', { name: 'Bank' }), 'Guaranty Trust Bank', { exact: true });
    await dialog
      .getByLabel('Account number')
      .fill(nuban(String(100_000_000 + Math.floor(Math.random() * 8e8))));
    await shot(owner, 'payroll-01-add-employee');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(owner.getByText('Payroll Employees Updated!')).toBeVisible();
    // two more through the API, so the pension threshold (3 employees) applies
    for (const i of [1, 2]) {
      const res = await owner.request.post('/api/payrolls/employees/add', {
        data: {
          employees: [
            {
              name: `Staff ${i} ${run}`,
              email: `staff${i}.${run}@payroll-e2e.ng`,
              salaryAmount: String(80_000 * i),
              bankCode: '058',
              accountNumber: nuban(String(200_000_000 + Math.floor(Math.random() * 7e8))),
            },
          ],
        },
        headers: {
          'x-csrf-token': (await owner.context().cookies()).find((c) => c.name === 'owo_csrf')?.value ?? '',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await owner.reload();
    await owner.getByPlaceholder('Search by name or email').fill(run);
    await expect(owner.getByRole('row').filter({ hasText: worked.name })).toContainText('₦399,735.00');
    await shot(owner, 'payroll-02-employees');
  });

  let payrollUrl = '';
  await test.step('create -> preview -> review -> submitted (Payroll Created)', async () => {
    await owner.goto('/payroll/create');
    await owner.getByLabel('Payroll name').fill(`November salaries ${run}`);
    await pickOption(owner.getByRole('textbox', { name: 'Pay from' }), /.+/);
    await owner.getByText('Recurring', { exact: true }).click();
    await owner.getByLabel('Payroll creation date').fill('3');
    await owner.getByLabel('Payroll processing date').fill('3');
    await owner.getByRole('button', { name: 'Preview payroll' }).click();
    await expect(
      owner.getByText(
        'Payroll Creation Date must be greater than Payroll Processing Date. They cannot be equal.',
      ),
    ).toBeVisible();
    await owner.getByLabel('Payroll processing date').fill('1');
    for (const name of [worked.name, `Staff 1 ${run}`, `Staff 2 ${run}`])
      await owner.getByRole('checkbox', { name }).check();
    // The demo company is below KYB tier 3: naira salaries above the cap are refused (checkPayoutLimit).
    await owner.getByRole('button', { name: 'Preview payroll' }).click();
    // Said on the page and in a toast: on a slow machine both are up at once.
    await expect(owner.getByText('amount exceeds limit for incomplete KYC.').first()).toBeVisible();
    await shot(owner, 'payroll-03-create-kyb-limit');
    for (const name of [worked.name, `Staff 2 ${run}`]) await owner.getByRole('checkbox', { name }).uncheck();
    await owner.getByRole('button', { name: 'Preview payroll' }).click();
    await expect(owner).toHaveURL(/\/payroll\/preview\?id=/);
    // ₦80,000: pension 6,400, NHF 2,000; 960,000 − 76,800 − 24,000 = 859,200 → PAYE 740 → net 70,860
    await expect(owner.getByRole('row').filter({ hasText: `Staff 1 ${run}` })).toContainText('₦70,860.00');
    await shot(owner, 'payroll-04-preview');
    await owner.getByRole('button', { name: 'Continue' }).click();
    await expect(owner).toHaveURL(/\/payroll\/review\?id=/);
    await owner.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(owner.getByRole('dialog', { name: 'Payroll Created' })).toBeVisible();
    await shot(owner, 'payroll-05-created');
    await owner.getByRole('button', { name: 'View payroll' }).click();
    await expect(owner).toHaveURL(/\/payroll\/[0-9a-f-]{36}\/details$/);
    await expect(owner.getByText('pending', { exact: true }).first()).toBeVisible();
    payrollUrl = new URL(owner.url()).pathname;
    await shot(owner, 'payroll-06-details');
  });

  await test.step('an admin approves the payroll through the shared modal; it is paid', async () => {
    // enough naira in the demo wallet for the run
    const headers = await ownerHeaders(request);
    const wallets = await (await request.get('/api/wallet', { headers })).json();
    const ngn = wallets.data.find((w: { currency: string }) => w.currency === 'NGN');
    const fa = await (await request.get(`/api/wallet/${ngn.id}/funding-account`, { headers })).json();
    const dep = await request.post('/api/sandbox/deposits', {
      headers,
      data: { accountNumber: fa.data.accountNumber, amount: '500000', senderName: 'PAYROLL E2E' },
    });
    expect(dep.ok(), await dep.text()).toBe(true);
    const approver = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(approver, 'accountant@demo.owo.ng', 'Demo-Accountant-2026');
    await approver.goto(payrollUrl);
    await approver.getByRole('button', { name: 'Approve' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Approve' });
    await dialog.getByLabel('Reason').fill('Checked against the November headcount');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByText('Payroll approved successfully')).toBeVisible();
    await approver.context().close();
    await setDemoRole(request, 'accountant@demo.owo.ng', 'accountant');
    const apiPath = `/api${payrollUrl.replace('/payroll/', '/payrolls/').replace('/details', '')}`;
    await expect
      .poll(async () => (await (await request.get(apiPath, { headers })).json()).data.status, {
        intervals: [1000],
      })
      .toBe('completed');
    await owner.reload();
    await expect(owner.getByText('completed', { exact: true }).first()).toBeVisible();
    await expect(owner.getByRole('row').filter({ hasText: `Staff 1 ${run}` })).toContainText('paid');
    await shot(owner, 'payroll-07-paid');
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Download receipt (PDF)' }).click();
    const file = await download;
    const receiptPath = path.resolve(test.info().config.rootDir, '../artifacts/payroll-receipt.pdf');
    await file.saveAs(receiptPath);
    expect(fs.readFileSync(receiptPath).subarray(0, 5).toString()).toBe('%PDF-');
  });

  let slipPdf = '';
  await test.step("the owner opens an employee's payslip from the paid run: the run's net pay, and its PDF", async () => {
    await owner.goto(payrollUrl);
    const row = owner.getByRole('row').filter({ hasText: `Staff 1 ${run}` });
    await expect(row).toContainText('₦70,860.00');
    await row.getByRole('link', { name: `Open Staff 1 ${run}'s payslip` }).click();
    await expect(owner).toHaveURL(/\/payroll\/[0-9a-f-]{36}\/payslip\/[0-9a-f-]{36}$/);
    await expect(owner.getByRole('heading', { name: `Payslip: Staff 1 ${run}` })).toBeVisible();
    const sheet = owner.getByTestId('payslip');
    await expect(sheet.getByTestId('net-pay')).toHaveText('₦70,860.00');
    await expect(sheet).toContainText('PAYE');
    await shot(owner, 'payroll-07b-staff-payslip');
    // "Download PDF": the server renders this payslip (GET /api/payrolls/payslip/pdf?id=…), saved as a file
    const pdfRequest = owner.waitForRequest((r) => r.url().includes('/api/payrolls/payslip/pdf?'));
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Download PDF' }).click();
    const requested = new URL((await pdfRequest).url());
    slipPdf = `${requested.pathname}${requested.search}`;
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^owo-payslip-staff-1-${run}-.+\\.pdf$`));
    const slipPath = path.resolve(test.info().config.rootDir, '../artifacts/payroll-staff-payslip.pdf');
    await file.saveAs(slipPath);
    const text = await pdfText(fs.readFileSync(slipPath));
    expect(text).toContain(`Staff 1 ${run}`);
    expect(text).toContain('70,860.00');
    // one column on a phone
    await owner.setViewportSize({ width: 390, height: 844 });
    await expect(sheet.getByTestId('net-pay')).toBeVisible();
    expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(390);
    await shot(owner, 'payroll-07c-staff-payslip-phone');
    await owner.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('the employee accepts the invitation, signs in to the portal and downloads the payslip PDF', async () => {
    const email = `staff1.${run}@payroll-e2e.ng`;
    let link = '';
    for (let i = 0; i < 50 && !link; i++) {
      const box = await (
        await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=5`)
      ).json();
      link =
        (box.data ?? [])
          .flatMap((m: { links?: string[] }) => m.links ?? [])
          .find((l: string) => l.includes('/employee-portal/join?token=')) ?? '';
      if (!link) await owner.waitForTimeout(200);
    }
    expect(link).toBeTruthy();
    const emp = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    const u = new URL(link);
    await emp.goto(`${u.pathname}${u.search}`);
    await emp.getByLabel('Password', { exact: true }).fill('Salary#2026');
    await emp.getByLabel('Confirm password').fill('Salary#2026');
    await emp.getByRole('button', { name: 'Set password' }).click();
    await expect(emp).toHaveURL(/\/employee-portal\/payslip$/);
    const slip = emp.getByRole('row').filter({ hasText: `November salaries ${run}` });
    await expect(slip).toContainText('paid');
    await shot(emp, 'payroll-08-employee-payslips');
    const linkAnswer = emp.waitForResponse((r) =>
      /\/api\/employee-portal\/payslips\/[^/]+\/pdf$/.test(r.url()),
    );
    const browserDownload = emp.waitForEvent('download').catch(() => null);
    await slip.getByRole('button', { name: 'Download' }).click();
    const answer = await (await linkAnswer).json();
    const pdfUrl = new URL(answer.data.pdf_url);
    const pdf = await emp.request.get(`${pdfUrl.pathname}${pdfUrl.search}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    fs.writeFileSync(path.resolve(test.info().config.rootDir, '../artifacts/payroll-payslip.pdf'), bytes);
    await browserDownload;
    await emp.context().close();
  });

  await test.step('the Accountant (no canViewPayrollSensitiveData) sees asterisks, never the figures', async () => {
    const acct = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(acct, 'accountant@demo.owo.ng', 'Demo-Accountant-2026');
    await acct.goto(payrollUrl);
    await expect(acct.getByText('No permission to view salary details')).toBeVisible();
    await expect(acct.getByRole('row').filter({ hasText: `Staff 1 ${run}` })).toContainText('******');
    await expect(acct.locator('body')).not.toContainText('70,860');
    await expect(acct.getByRole('link', { name: /payslip/ })).toHaveCount(0);
    // The tour, if it opened, is skipped by signIn's locator handler (which an auto-waiting
    // assertion runs too); a second click of our own raced it and waited for a button gone.
    await expect(acct.getByTestId('guided-tour')).toBeHidden();
    await shot(acct, 'payroll-09-accountant-masked');
    const api = await acct.request.get(
      `/api${payrollUrl.replace('/payroll/', '/payrolls/').replace('/details', '/employees')}`,
    );
    expect(api.status()).toBe(200);
    expect(await api.text()).not.toMatch(/70860|80000/);
    // the screen offers it no payslip; the same payslip's PDF asked of the API has every figure masked
    const pdf = await acct.request.get(slipPdf);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const masked = await pdfText(await pdf.body());
    expect(masked).toContain(`Staff 1 ${run}`);
    expect(masked).toContain('******');
    expect(masked).not.toMatch(/70,860|80,000/);
    await acct.goto('/payroll');
    await expect(acct.getByRole('row').filter({ hasText: `November salaries ${run}` })).toContainText(
      '******',
    );
    await shot(acct, 'payroll-10-accountant-list');
  });
});
