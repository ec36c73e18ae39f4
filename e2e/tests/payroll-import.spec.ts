// Payroll employee import (issue 25 §2), clicked as HR would: the demo owner uploads an xlsx of 20
// employees with 2 bad rows, sees each problem on its row and column, fixes both and commits; the
// demo Accountant as Finance Manager (no canViewPayrollSensitiveData) sees asterisks and an employees CSV without salary.
// Screens land in e2e/artifacts/screens/payroll-import-*.png.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shotsFor, skipTourWhenItOpens } from './ui-support';
import ExcelJS from 'exceljs';
import { setDemoRole } from './demo-state';

const shot = shotsFor('payroll-import-');

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

async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  await skipTourWhenItOpens(page);
}

test('HR imports 20 employees from an xlsx, fixes 2 bad rows and commits; a role without the flag sees no salary', async ({
  browser,
  request,
}) => {
  // The member here is the demo Accountant given the Finance Manager role: it may read employees
  // (payrollEmployees) but, like every role but owner and admin, lacks canViewPayrollSensitiveData.
  await setDemoRole(request, 'accountant@demo.owo.ng', 'finance-manager');
  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(owner, 'owner@demo.owo.ng', 'Demo-Owner-2026');
  const base = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const people = Array.from({ length: 20 }, (_, i) => ({
    name: `Imported ${i + 1} ${run}`,
    email: `imp${i + 1}.${run}@payroll-e2e.ng`,
    salaryAmount: String(150_000 + i * 5_000),
    bankCode: '058',
    accountNumber: nuban(String(base + i).padStart(9, '0')),
  }));
  const rows = people.map((p, i) =>
    i === 4 ? { ...p, salaryAmount: '100.123' } : i === 11 ? { ...p, accountNumber: '0123456789' } : p,
  );
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Employees');
  ws.addRow(['Name', 'Email', 'SalaryAmount', 'BankCode', 'AccountNumber']);
  for (const r of rows) ws.addRow([r.name, r.email, r.salaryAmount, r.bankCode, r.accountNumber]);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());

  await test.step('upload the xlsx: every problem is shown on its row and column', async () => {
    await owner.goto('/payroll/employees');
    await owner.getByRole('link', { name: 'Import employees' }).click();
    await expect(owner.getByRole('heading', { name: 'Import employees' })).toBeVisible();
    await owner.locator('input[type=file]').setInputFiles({
      name: `staff-${run}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await shot(owner, '01-upload');
    await owner.getByRole('button', { name: 'Upload and check' }).click();
    await expect(owner).toHaveURL(/\/payroll\/import-employees\/active\/[0-9a-f-]{36}\/validation$/);
    await expect(owner.getByText('2 rows have problems')).toBeVisible();
    await expect(owner.getByTestId('import-row-5')).toContainText(
      'Salary should not have more than 2 decimal places',
    );
    await expect(owner.getByTestId('import-row-12')).toContainText('NUBAN');
    await expect(owner.getByRole('button', { name: 'Import 20 employees' })).toBeDisabled();
    await shot(owner, '02-problems');
  });

  await test.step('fix both rows, then commit', async () => {
    await owner.getByTestId('import-row-5').getByRole('button', { name: 'Fix' }).click();
    let dialog = owner.getByRole('dialog', { name: 'Fix row 5' });
    await dialog.getByLabel('Monthly gross (salaryAmount)').fill('175000');
    await dialog.getByLabel('Account number').fill(people[4].accountNumber);
    await shot(owner, '03-fix');
    await dialog.getByRole('button', { name: 'Save row' }).click();
    await expect(dialog).toBeHidden();
    await owner.getByTestId('import-row-12').getByRole('button', { name: 'Fix' }).click();
    dialog = owner.getByRole('dialog', { name: 'Fix row 12' });
    await dialog.getByLabel('Account number').fill(people[11].accountNumber);
    await dialog.getByRole('button', { name: 'Save row' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByText('20 ready')).toBeVisible();
    await owner.getByRole('button', { name: 'Import 20 employees' }).click();
    await expect(owner).toHaveURL(/\/payroll\/import-employees\/summary/);
    await expect(owner.getByText('20 employees were added')).toBeVisible();
    await shot(owner, '04-summary');
    await owner.getByRole('button', { name: 'View employees' }).click();
    await expect(owner.getByRole('row').filter({ hasText: people[4].name })).toContainText('175,000');
  });

  await test.step('the Accountant sees asterisks and exports a CSV without salary', async () => {
    const acct = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signIn(acct, 'accountant@demo.owo.ng', 'Demo-Accountant-2026');
    await acct.goto('/payroll/employees');
    await expect(acct.getByText('No permission to view salary details')).toBeVisible();
    await expect(acct.getByRole('row').filter({ hasText: people[0].name })).toContainText('******');
    await expect(acct.locator('body')).not.toContainText('175,000');
    await shot(acct, '05-accountant-masked');
    const csv = await acct.request.get(
      `/api/payrolls/employees?format=csv&search=${encodeURIComponent(run)}`,
    );
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain(people[0].email);
    expect(text).not.toMatch(/Salary|175000|150000/);
  });
});
