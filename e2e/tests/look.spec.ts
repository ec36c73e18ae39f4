// Issue 37, look and feel: the Integrations card on the one button hierarchy, a card's detail with
// its designed face, the branded payslip, and a form at 390×844 going one column. Screens land in
// e2e/artifacts/screens/look-*.png.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ownerHeaders } from './demo-state';
import { shot, signedIn, signUpNewCompany } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The second field's box starts below the first's: the form is one column. */
async function oneColumn(first: Locator, second: Locator) {
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
  expect(Math.abs(b.x - a.x)).toBeLessThan(2);
}

/** A card for the demo company through the API (held by the owner): its id and last four. */
async function createCard(page: Page) {
  const me = (await (await page.request.get('/api/me/settings/profile')).json()).data.profile as {
    id: string;
  };
  const res = await page.request.post('/api/cards', {
    headers: await ownerHeaders(page.request),
    data: {
      holderId: me.id,
      currency: 'NGN',
      perTransactionLimit: '20000',
      monthlyLimit: '100000',
      allowedCategories: [],
      singleUse: false,
      label: 'Fuel',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as { id: string; last4: string };
}

const PAYSLIP = {
  id: 'slip-look',
  payrollId: 'run-look',
  payrollName: 'November 2026 salaries',
  createdAt: '2026-11-24T10:00:00Z',
  companyName: 'Demo Trading Ltd',
  status: 'paid',
  payPeriod: '2026-11',
  payrollEmployee: { id: 'pe1', name: 'Tolu Ade', email: 'tolu@demo.owo.ng' },
  bankDetails: { bankName: 'GTBank', accountName: 'TOLU ADE', accountNumber: '******4321' },
  salaryVisible: true,
  amount: '500000.00',
  amountMinor: 50000000,
  finalAmount: '399735.00',
  finalAmountMinor: 39973500,
  salaryBreakdown: {
    Salary: '500000.00',
    PAYE: '-62015.00',
    'Pension (employee)': '-32000.00',
    NHF: '-6250.00',
  },
  salaryBreakdownMinor: { Salary: 50000000, PAYE: -6201500, 'Pension (employee)': -3200000, NHF: -625000 },
  deductionsTotal: '-100265.00',
  deductionsTotalMinor: -10026500,
  downloadable: true,
};

test('the Integrations card, a card detail, a payslip and a form, on a laptop and at 390×844', async ({
  browser,
}) => {
  // Integrations: one hierarchy (Connect is the primary action of each provider card). A company of
  // its own: the demo company's books belong to accounting.spec, which may run at the same time.
  const books = await (await browser.newContext()).newPage();
  await signUpNewCompany(books, {
    firstName: 'Tobi',
    lastName: 'Ajayi',
    email: `tobi.${run}@look-e2e.ng`,
    password: 'Look#2026pass',
    company: `Ajayi Books ${run}`,
  });
  await books.goto('/settings/integrations');
  await books.getByRole('button', { name: 'Connect Owo Sandbox Books' }).click();
  await books.getByRole('button', { name: 'Approve' }).click();
  await expect(books.getByTestId('integration-status')).toHaveText('Connected');
  // one hierarchy: Sync accounts primary, the next two secondary, the sandbox tool subtle, Disconnect danger
  const level = (name: string | RegExp) => books.getByRole('button', { name }).getAttribute('data-variant');
  expect(['primary', 'filled', null]).toContain(await level('Sync accounts'));
  expect(await level('Sync locations')).toBe('secondary');
  expect(await level(/Expire sandbox tokens/)).toBe('subtle');
  expect(await level('Disconnect')).toBe('danger');
  await shot(books, 'look-01-integrations');
  await books.context().close();

  const page = await signedIn(browser);

  // A card's detail: the designed face with the last four as text, then frozen (slate).
  const card = await createCard(page);
  await page.goto(`/cards?spends=${card.id}`);
  const face = page.getByTestId('card-face');
  await expect(face).toHaveAttribute('data-state', 'active');
  await expect(face.getByTestId('card-face-number')).toContainText(card.last4);
  await expect(face.getByText(`Card number ending ${card.last4}`)).toBeAttached();
  await shot(page, 'look-02-card-detail');
  const row = page.getByTestId(`card-${card.last4}`);
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Freeze' }).click();
  await expect(face).toHaveAttribute('data-state', 'frozen');
  await expect(face).toContainText('Frozen');

  // On a phone: the card face fits, a form is one column, the KYC/2FA reminder folds once read.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cards?spends=${card.id}`);
  const box = (await face.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await shot(page, 'look-03-card-phone');
  await page.goto('/cards/create-card');
  await oneColumn(
    page.getByRole('textbox', { name: 'Card holder' }),
    page.getByRole('textbox', { name: 'Currency' }),
  );
  await shot(page, 'look-04-form-phone');
  const hide = page.getByTestId('alerts-hide');
  if (await hide.isVisible()) {
    await hide.click();
    await expect(page.getByTestId('alerts-slim')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('alerts-slim')).toBeVisible();
    await shot(page, 'look-05-reminder-folded');
  }

  // The branded payslip in the employee portal (a signed-in employee; the slip answered here).
  const portal = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await portal.addInitScript(() => {
    localStorage.setItem(
      'root-1',
      JSON.stringify({
        version: 1,
        state: {
          employee: {
            employeeUser: { id: 'e1', email: 'tolu@demo.owo.ng' },
            payrollEmployees: [],
            currentPayrollEmployee: null,
          },
        },
      }),
    );
  });
  await portal.route('**/api/employee-portal/payslips/slip-look', (r) =>
    r.fulfill({ json: { status: 'success', message: 'OK', data: PAYSLIP } }),
  );
  await portal.goto('/employee-portal/payslip/slip-look');
  const slip = portal.getByTestId('payslip');
  await expect(slip).toContainText('Demo Trading Ltd');
  await expect(slip.getByTestId('payslip-deductions')).toContainText('PAYE');
  await expect(slip.getByTestId('net-pay')).toHaveText('₦399,735.00');
  await shot(portal, 'look-06-payslip');
  await portal.setViewportSize({ width: 390, height: 844 });
  await oneColumn(slip.getByTestId('payslip-earnings'), slip.getByTestId('payslip-deductions'));
  await shot(portal, 'look-07-payslip-phone');
  await portal.emulateMedia({ media: 'print' });
  await portal.setViewportSize({ width: 800, height: 1100 });
  await shot(portal, 'look-08-payslip-print');
});
