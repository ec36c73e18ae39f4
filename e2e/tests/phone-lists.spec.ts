// Issue 37 on a phone (390×844), as the demo owner: Transactions, Payouts and Invoices show each row
// as a card whose amount and status stay on screen (a table's columns used to scroll off to the
// right), and a card opens its item. Screens land in e2e/artifacts/screens/phone-*.png.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ownerHeaders } from './demo-state';
import { shot, signedIn } from './ui-support';

/** The list's first card is fully inside the phone's width, amount and status included. */
async function firstCardFits(page: Page, label: string) {
  const list = page.getByRole('list', { name: label });
  await expect(list).toBeVisible();
  const card = list.getByRole('listitem').first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(card.getByText(/₦[\d,]+\.\d\d/).first()).toBeInViewport();
  return card;
}

test('on a phone, lists are cards that keep amount and status in view, and open the item', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/transactions');
  const tx = await firstCardFits(page, 'Transactions');
  await shot(page, 'phone-01-transactions');
  await tx.getByRole('button').click();
  await expect(page).toHaveURL(/\/transaction\/[^/]+$/);

  // A payout to list (the demo company starts with none): a bank transfer through the API.
  const headers = await ownerHeaders(page.request);
  const wallets = (await (await page.request.get('/api/wallet', { headers })).json()).data as {
    id: string;
    currency: string;
  }[];
  const ngn = wallets.find((w) => w.currency === 'NGN')!;
  const sent = await page.request.post('/api/transfers', {
    headers: { ...headers, 'idempotency-key': `phone-${Date.now()}` },
    data: {
      walletId: ngn.id,
      amount: '1500',
      bankCode: '058',
      accountNumber: '0123456785',
      narration: 'Phone list',
    },
  });
  expect([201, 202], await sent.text()).toContain(sent.status());

  await page.goto('/payouts');
  const payout = await firstCardFits(page, 'Payouts');
  await shot(page, 'phone-02-payouts');
  await payout.getByRole('button').click();
  await expect(page).toHaveURL(/\/payouts\/[^/]+$/);

  // An invoice to list: a customer and the three wizard steps through the API (sent for approval).
  const customer = await page.request.post('/api/inflows/customers', {
    headers,
    data: { name: 'Phone Stores', email: `phone.${Date.now()}@stores.ng` },
  });
  expect(customer.ok(), await customer.text()).toBe(true);
  const customerId = ((await customer.json()) as { data: { id: string } }).data.id;
  const step = async (n: number, payload: Record<string, unknown>) => {
    const res = await page.request.post('/api/inflows/invoice', { headers, data: { step: n, payload } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const invoiceId = await step(1, { customerId, products: [{ name: 'Rice', price: '2500', quantity: 2 }] });
  const today = new Date().toISOString().slice(0, 10);
  await step(2, { invoiceId, paymentOption: 'one-time', terms: [{ name: 'Full', dueDate: today }] });
  await step(3, { invoiceId });

  await page.goto('/inflows');
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await firstCardFits(page, 'Invoices');
  await shot(page, 'phone-03-invoices');
});
