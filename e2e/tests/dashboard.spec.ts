// The dashboard (issue 37 "Look and feel"), at desktop size and on a 390×844 phone: a new company
// sees its balance and "what to do next", each step ticked from its data as it is done; the demo
// company reads cash on hand, money in and out and what awaits approval in the KPI row, then the
// charts. Screens land in e2e/artifacts/screens/dashboard-*.png.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot, signedIn, signUpNewCompany } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * Nothing on the page is wider than the viewport (no sideways scrolling on a phone), once the layout
 * has settled after a resize (the navbar folds away and the lists become cards on the next render).
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect(async () =>
    expect(await overflowing(page), 'elements wider than the viewport').toEqual([]),
  ).toPass();
}

/** The last five elements that reach past the viewport's right edge, or none. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const max = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= max) return [];
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > max + 1 && e.getBoundingClientRect().width > 0)
      .slice(-5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} [${e.getAttribute('data-testid') ?? ''}]`);
  });
}

const step = (page: Page, key: string) => page.getByTestId('setup-checklist').locator(`[data-step="${key}"]`);

test('a new company: its balance and what to do next, ticked from its data', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUpNewCompany(page, {
    firstName: 'Bisi',
    lastName: 'Lawal',
    email: `bisi.${run}@dashboard-e2e.ng`,
    password: 'Dashboard#2026pass',
    company: `Lawal Foods ${run}`,
  });

  await test.step('the first-run dashboard', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Bisi' })).toBeVisible();
    const list = page.getByTestId('setup-checklist');
    await expect(list.getByTestId('checklist-progress')).toHaveText('0 of 4 done');
    for (const key of ['kyb', 'funds', 'teammate', 'pay'])
      await expect(step(page, key)).toHaveAttribute('data-done', 'false');
    await expect(step(page, 'kyb').getByRole('link', { name: 'Complete KYB' })).toHaveAttribute(
      'href',
      '/account/setup',
    );
    await expect(step(page, 'teammate').getByRole('link', { name: 'Invite' })).toHaveAttribute(
      'href',
      '/teams?invite=1',
    );
    await expect(page.getByTestId('wallet-NGN')).toContainText('₦0.00');
    await expect(page.getByTestId('kpi-row')).toHaveCount(0);
    await shot(page, 'dashboard-first-run');
    await page.setViewportSize(PHONE);
    await expect(list).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'dashboard-first-run-phone');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('add funds from the checklist: the step is ticked and the KPI row appears', async () => {
    await step(page, 'funds').getByRole('link', { name: 'Add funds' }).click();
    await expect(page).toHaveURL(/\/wallet\/add-funds$/);
    const sandbox = page.getByTestId('sandbox-deposit');
    await sandbox.getByLabel('Amount (₦)').fill('2500');
    await sandbox.getByLabel('Sender name').fill(`LAWAL FUNDER ${run}`.toUpperCase());
    await sandbox.getByRole('button', { name: 'Send test transfer' }).click();
    await expect(page).toHaveURL(/\/wallet\/add-funds\/success/);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Bisi' })).toBeVisible();
    await expect(page.getByTestId('kpi-cash')).toContainText('₦2,500.00');
    await expect(page.getByTestId('kpi-money-in')).toContainText('₦2,500.00');
    await expect(page.getByTestId('kpi-money-out')).toContainText('₦0.00');
    await expect(page.getByTestId('kpi-awaiting-approval')).toContainText('Nothing is waiting');
    await expect(page.getByTestId('setup-checklist').getByTestId('checklist-progress')).toHaveText(
      '1 of 4 done',
    );
    await expect(step(page, 'funds')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('panel-payment-overview').locator('[data-chart="bar"]')).toBeVisible();
    await shot(page, 'dashboard-first-deposit');
  });

  await test.step('Hide keeps the checklist hidden for this user', async () => {
    await page.getByTestId('setup-checklist').getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByTestId('setup-checklist')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('kpi-cash')).toBeVisible();
    await expect(page.getByTestId('recent-transactions')).toBeVisible();
    await expect(page.getByTestId('setup-checklist')).toHaveCount(0);
  });
});

test('the demo company reads its money in one glance, on a laptop and a phone', async ({ browser }) => {
  const page = await signedIn(browser);
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  const row = page.getByTestId('kpi-row');
  await expect(row.getByTestId('wallet-balance')).toHaveText(/^₦[\d,]+\.\d\d$/);
  for (const [id, label] of [
    ['kpi-money-in', 'Money in this month'],
    ['kpi-money-out', 'Money out this month'],
  ]) {
    await expect(row.getByTestId(id)).toContainText(label);
    await expect(row.getByTestId(id)).toContainText(/₦[\d,]+\.\d\d/);
  }
  const waiting = row.getByTestId('kpi-awaiting-approval');
  await expect(waiting).toContainText('Awaiting approval');
  // the four tiles sit in one row on a laptop
  const tops = await row
    .locator(':scope > *')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
  expect(tops).toHaveLength(4);
  expect(new Set(tops).size).toBe(1);
  const overview = page.getByTestId('panel-payment-overview');
  await expect(overview.locator('[data-chart="bar"]')).toBeVisible();
  // month buckets read "Nov 2026", never an ISO date
  await expect(overview.getByText(/^[A-Z][a-z]{2} \d{4}$/).first()).toBeVisible();
  await expect(overview.getByText(/^\d{4}-\d{2}-\d{2}$/)).toHaveCount(0);
  await expect(page.getByTestId('recent-transactions')).toBeVisible();
  await shot(page, 'dashboard-working');

  await page.setViewportSize(PHONE);
  await expect(row.getByTestId('kpi-cash')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'dashboard-working-phone');
});
