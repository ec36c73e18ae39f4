// Payment invitations (issue 23 §0), clicked the way users would: the demo owner invites a payer
// from the inflows area, the payer opens the mailed link in a fresh browser (no sign-in), picks bank
// transfer, reads the account and confirms; the sandbox bank pays that amount into the account and
// the invitation shows Paid. Screens land in e2e/artifacts/screens/payment-invitations-*.png.
import { expect, test } from './fixtures';
import { reloadUntil, shotsFor, skipTourWhenItOpens } from './ui-support';

const shot = shotsFor('payment-invitations-');

test('invite a payer → the payer confirms on the public pages → sandbox deposit → paid', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const payerEmail = `payer.${run}@kanostores.ng`;
  // A distinctive amount, so nothing else in the demo account matches it.
  const naira = 1000 + Math.floor(Math.random() * 9000);
  const amount = `${naira}.37`;
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await skipTourWhenItOpens(page);
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
  });
  expect(login.ok()).toBe(true);
  const csrf = async () => (await ctx.cookies()).find((c) => c.name === 'owo_csrf')?.value ?? '';

  await test.step('the owner sends a payment invitation from the inflows area', async () => {
    await page.goto('/inflows');
    await page.getByRole('button', { name: 'Payment invitations' }).click();
    await expect(page).toHaveURL(/\/inflows\/payment-invitations$/);
    await page.getByRole('button', { name: 'New payment invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New payment invitation' });
    await dialog.getByLabel('Payer name').fill(`Kano Stores ${run}`);
    await dialog.getByLabel('Payer email').fill(payerEmail);
    await dialog.getByLabel('Amount').fill(amount);
    await shot(page, '01-create');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('payment-invitation-row').filter({ hasText: payerEmail });
    await expect(row.getByText('Pending')).toBeVisible();
    await shot(page, '02-list');
  });

  let link = '';
  await test.step('the mail carries the payment link', async () => {
    await page.goto('/dev/mailbox');
    await page.getByLabel('Recipient email').fill(payerEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('mailbox-item').first().click();
    link = (await page.getByTestId('mail-link-0').getAttribute('href')) ?? '';
    expect(link).toMatch(/\/payment-invitation\/[0-9a-f]{32}$/);
  });

  let accountNumber = '';
  let paymentReference = '';
  await test.step('the payer confirms without signing in', async () => {
    const visitor = await browser.newContext();
    const pay = await visitor.newPage();
    await pay.goto(new URL(link).pathname);
    await expect(pay.getByRole('heading', { name: /requests a payment$/ })).toBeVisible();
    await expect(pay.getByTestId('invitation-amount')).toHaveText(
      new RegExp(`${naira.toLocaleString('en-NG')}\\.37`),
    );
    await shot(pay, '03-amount');
    await pay.getByRole('button', { name: 'Continue' }).click();
    await expect(pay).toHaveURL(/\/methods$/);
    await expect(pay.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
    await expect(pay.getByRole('radio', { name: /USD account details/ })).toBeDisabled();
    await shot(pay, '04-methods');
    await pay.getByRole('button', { name: 'Continue' }).click();
    await expect(pay).toHaveURL(/\/transfer-info$/);
    const info = (await pay.getByTestId('transfer-info').textContent()) ?? '';
    accountNumber = /\d{10}/.exec(info)?.[0] ?? '';
    expect(accountNumber).toMatch(/^\d{10}$/);
    // The deposit is matched by this reference in its narration, never by the amount alone.
    paymentReference = /PAY[0-9A-Z]{10}/.exec(info)?.[0] ?? '';
    expect(paymentReference).toMatch(/^PAY[0-9A-Z]{10}$/);
    await shot(pay, '05-transfer-info');
    await pay.getByRole('button', { name: 'Continue' }).click();
    await expect(pay).toHaveURL(/\/review$/);
    await shot(pay, '06-review');
    await pay.getByRole('button', { name: 'I have sent the money' }).click();
    await expect(pay.getByTestId('payment-invitation-success')).toBeVisible();
    await shot(pay, '07-success');
    // The link is single use: reopening it says it was confirmed.
    await pay.goto(new URL(link).pathname);
    await expect(pay.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
    await visitor.close();
  });

  await test.step('the sandbox bank pays; the invitation shows Paid', async () => {
    await page.goto('/inflows/payment-invitations');
    const row = page.getByTestId('payment-invitation-row').filter({ hasText: payerEmail });
    await expect(row.getByText('Payer confirmed')).toBeVisible();
    const dep = await page.request.post('/api/sandbox/deposits', {
      headers: { 'x-csrf-token': await csrf() },
      data: {
        accountNumber,
        amount,
        senderName: 'KANO STORES',
        narration: `NIP/KANO STORES/${paymentReference}`,
      },
    });
    expect(dep.ok()).toBe(true);
    await reloadUntil(page, row, row.getByText('Paid'));
    await shot(page, '08-paid');
  });
});
