// The bank's account name against the typed one (issue 37), clicked as HR would on a laptop and on
// a phone (390×844): Add employee with "Emeka Nwosu" and the sandbox's fixed account 0123456785 at
// GTBank, which the bank names CHIDINMA ADAEZE OKAFOR (apps/api/src/rails/sandbox/resolve.ts). The
// form shows the bank's name and, right above Add employee, the mismatch warning; it does not block:
// the employee is added once the user goes on. Typing the bank's name makes the warning go.
// Screens land in e2e/artifacts/screens/account-name-check-*.png.
import { type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { OWNER, pickOption, shot, signedIn } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const ACCOUNT = '0123456785';
const BANK_NAME = 'CHIDINMA ADAEZE OKAFOR';
const WARNING = `The bank says this account belongs to ${BANK_NAME}, not Emeka Nwosu. Check the number before you continue.`;

const ownerAt = (browser: Browser, viewport: { width: number; height: number }) =>
  signedIn(browser, OWNER, viewport);

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`add employee: the bank's name is shown and a mismatch is warned before Add employee (${label})`, async ({
    browser,
  }) => {
    const page = await ownerAt(browser, viewport);
    await page.goto('/payroll/employees');
    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add employee' });
    await dialog.getByLabel('Full name').fill('Emeka Nwosu');
    await dialog.getByLabel('Email').fill(`emeka.${label}.${run}@name-check.ng`);
    await dialog.getByLabel('Monthly gross (₦)').fill('300000');
    await dialog.getByLabel('Annual rent paid (₦, for rent relief)').fill('1200000');
    await pickOption(dialog.getByRole('textbox', { name: 'Bank' }), 'Guaranty Trust Bank', { exact: true });
    await dialog.getByLabel('Account number').fill(ACCOUNT);

    await expect(dialog.getByTestId('resolved-name')).toHaveText(BANK_NAME);
    const warning = dialog.getByTestId('name-mismatch');
    await expect(warning).toContainText(WARNING);
    await warning.scrollIntoViewIfNeeded();
    // the warning is on screen together with the button it warns about
    await expect(warning).toBeInViewport();
    await dialog.getByRole('button', { name: 'Add employee' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Add employee' })).toBeInViewport();
    await shot(page, `account-name-check-${label}-mismatch`);

    if (label === 'phone') {
      // the bank's name, in another order: the warning goes
      await dialog.getByLabel('Full name').fill('okafor chidinma');
      await expect(warning).toHaveCount(0);
      await expect(dialog.getByTestId('resolved-name')).toHaveText(BANK_NAME);
      await dialog.getByRole('button', { name: 'Add employee' }).scrollIntoViewIfNeeded();
      await shot(page, `account-name-check-${label}-match`);
      return;
    }
    // a warning, not a block: going on adds the employee
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(page.getByText('Payroll Employees Updated!')).toBeVisible();
  });
}
