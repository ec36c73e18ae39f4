// Products, payout assets and projects (issue 21 §3), clicked the way a user would: a new owner
// adds products, builds an asset with an inventory through the 'Manage payment products' modal,
// opens the asset's payout details, then creates a project with a budget and a timeline, assigns
// it, sets a new budget and completes it. Screens land in e2e/artifacts/screens/assets-*.png.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot, skipTourWhenItOpens } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = 'Assets#2026pass';
const owner = { firstName: 'Ngozi', lastName: 'Eze', email: `ngozi.${run}@assets-e2e.ng` };

async function signUp(page: Page) {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByLabel('Work email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-email$/);
  await page.goto('/dev/mailbox');
  await page.getByLabel('Recipient email').fill(owner.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByTestId('mailbox-item')
    .filter({ hasText: /Confirm your email address/ })
    .first()
    .click();
  await page.getByTestId('mail-link-0').click();
  await expect(page.getByTestId('email-confirmed')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await page.getByLabel('Account name').fill(`Eze Works ${run}`);
  await page.getByRole('radio', { name: /^Business/ }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/account\/setup\/info$/);
  // The tour waits for the dashboard (never over the KYB setup): skip it whenever it shows up.
  await skipTourWhenItOpens(page);
}

async function addProduct(page: Page, name: string, price: string, description = '') {
  const dialog = page.getByRole('dialog', { name: 'Add product' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Price (₦)').fill(price);
  // Created inline, a product defaults to Outflow with a quantity of 1 (001 §9).
  await expect(dialog.getByRole('textbox', { name: 'Category' })).toHaveValue('Outflow');
  await expect(dialog.getByLabel('Quantity')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByText('New Products addedd successfully').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('products, assets with inventory, and projects with budgets', async ({ page }) => {
  await test.step('sign up', () => signUp(page));

  await test.step('products and services', async () => {
    await page.goto('/assets/products');
    await expect(page.getByRole('heading', { name: 'Products and services', level: 2 })).toBeVisible();
    await expect(page.getByTestId('list-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Add product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add product' });
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await shot(page, 'assets-01-add-product-errors');
    await dialog.getByLabel('Name').fill('Diesel (litre)');
    await dialog.getByLabel('Description').fill('AGO for the generator');
    await dialog.getByLabel('Price (₦)').fill('1250.50');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('New Products addedd successfully').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add product' }).click();
    await addProduct(page, 'Engine oil (5L)', '18000');
    await expect(page.getByRole('row', { name: /Diesel \(litre\)/ })).toContainText('₦1,250.50');
    await shot(page, 'assets-02-products');
    await page.getByRole('row', { name: /Engine oil/ }).click();
    await expect(page).toHaveURL(/\/assets\/products\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Edit product' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit product' });
    await edit.getByLabel('Price (₦)').fill('17500');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated success!').last()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByText('₦17,500.00').first()).toBeVisible();
    await shot(page, 'assets-03-product-detail');
  });

  await test.step('an asset with its inventory', async () => {
    await page.goto('/asset-list');
    await page.getByRole('button', { name: 'Add asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add asset' });
    await dialog.getByRole('button', { name: 'Add asset' }).click();
    for (const m of [
      'Type is required',
      'Brand is required',
      'Serial number is required',
      'Location is required',
    ])
      await expect(dialog.getByText(m)).toBeVisible();
    await shot(page, 'assets-04-add-asset-errors');
    await dialog.getByLabel('Type').fill('Generator');
    await dialog.getByLabel('Brand').fill('Mikano');
    await dialog.getByLabel('Model number').fill('MK-20KVA');
    await dialog.getByLabel('Serial number').fill(`SN-${run}`);
    await dialog.getByLabel('Location').fill('Ikeja office');
    await dialog.getByRole('button', { name: 'Manage products' }).click();
    const picker = page.getByRole('dialog', { name: 'Manage payment products' });
    await expect(picker.getByText('Diesel (litre)')).toBeVisible();
    await picker.getByLabel('Pick Diesel (litre)').check();
    await picker.getByLabel('Quantity of Diesel (litre)').fill('40');
    await picker.getByLabel('Pick Engine oil (5L)').check();
    await expect(picker.getByText('Total ₦67,520.00')).toBeVisible();
    await shot(page, 'assets-05-manage-products');
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(picker).toBeHidden();
    await expect(dialog.getByText('Inventory value ₦67,520.00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add asset' }).click();
    await expect(page.getByText('Asset added successfully').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Generator/ });
    await expect(row).toContainText('₦67,520.00');
    await shot(page, 'assets-06-asset-list');
    await row.click();
    await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('cell', { name: '₦50,020.00' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit asset' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit asset' });
    await edit.getByLabel('Location').fill('Lekki office');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Asset updated successfully').last()).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Lekki office')).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Asset deactivated successfully').last()).toBeVisible();
    await expect(page.getByText('Inactive')).toBeVisible();
    await shot(page, 'assets-07-asset-detail');
    await page.getByRole('link', { name: 'Payout details' }).click();
    await expect(page).toHaveURL(/\/assets\/payout\/details\?assetId=/);
    await expect(page.getByRole('heading', { name: 'Asset payout details' })).toBeVisible();
    await expect(page.getByText('₦67,520.00').first()).toBeVisible();
    await shot(page, 'assets-08-payout-details');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/asset-list$/);
  });

  await test.step('payout categories with budgets and subcategories', async () => {
    await page.goto('/settings/payout-categories');
    await page.getByPlaceholder('New category').fill('Fuel');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByText('Category created successfully').last()).toBeVisible();
    const fuel = page.getByRole('row', { name: /^Fuel/ });
    await fuel.getByRole('textbox').fill('500000');
    await fuel.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Budget updated successfully').last()).toBeVisible();
    await page.getByLabel('New subcategory of Fuel').fill('Diesel');
    await page.getByRole('button', { name: 'Add subcategory' }).click();
    await expect(page.getByText('Category created successfully').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete subcategory Diesel' })).toBeVisible();
    await shot(page, 'assets-13-categories');
    await page.getByRole('button', { name: 'Delete subcategory Diesel' }).click();
    await expect(page.getByText('Category deleted successfully').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete subcategory Diesel' })).toBeHidden();
  });

  await test.step('a project with a budget, members and completion', async () => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name').fill('Abuja warehouse fit-out');
    await dialog.getByLabel('Budget (₦)').fill('2500000');
    await dialog.getByLabel('Start date').pressSequentially('05012026');
    await dialog.getByLabel('End date').pressSequentially('01012026');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByText('End date must be on or after the start date')).toBeVisible();
    await shot(page, 'assets-09-new-project-error');
    await dialog.getByLabel('End date').fill('');
    await dialog.getByLabel('End date').pressSequentially('30062026');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByText('Project created successfully').last()).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByText('05/01/2026')).toBeVisible();
    await expect(page.getByText('30/06/2026')).toBeVisible();
    await page.getByRole('button', { name: 'Edit budget' }).click();
    const budget = page.getByRole('dialog', { name: 'Project budget' });
    await budget.getByLabel('Budget (₦)').fill('3000000');
    await budget.getByRole('button', { name: 'Save budget' }).click();
    await expect(page.getByText('Project budget updated successfully').last()).toBeVisible();
    await expect(page.getByText('₦3,000,000.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Assign members' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign members' });
    await assign.getByRole('textbox', { name: 'Members' }).click();
    await page.getByRole('option', { name: new RegExp(`${owner.firstName} ${owner.lastName}`) }).click();
    await assign.getByRole('heading', { name: 'Assign members' }).click(); // closes the dropdown
    await assign.getByRole('button', { name: 'Save members' }).click();
    await expect(page.getByText('Project members updated successfully').last()).toBeVisible();
    await expect(assign).toBeHidden();
    await shot(page, 'assets-10-project-detail');
    await page.goto('/projects');
    await expect(page.getByRole('row', { name: /Abuja warehouse fit-out/ })).toContainText(
      '05/01/2026 – 30/06/2026',
    );
    await shot(page, 'assets-11-projects');
    await page.getByRole('row', { name: /Abuja warehouse fit-out/ }).click();
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(page.getByText('Project marked as completed').last()).toBeVisible();
    await page.goto('/projects/completed');
    await expect(page.getByRole('row', { name: /Abuja warehouse fit-out/ })).toContainText('Completed');
    await shot(page, 'assets-12-projects-completed');
  });
});
