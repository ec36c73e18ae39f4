// Settings (issue 27 §3) as the demo owner: the settings index and business profile (rename and
// back), subsidiaries (create, edit, deactivate, delete; a subsidiary an invitation names refuses
// deletion with its 409 message), and the fee-policy preview. Screens: e2e/artifacts/screens/settings-*.png.
import { expect, test } from './fixtures';
import { shot, skipTourWhenItOpens } from './ui-support';
import { DEMO_OWNER, ownerHeaders } from './demo-state';

test('settings: business profile, subsidiaries, fee-policy preview', async ({ page, request }) => {
  const suffix = Date.now().toString(36).slice(-5);
  await skipTourWhenItOpens(page);

  await test.step('sign in as the demo owner', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('Email address').fill(DEMO_OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('settings index and business profile: rename, then back', async () => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    await expect(page.getByText('Fee policy', { exact: true })).toBeVisible();
    await shot(page, 'settings-01-index');
    await page.getByText('Business profile', { exact: true }).first().click();
    await expect(page).toHaveURL(/\/settings\/business$/);
    const name = page.getByLabel('Display name');
    const original = await name.inputValue();
    await name.fill(`${original} Ltd ${suffix}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.reload();
    await expect(name).toHaveValue(`${original} Ltd ${suffix}`);
    await shot(page, 'settings-02-business-renamed');
    await name.fill(original);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(name).toHaveValue(original);
  });

  let keptId = '';
  await test.step('subsidiaries: create, edit, deactivate, delete', async () => {
    await page.goto('/settings/subsidiaries');
    for (const n of [`Lekki ${suffix}`, `Abuja ${suffix}`]) {
      await page.getByRole('button', { name: 'New subsidiary' }).click();
      const dialog = page.getByRole('dialog', { name: 'New subsidiary' });
      await dialog.getByLabel('Name').fill(n);
      await dialog.getByLabel('Description').fill(`${n.split(' ')[0]} office`);
      await dialog.getByRole('button', { name: 'Create subsidiary' }).click();
      await expect(page).toHaveURL(/\/settings\/subsidiaries\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name: n })).toBeVisible();
      if (n.startsWith('Abuja')) keptId = page.url().split('/').pop()!;
      await page.goto('/settings/subsidiaries');
    }
    await page.getByPlaceholder('Search subsidiaries').fill(suffix);
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
    await expect(page.getByRole('row')).toHaveCount(3);
    await shot(page, 'settings-03-subsidiaries');

    await page.getByRole('cell', { name: new RegExp(`Lekki ${suffix}`) }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit subsidiary' });
    await edit.getByLabel('Description').fill('Lekki Phase 1 office');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Lekki Phase 1 office')).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Inactive')).toBeVisible();
    await shot(page, 'settings-04-subsidiary-inactive');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete subsidiary' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page).toHaveURL(/\/settings\/subsidiaries$/);
  });

  await test.step('a subsidiary an invitation names cannot be deleted (409), only deactivated', async () => {
    const headers = await ownerHeaders(request);
    const inv = await request.post('/api/invitations', {
      headers,
      data: { email: `branch.${suffix}@example.ng`, role: 'accountant', subsidiaryId: keptId },
    });
    expect(inv.ok(), await inv.text()).toBe(true);
    await page.goto(`/settings/subsidiaries/${keptId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete subsidiary' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      page.getByText('This subsidiary has records and cannot be deleted; deactivate it instead').first(),
    ).toBeVisible();
    await shot(page, 'settings-05-subsidiary-delete-refused');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Inactive')).toBeVisible();
  });

  await test.step('fee policy: the bands in force and a preview', async () => {
    await page.goto('/settings/fee-policy');
    await expect(page.getByRole('heading', { name: 'Fees in force' })).toBeVisible();
    await page.getByTestId('fee-preview-amount').fill('25000');
    const result = page.getByTestId('fee-preview-result');
    await expect(result).toContainText('₦25.00');
    await expect(result).toContainText('₦25,025.00');
    await shot(page, 'settings-06-fee-preview');
    await page.getByTestId('fee-preview-amount').fill('1.234');
    await expect(
      page.getByText('Amount must be a positive number with at most 2 decimal places'),
    ).toBeVisible();
    await page.getByTestId('fee-preview-amount').fill('1000000');
    await expect(result).toContainText('₦50.00');
  });

  await test.step('/settings/teams goes to /teams', async () => {
    await page.goto('/settings/teams');
    await expect(page).toHaveURL(/\/teams$/);
  });
});
