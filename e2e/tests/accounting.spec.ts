// Issue 27 §1's journey as the demo owner: connect the sandbox books through their consent page;
// sync the chart (after the confirmation modal) and map the payment tags (import flow, closing to
// /settings/categories); pay an expense and see it posted; let the token expire and see the modal
// 'Access to the following integration has expired...' at expense submit; Continue without Sync;
// the posting that failed on the expiry goes through after Revalidate Access.
// Screens land in e2e/artifacts/screens/accounting-*.png.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { choose, pickOption, shotsFor, skipTourWhenItOpens } from './ui-support';
import {
  DEMO_OWNER,
  disconnectDemoBooks,
  ensureDemoCategory,
  setDemoApPolicy,
  setDemoSpendLimit,
} from './demo-state';

const shot = shotsFor('accounting-');

/** A valid NUBAN at GTBank (058) that the sandbox pays. */
function nuban() {
  const serial = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
  const digits = `000058${serial}`;
  const w = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * w[i];
  return `${serial}${(10 - (sum % 10)) % 10}`;
}

async function fillExpense(page: Page, description: string) {
  await page.goto('/expense/new-payment');
  await expect(page.getByRole('heading', { name: 'New Expense' })).toBeVisible();
  // The form picks the NGN wallet itself once the wallets load. Choosing it by hand while it loads
  // would race that default, and picking the option already chosen clears it (a Mantine Select).
  await expect(page.getByRole('textbox', { name: 'Wallet', exact: true })).toHaveValue(/NGN/);
  if (!(await page.getByRole('textbox', { name: 'Currency', exact: true }).inputValue()))
    await choose(page, 'Currency', 'NGN', { exactLabel: true });
  await page.getByLabel('Amount').fill('1500');
  await choose(page, 'Bank', /Guaranty Trust Bank/, { exactLabel: true });
  await page.getByLabel('Account number').fill(nuban());
  await page.getByLabel('Description').fill(description);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
}

test('accounting: connect the sandbox books, map tags, post a paid expense, expired modal', async ({
  page,
  request,
}) => {
  await disconnectDemoBooks(request);
  await ensureDemoCategory(request, 'Business travel');
  // Expenses below ₦1,000,000 approve themselves, so the sandbox pays at once.
  await setDemoApPolicy(request, { autoApproveBelow: '1000000' });
  await setDemoSpendLimit(request, DEMO_OWNER.email, 1_000_000);
  await skipTourWhenItOpens(page);

  await test.step('sign in as the demo owner', async () => {
    await page.goto('/auth/login');
    await page.getByLabel('Email address').fill(DEMO_OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('connect the sandbox books through their consent page', async () => {
    await page.goto('/settings/integrations');
    await expect(page.getByRole('button', { name: 'Connect Owo Sandbox Books' })).toBeVisible();
    await shot(page, '01-integrations-unconnected');
    await page.getByRole('button', { name: 'Connect Owo Sandbox Books' }).click();
    await expect(page).toHaveURL(/\/accounting\/sandbox\/consent\?/);
    await expect(page.getByRole('heading', { name: 'Connect Owo to your books' })).toBeVisible();
    await shot(page, '02-sandbox-consent');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
  });

  await test.step('sync the chart of accounts after the confirmation', async () => {
    await page.getByRole('button', { name: 'Sync accounts' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(/Sync the chart of accounts from your accounting software\?/),
    ).toBeVisible();
    await shot(page, '03-sync-confirmation');
    await dialog.getByRole('button', { name: 'Sync' }).click();
    await expect(page.getByText('Never')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sync locations' }).click();
    await expect(page.getByText('Lagos Head Office')).toBeVisible();
    await shot(page, '04-connected');
  });

  await test.step('map the payment tags', async () => {
    await page.getByRole('button', { name: 'Import payment tags' }).click();
    await expect(page).toHaveURL(/\/integrations\/import-payment-tags$/);
    await expect(page.getByRole('radio', { name: 'Owo Sandbox Books' })).toBeChecked();
    await shot(page, '05-choose-software');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/integrations\/map-tags$/);
    const table = page.getByTestId('map-tags');
    await expect(table).toBeVisible();
    await pickOption(table.getByRole('textbox').first(), 'Travel');
    await shot(page, '06-map-tags');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/integrations\/finish$/);
    await expect(page.getByText('Travel').first()).toBeVisible();
    await shot(page, '07-finish');
    await page.getByRole('button', { name: 'Finish Import', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/categories$/);
    await expect(page.getByText('Payment tags imported').last()).toBeVisible();
  });

  await test.step('pay an expense and see it posted', async () => {
    await fillExpense(page, 'Taxi to the client site');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog').getByText(/Approval status/)).toBeVisible();
    await page.goto('/settings/integrations');
    const postings = page.getByTestId('postings');
    await expect(postings.getByText('posted').first()).toBeVisible();
    await expect(postings.getByText(/Purchase #\d+/).first()).toBeVisible();
    await shot(page, '08-posted');
  });

  await test.step('let the token expire and see the modal at expense submit', async () => {
    await page.getByRole('button', { name: 'Expire sandbox tokens (test)' }).click();
    await expect(page.getByTestId('integration-status')).toHaveText('Access expired');
    await fillExpense(page, 'Printer toner');
    await page.getByRole('button', { name: 'Submit' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText('Access to the following integration has expired...')).toBeVisible();
    await expect(modal.getByText('Owo Sandbox Books')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Revalidate Access' })).toBeVisible();
    await shot(page, '09-expired-modal');
    await modal.getByRole('button', { name: 'Continue without Sync' }).click();
    await expect(page.getByRole('dialog').getByText(/Approval status/)).toBeVisible();
  });

  await test.step('the posting that stopped on the expiry shows; revalidating posts it', async () => {
    await page.goto('/settings/integrations');
    const postings = page.getByTestId('postings');
    await expect(postings.getByText('failed').first()).toBeVisible();
    await expect(postings.getByRole('button', { name: 'Retry' }).first()).toBeVisible();
    await shot(page, '10-failed-with-retry');
    await page.getByRole('button', { name: 'Revalidate Access' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/settings\/integrations$/);
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    await expect(postings.getByText('failed')).toHaveCount(0);
    await shot(page, '11-revalidated-all-posted');
  });
});
