// A batch of transfer-outcome webhooks (what the rails webhook queue hands over): the provider is
// asked once for all of them (getTransfers) and every final outcome settled set-based
// (settleTransfers), with the same per-event results as one at a time, once per transfer, each
// company's money and notifications its own.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { sandboxTransfers } from '../../rails/sandbox/tables';
import { transactions, wallets } from '../money/tables';
import { fundWallet, TEST_BENEFICIARY } from '../money/test-utils';
import { startTransfer } from '../money/start-transfer';
import { verifyLedger } from '../money/verify';
import { notifications } from '../notifications/tables';
import { railsWebhookEvents } from './tables';
import { processWebhookEvents } from './webhooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function companyWithPayouts(n: number) {
  const o = await ownerWithAccount(t);
  const wallet = (await o.api.get('/api/wallet')).body.data[0];
  await fundWallet(t.app.deps, wallet.id, 1_000_000);
  const trs = [];
  for (let i = 0; i < n; i++)
    trs.push(
      await startTransfer(t.db, {
        accountId: o.account.id,
        walletId: wallet.id,
        amount: 10_000,
        fee: 0,
        ...TEST_BENEFICIARY,
        accountName: 'ADA OBI',
        initiatedBy: o.user.id,
        provider: 'sandbox',
      }),
    );
  return { ...o, walletId: wallet.id as string, trs };
}

/** The sandbox's own record of a transfer, in the given state. */
const atProvider = (reference: string, status: 'pending' | 'success' | 'failed', failureReason?: string) =>
  t.db.insert(sandboxTransfers).values({
    reference,
    providerRef: `TRF_${randomUUID().slice(0, 12)}`,
    amount: 10_000,
    currency: 'NGN',
    bankCode: TEST_BENEFICIARY.bankCode,
    accountNumber: TEST_BENEFICIARY.accountNumber,
    accountName: 'ADA OBI',
    status,
    failureReason: failureReason ?? null,
  });

/** A stored transfer webhook (as recordWebhookEvent keeps it); the body's status is never trusted. */
async function event(reference: string, ev: string) {
  const [row] = await t.db
    .insert(railsWebhookEvents)
    .values({
      provider: 'sandbox',
      eventId: `evt_${randomUUID()}`,
      event: ev,
      reference,
      payload: { event: ev, eventId: 'x', reference },
    })
    .returning({ id: railsWebhookEvents.id });
  return row.id;
}

describe('processWebhookEvents (a batch of transfer outcomes)', () => {
  it('settles every final outcome once and answers per event as one at a time would', async () => {
    const a = await companyWithPayouts(3);
    const b = await companyWithPayouts(1);
    await atProvider(a.trs[0].reference, 'success');
    await atProvider(a.trs[1].reference, 'failed', 'Account closed');
    await atProvider(a.trs[2].reference, 'pending');
    await atProvider(b.trs[0].reference, 'success');
    const ids = [
      await event(a.trs[0].reference, 'transfer.success'),
      await event(a.trs[1].reference, 'transfer.failed'),
      await event(a.trs[2].reference, 'transfer.success'), // the provider says it is still pending
      await event(b.trs[0].reference, 'transfer.success'),
      await event('trf-nobody-knows-this', 'transfer.success'),
      await event(a.trs[0].reference, 'transfer.success'), // the same outcome again
    ];
    await processWebhookEvents(t.app.deps, ids);
    const rows = await t.db.select().from(railsWebhookEvents).where(inArray(railsWebhookEvents.id, ids));
    const resultOf = (id: string) => rows.find((r) => r.id === id)!.result;
    expect(ids.map(resultOf)).toEqual([
      'settled:success',
      'settled:failed',
      'not-final',
      'settled:success',
      'unknown-to-provider',
      'unchanged:success',
    ]);
    expect(rows.every((r) => r.processedAt && !r.lastError)).toBe(true);

    const status = async (id: string) =>
      (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0];
    expect((await status(a.trs[0].id)).status).toBe('success');
    expect(await status(a.trs[1].id)).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    expect((await status(a.trs[2].id)).status).toBe('pending');
    const wallet = async (id: string) => (await t.db.select().from(wallets).where(eq(wallets.id, id)))[0];
    expect(await wallet(a.walletId)).toMatchObject({ balance: 1_000_000 - 20_000, pendingBalance: 10_000 });
    expect(await wallet(b.walletId)).toMatchObject({ balance: 1_000_000 - 10_000, pendingBalance: 0 });
    // Each company is told of its own transfers only.
    const told = async (accountId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.accountId, accountId)))
        .map((n) => (n.props as { transactionId?: string }).transactionId)
        .filter((x) => [...a.trs, ...b.trs].some((tr) => tr.id === x));
    expect((await told(a.account.id)).sort()).toEqual([a.trs[0].id, a.trs[1].id].sort());
    expect(await told(b.account.id)).toEqual([b.trs[0].id]);

    // Processed again (a redelivered batch): nothing is applied twice.
    await processWebhookEvents(t.app.deps, ids);
    expect(await wallet(a.walletId)).toMatchObject({ balance: 1_000_000 - 20_000, pendingBalance: 10_000 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
