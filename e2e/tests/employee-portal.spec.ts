// Employee portal (issue 25 §5): HR adds an employee, the invitation mail's link opens the join page,
// the employee sets a password (002 §5 rule), lands on the payslip list, and opens the profile.
// Screens land in e2e/artifacts/screens/employee-portal-*.png.
import { expect, test } from './fixtures';
import { shotsFor } from './ui-support';

const shot = shotsFor('employee-portal-');

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
function nuban(serial: string) {
  const w = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const digits = `000058${serial}`;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * w[i];
  const c = 10 - (sum % 10);
  return `${serial}${c === 10 ? 0 : c}`;
}

test('an invited employee sets a password and reaches their payslips and profile', async ({ browser }) => {
  const hr = await (await browser.newContext()).newPage();
  const login = await hr.request.post('/api/auth/login', {
    data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
  });
  const bearer = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const email = `tolu.${run}@portal-e2e.ng`;
  const added = await hr.request.post('/api/payrolls/employees/add', {
    headers: bearer,
    data: {
      employees: [
        {
          name: `Tolu Ade ${run}`,
          email,
          salaryAmount: '150000',
          bankCode: '058',
          accountNumber: nuban(String(100_000_000 + Math.floor(Math.random() * 8e8))),
        },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  let link = '';
  for (let i = 0; i < 50 && !link; i++) {
    const box = await (
      await hr.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=5`)
    ).json();
    link =
      (box.data ?? [])
        .flatMap((m: { links?: string[] }) => m.links ?? [])
        .find((l: string) => l.includes('/employee-portal/join?token=')) ?? '';
    if (!link) await hr.waitForTimeout(200);
  }
  expect(link).toBeTruthy();

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  const u = new URL(link);
  await page.goto(`${u.pathname}${u.search}`);
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm password').fill('password1');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await shot(page, '01-set-password');
  await page.getByLabel('Password', { exact: true }).fill('Salary#2026');
  await page.getByLabel('Confirm password').fill('Salary#2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/employee-portal\/payslip$/);
  await expect(page.getByRole('heading', { name: 'Payslips' })).toBeVisible();
  await shot(page, '02-payslips');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText('₦150,000.00')).toBeVisible();
  await shot(page, '03-profile');
  // The sign-up toast sits over the header's Logout and pauses while hovered: let it close first.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Your employee account has been created')).toBeHidden();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/employee-portal\/login/);
});
