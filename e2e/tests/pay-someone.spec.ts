// Pay someone, clicked the way users would (issue 23 §3; 000 §4.3, 001 §4): Make Payment →
// Manual Payment, then a naira payment to a new recipient (NUBAN resolved, wire purpose optional)
// and a USD wire to a new recipient (foreign bank details, wire purpose required), whose balance is
// short: step 9 sends the user to Add Funds (a sandbox deposit) and back, step 10 confirms, success.
// Screens land in e2e/artifacts/screens/.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setDemoApPolicy } from './demo-state';
import { choose, nuban, shot, signedIn } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const serial = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

/** The demo NGN wallet's available balance, in kobo. */
async function ngnBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/wallet');
  const wallets = ((await res.json()) as { data: { currency: string; balanceMinor: number }[] }).data;
  return wallets.find((w) => w.currency === 'NGN')!.balanceMinor;
}

test('pay-someone: NGN and USD to new recipients, wire purpose, short balance → add funds → confirm → success', async ({
  browser,
  request,
}) => {
  // Payments go to approval (no auto-approval) so the balance is never spent by this journey.
  await setDemoApPolicy(request, { autoApproveBelow: '0' });
  const page = await signedIn(browser);

  await test.step('NGN: Make Payment → Manual Payment, amount, a new recipient (name resolved)', async () => {
    await page.goto('/pay-someone');
    await expect(page.getByRole('heading', { name: 'How much are you sending?' })).toBeVisible();
    await page.getByLabel('Recipient gets (₦)').fill('5000');
    await shot(page, 'pay-someone-01-amount-ngn');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Who are you paying?' })).toBeVisible();
    await page.getByLabel('Recipient name').fill(`Ada Cleaning ${run}`);
    await choose(page, 'Bank', 'Guaranty Trust Bank');
    await page.getByLabel('Account number').fill(nuban(serial()));
    await expect(page.getByTestId('resolved-name')).toBeVisible();
    await shot(page, 'pay-someone-02-recipient-ngn');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('NGN: wire purpose is optional; scheduling; review; confirm; success', async () => {
    await expect(page.getByRole('heading', { name: 'What is this payment for?' })).toBeVisible();
    await expect(page.getByText('Optional for naira payments')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'When should it be paid?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Review the payment' })).toBeVisible();
    await shot(page, 'pay-someone-03-review-ngn');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm transfer' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm transfer' }).click();
    await expect(page.getByTestId('pay-someone-success')).toContainText('₦5,000.00');
    await shot(page, 'pay-someone-04-success-ngn');
    await page.getByRole('button', { name: 'Pay someone else' }).click();
  });

  const balance = await ngnBalance(page);
  // A USD amount the NGN wallet cannot cover (₦1,550 per $ in the sandbox), within our $10,000 limit.
  const usd = Math.min(9_900, Math.ceil(balance / 100 / 1550) + 500);
  expect(usd * 1550 * 100).toBeGreaterThan(balance);

  await test.step('USD: above our limit is refused, then a USD amount, a new foreign recipient', async () => {
    await expect(page.getByRole('heading', { name: 'How much are you sending?' })).toBeVisible();
    await page.getByText('USD · wire').click();
    await page.getByLabel('Recipient gets ($)').fill('10000.01');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('pay-someone').getByText('our limit of $10,000.00')).toBeVisible();
    await shot(page, 'pay-someone-05-usd-limit');
    await page.getByLabel('Recipient gets ($)').fill(String(usd));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Who are you paying?' })).toBeVisible();
    await page.getByLabel('Recipient name').fill(`Acme Components ${run}`);
    await page.getByLabel('Account holder name').fill('Acme Components LLC');
    await page.getByLabel('Account number or IBAN').fill(`0001${serial()}`);
    await page.getByLabel('SWIFT / BIC').fill('CHASUS33');
    await page.getByLabel('Routing number (ABA, optional)').fill('021000021');
    await page.getByLabel('Bank name').fill('JPMorgan Chase Bank');
    await page.getByLabel('Recipient address').fill('270 Park Avenue, New York, NY 10017');
    await shot(page, 'pay-someone-06-recipient-usd');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('USD: the wire purpose is required', async () => {
    await expect(page.getByRole('heading', { name: 'What is this payment for?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please select the purpose of this payment')).toBeVisible();
    await choose(page, 'Purpose', 'Payment for goods');
    await page.getByLabel('Narration').fill(`Invoice ${run}, soldering stations`);
    await shot(page, 'pay-someone-07-wire-purpose');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click(); // scheduling: as soon as approved
    await expect(page.getByRole('heading', { name: 'Review the payment' })).toBeVisible();
    await expect(page.getByText('Payment for goods')).toBeVisible();
    await shot(page, 'pay-someone-08-review-usd');
    await page.getByRole('button', { name: 'Continue' }).click();
  });

  await test.step('step 9: short balance → Add funds (sandbox deposit) → back → step 10 → success', async () => {
    await expect(page.getByTestId('short-balance')).toBeVisible();
    await shot(page, 'pay-someone-09-short-balance');
    await page.getByRole('link', { name: 'Add funds' }).click();
    await expect(page.getByRole('heading', { name: 'Add Funds' })).toBeVisible();
    const sandbox = page.getByTestId('sandbox-deposit');
    await sandbox.getByLabel('Amount (₦)').fill(String(Math.ceil((usd * 1550 * 1.1) / 1000) * 1000));
    await shot(page, 'pay-someone-10-add-funds');
    await sandbox.getByLabel('Sender name').fill('ADAEZE OKAFOR');
    await sandbox.getByRole('button', { name: 'Send test transfer' }).click();
    // The deposit lands, the user is back at step 9, the balance is checked again, and step 10 follows.
    await expect(page.getByRole('heading', { name: 'Confirm transfer' })).toBeVisible();
    await shot(page, 'pay-someone-11-confirm');
    await page.getByRole('button', { name: 'Confirm transfer' }).click();
    await expect(page.getByTestId('pay-someone-success')).toContainText(`$${usd.toLocaleString('en-US')}.00`);
    await shot(page, 'pay-someone-12-success-usd');
  });

  await test.step('the payment is a payout waiting for approval, with its wire purpose', async () => {
    await page.getByRole('link', { name: 'View payment' }).click();
    await expect(page.getByText(`Acme Components ${run}`).first()).toBeVisible();
    await shot(page, 'pay-someone-13-payout');
  });
});
