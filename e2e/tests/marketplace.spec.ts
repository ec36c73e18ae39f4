// Marketplace journey (issue 26 §5): add two meters, one through the new-meter flow and one (the
// sandbox's failing test meter) from a CSV import with its summary, buy for both in one bulk order, approve it, see the token and copy it,
// and see the failing meter's vending FAILED with its money back in the wallet. Screens land in
// e2e/artifacts/screens/marketplace-*.png.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pickOption, shotsFor, skipTourWhenItOpens } from './ui-support';

const shot = shotsFor('marketplace-');

const meterNo = `7${String(Date.now()).slice(-10)}`;
const FAILING_TEST_METER = '10000000003';

async function csrf(page: Page) {
  const c = (await page.context().cookies()).find((x) => x.name === 'owo_csrf');
  return { 'x-csrf-token': c?.value ?? '' };
}

async function addMeter(page: Page, no: string, label: string) {
  await page.getByRole('button', { name: 'Add meter' }).click();
  const modal = page.getByRole('dialog');
  await pickOption(modal.getByLabel('Disco'), 'IKEDC');
  await expect(modal.getByLabel('Disco')).not.toHaveValue('');
  await modal.getByLabel('Meter number').fill(no);
  await modal.getByLabel('State').fill('Lagos');
  await modal.getByLabel('Phone number').fill('08031234567');
  await modal.getByLabel('Meter label (optional)').fill(label);
  await modal.getByRole('button', { name: 'Verify meter' }).click();
  await expect(modal.getByRole('button', { name: 'Save Meter Details' })).toBeVisible();
  await shot(page, `meter-details-${label.replace(/\W+/g, '-').toLowerCase()}`);
  await modal.getByRole('button', { name: 'Save Meter Details' }).click();
  await expect(page.getByText('Meter saved successfully').last()).toBeVisible();
  await expect(page.getByRole('cell', { name: no, exact: true })).toBeVisible();
}

test('marketplace: meters, a bulk purchase, approval, tokens, a failed vend refunded', async ({ page }) => {
  // The first-run guided tour opens by itself after a delay; skip it like a user.
  await skipTourWhenItOpens(page);
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
  });
  expect(login.ok()).toBe(true);
  // The demo owner approves alone: four eyes off for this company.
  const policy = await page.request.put('/api/settings/ap-policy', {
    headers: await csrf(page),
    data: { autoApproveBelow: '0', fourEyes: false, overBudget: 'warn', kycIncompleteCap: '100000' },
  });
  expect(policy.ok(), await policy.text()).toBe(true);
  const wallets = (await (await page.request.get('/api/wallet')).json()).data as {
    id: string;
    currency: string;
    balanceMinor: number;
  }[];
  const ngn = wallets.find((w) => w.currency === 'NGN')!;

  await page.goto('/marketplace/meters');
  await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();
  await addMeter(page, meterNo, 'Ikeja office');
  // The second meter comes from an import: a CSV with it and a row the provider cannot verify.
  await page.getByRole('button', { name: 'Import meters' }).click();
  await expect(page).toHaveURL(/\/marketplace\/import-meters$/);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'meters.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Meter Number,Disco,Meter Type,Phone,State,Label\n${FAILING_TEST_METER},IKEDC,prepaid,08031234567,Lagos,Generator house\n10000000001,IKEDC,prepaid,08031234567,Lagos,Unknown\n`,
    ),
  });
  await shot(page, 'import-meters');
  await page.getByRole('button', { name: 'Upload and verify' }).click();
  await expect(page).toHaveURL(/\/marketplace\/import-meters\/summary$/);
  await expect(page.getByTestId('import-summary')).toHaveText('1 of 2 meters verified; 1 with problems');
  await expect(page.getByTestId('import-row-3')).toContainText('We could not verify this meter number');
  await shot(page, 'import-summary');
  await page.getByRole('button', { name: 'Save 1 verified meters' }).click();
  await expect(page.getByText('1 meter saved successfully').last()).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace\/meters$/);
  await expect(page.getByRole('cell', { name: FAILING_TEST_METER, exact: true })).toBeVisible();
  await shot(page, 'assets');

  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Buy Electricity' }).click();
  await page.getByLabel('Multiple meters').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/marketplace\/buy-electricity$/);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByText('Please select at least one meter')).toBeVisible();
  await page.getByLabel('Select all').check();
  await page.getByLabel(`Amount for ${meterNo}`).fill('5000');
  await page.getByLabel(`Amount for ${FAILING_TEST_METER}`).fill('2500');
  await shot(page, 'bulk');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('₦7,500.00');
  await shot(page, 'review');
  await page.getByRole('main').getByRole('button', { name: 'Make Payment' }).click();
  await expect(page.getByText('Payment Initiated')).toBeVisible();
  await shot(page, 'payment-initiated');
  await page.getByRole('button', { name: 'View vending history' }).click();
  await expect(page).toHaveURL(/\/marketplace\/vending-history$/);
  await page.getByRole('cell', { name: new RegExp(meterNo) }).click();

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByLabel('Reason').fill('Office power for November');
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('vend-token')).toHaveText(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await shot(page, 'vending-detail');

  await page.goto('/marketplace/vending-history');
  await page.getByRole('cell', { name: new RegExp(FAILING_TEST_METER) }).click();
  await expect(page.getByText('FAILED').first()).toBeVisible();
  await expect(page.getByText(/the money is back in your wallet/)).toBeVisible();
  await shot(page, 'vending-failed');
  const after = (await (await page.request.get('/api/wallet')).json()).data.find(
    (w: { id: string }) => w.id === ngn.id,
  );
  expect(after.balanceMinor).toBe(ngn.balanceMinor - 5000_00);

  await page.goto('/marketplace/vending-history');
  await expect(page.getByText('SUCCESS').first()).toBeVisible();
  await shot(page, 'vending-history');

  // Cards: create one (the number is shown once), fund it, freeze it; a sandbox authorisation is declined.
  await page.goto('/cards/create-card');
  await page.getByRole('textbox', { name: 'Card holder' }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Limit per transaction').fill('20000');
  await page.getByLabel('Monthly limit').fill('100000');
  await page.getByRole('button', { name: 'Create card' }).click();
  await expect(page.getByTestId('card-number')).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  const last4 = (await page.getByTestId('card-number').innerText()).slice(-4);
  await shot(page, 'card-created');
  await page.getByRole('button', { name: 'Fund this card' }).click();
  await page.getByLabel('Amount').fill('15000');
  await page.getByRole('button', { name: 'Fund card' }).click();
  await expect(page.getByText('Card funded successfully').last()).toBeVisible();
  const row = page.getByTestId(`card-${last4}`);
  await expect(row).toContainText('₦15,000.00');
  await expect(row).toContainText('₦20,000.00'); // the per-transaction limit as typed
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Freeze' }).click();
  await expect(row).toContainText('frozen');
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  await page.getByRole('menuitem', { name: /Sandbox/ }).click();
  await expect(page.getByText('Authorisation declined: card_frozen')).toBeVisible();
  await expect(row).toContainText('₦15,000.00');
  await shot(page, 'cards');
});
