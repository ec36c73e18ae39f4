import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { notifications } from '../notifications/tables';
import { transactions, wallets } from './tables';
import { transactionDto } from './dto';
import { fundWallet, TEST_BENEFICIARY } from './test-utils';
import { webhookDeliveries, webhookEndpoints } from '../developers/tables';
import { settleTransfer, settleTransfers } from './settle-transfer';
import { markProcessing, startTransfer, startTransfers } from './start-transfer';
import { verifyLedger } from './verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function fundedOwner(amount: number) {
  const o = await ownerWithAccount(t);
  const wallet = (await o.api.get('/api/wallet')).body.data[0];
  await fundWallet(t.app.deps, wallet.id, amount);
  return { ...o, walletId: wallet.id as string };
}
/**
 * The statements that move money or open a transaction (the one-by-one path would do both) sent
 * while `fn` runs, counted on pg's Client.query over every pooled connection. Other work of this
 * process (a webhook delivery, a notification) may query meanwhile and is not counted.
 */
async function moneyStatementsDuring<T>(fn: () => Promise<T>): Promise<{ sent: number; result: T }> {
  const pg = (await import('pg')).default;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, below
  const original = pg.Client.prototype.query;
  const moving = /^\s*begin|update\s+(wallets|transactions)\b|insert\s+into\s+(journal_entries|postings)\b/i;
  let sent = 0;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string } | undefined;
    if (moving.test(typeof q === 'string' ? q : (q?.text ?? ''))) sent++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const result = await fn();
    return { sent, result };
  } finally {
    pg.Client.prototype.query = original;
  }
}

const balanceOf = async (walletId: string) =>
  (await t.db.select().from(wallets).where(eq(wallets.id, walletId)))[0];

// POST /api/transfers is a payout to approval (payouts/bank-transfer.test.ts); these drive the money
// core's start directly: the hold, the overdraft guard, the tenant's wallet, the unique reference.
describe('startTransfer', () => {
  const start = (o: Awaited<ReturnType<typeof fundedOwner>>, amount: number, fee: number, over = {}) =>
    startTransfer(t.db, {
      accountId: o.account.id,
      walletId: o.walletId,
      amount,
      fee,
      ...TEST_BENEFICIARY,
      bankName: 'Guaranty Trust Bank',
      accountName: 'ADA OBI',
      narration: 'Invoice 12',
      initiatedBy: o.user.id,
      provider: 'sandbox',
      ...over,
    });

  it('holds amount + fee at once and records a pending payout', async () => {
    const o = await fundedOwner(1_000_000);
    const tr = await start(o, 250_050, 1_000);
    expect(transactionDto(tr)).toMatchObject({
      type: 'payout',
      status: 'pending',
      amount: '2500.50',
      amountMinor: 250_050,
      feeMinor: 1_000,
      counterparty: { bankCode: '058', accountNumber: '0123456785', accountName: 'ADA OBI' },
    });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, tr.id));
    expect(row).toMatchObject({ type: 'payout', status: 'pending', amount: 250_050, fee: 1_000 });
    const w = await balanceOf(o.walletId);
    expect(w.balance).toBe(1_000_000 - 250_050 - 1_000);
    expect(w.pendingBalance).toBe(250_050 + 1_000);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses more than the balance (amount + fee) with 422 insufficient-funds and writes nothing', async () => {
    const o = await fundedOwner(50_000);
    await expect(start(o, 50_000, 1)).rejects.toMatchObject({
      statusCode: 422,
      status: 'insufficient-funds',
      message: 'Insufficient wallet balance',
    });
    expect(await balanceOf(o.walletId)).toMatchObject({ balance: 50_000, pendingBalance: 0 });
    const rows = await t.db.select().from(transactions).where(eq(transactions.walletId, o.walletId));
    expect(rows.map((r) => r.type)).toEqual(['deposit']);
    // Exactly the balance passes.
    await start(o, 49_000, 1_000);
    expect(await balanceOf(o.walletId)).toMatchObject({ balance: 0, pendingBalance: 50_000 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it("answers 404 for another company's wallet and moves nothing", async () => {
    const a = await fundedOwner(100_000);
    const b = await fundedOwner(100_000);
    await expect(start({ ...a, walletId: b.walletId }, 1_000, 0)).rejects.toMatchObject({ statusCode: 404 });
    expect(await balanceOf(b.walletId)).toMatchObject({ balance: 100_000, pendingBalance: 0 });
  });

  it('a reference moves money once: the same reference again is 409 and moves nothing', async () => {
    const o = await fundedOwner(100_000);
    const reference = `trf_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await start(o, 1_000, 10, { reference });
    await expect(start(o, 1_000, 10, { reference })).rejects.toMatchObject({ statusCode: 409 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => start(o, 1_000, 10, { reference: `${reference}x` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(o.walletId)).toMatchObject({ balance: 100_000 - 2 * 1_010 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('settleTransfer', () => {
  const notesFor = (transactionId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.props}->>'transactionId' = ${transactionId}`);

  async function started(amount = 10_000, fee = 50) {
    const o = await fundedOwner(100_000);
    const tr = await startTransfer(t.db, {
      accountId: o.account.id,
      walletId: o.walletId,
      amount,
      fee,
      ...TEST_BENEFICIARY,
      accountName: 'ADA OBI',
      initiatedBy: o.user.id,
      provider: 'sandbox',
    });
    return { ...o, tr };
  }

  it('success moves the hold to clearing and fees; duplicates and a late failure change nothing', async () => {
    const { walletId, tr } = await started();
    expect((await markProcessing(t.db, tr.reference, 'PSK_1')).changed).toBe(true);
    const s1 = await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' });
    expect(s1.changed).toBe(true);
    expect(s1.transaction.status).toBe('success');
    expect((await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' })).changed).toBe(
      false,
    );
    expect((await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'failed' })).changed).toBe(
      false,
    );
    expect((await markProcessing(t.db, tr.reference, 'PSK_2')).changed).toBe(false);
    const w = await balanceOf(walletId);
    expect([w.balance, w.pendingBalance]).toEqual([100_000 - 10_050, 0]);
    const told = await notesFor(tr.id);
    expect(told.map((n) => [n.topic, n.value])).toEqual([
      ['Transfer Successful', 'Transfer of ₦100.00 to ADA OBI was paid.'],
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('failure releases amount and fee back to the wallet', async () => {
    const { walletId, tr } = await started();
    const s = await settleTransfer(t.app.deps, {
      reference: tr.reference,
      outcome: 'failed',
      reason: 'Beneficiary bank declined',
    });
    expect(s.transaction).toMatchObject({ status: 'failed', failureReason: 'Beneficiary bank declined' });
    expect((await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' })).changed).toBe(
      false,
    );
    expect((await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'failed' })).changed).toBe(
      false,
    );
    const told = await notesFor(tr.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ topic: 'Transfer Failed', props: { transactionId: tr.id } });
    expect(told[0].value).toBe(
      'Transfer of ₦100.00 to ADA OBI failed: Beneficiary bank declined. The money is back in your wallet.',
    );
    const w = await balanceOf(walletId);
    expect([w.balance, w.pendingBalance]).toEqual([100_000, 0]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('reversal after success returns the money as a linked payout_fund_reversal; only once', async () => {
    const { walletId, tr } = await started();
    await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' });
    const r = await settleTransfer(t.app.deps, {
      reference: tr.reference,
      outcome: 'reversed',
      reason: 'Returned by bank',
    });
    expect(r.changed).toBe(true);
    expect(r.transaction.status).toBe('reversed');
    expect((await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'reversed' })).changed).toBe(
      false,
    );
    expect((await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' })).changed).toBe(
      false,
    );
    const rows = await t.db.select().from(transactions).where(eq(transactions.relatedTransactionId, tr.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'payout_fund_reversal', status: 'success', amount: 10_050 });
    expect((await balanceOf(walletId)).balance).toBe(100_000);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('concurrent identical webhooks settle once', async () => {
    const { walletId, tr } = await started();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        settleTransfer(t.app.deps, { reference: tr.reference, outcome: i % 2 ? 'failed' : 'success' }),
      ),
    );
    expect(results.filter((x) => x.changed)).toHaveLength(1);
    expect(await notesFor(tr.id)).toHaveLength(1);
    const w = await balanceOf(walletId);
    expect(w.pendingBalance).toBe(0);
    expect([100_000, 100_000 - 10_050]).toContain(w.balance);
    const [{ n }] = (
      await t.db.execute(sql`select count(*)::int as n from journal_entries where transaction_id = ${tr.id}`)
    ).rows as { n: number }[];
    expect(n).toBe(2);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('the in-flight case is one round trip; a rail without a clearing account yet still settles', async () => {
    const { walletId, tr } = await started();
    const { sent, result: s } = await moneyStatementsDuring(() =>
      settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' }),
    );
    expect(s.changed).toBe(true);
    expect(sent).toBe(1);
    expect((await balanceOf(walletId)).pendingBalance).toBe(0);

    // A rail never used before: its clearing account is created by the transactional path.
    const rail = `rail${randomUUID().slice(0, 8)}`;
    const o = await fundedOwner(50_000);
    const tr2 = await startTransfer(t.db, {
      accountId: o.account.id,
      walletId: o.walletId,
      amount: 20_000,
      fee: 0,
      ...TEST_BENEFICIARY,
      accountName: 'ADA OBI',
      initiatedBy: o.user.id,
      provider: rail,
    });
    const s2 = await settleTransfer(t.app.deps, { reference: tr2.reference, outcome: 'success' });
    expect(s2).toMatchObject({ changed: true, transaction: { status: 'success' } });
    const cleared = await t.db.execute(
      sql`select count(*)::int as n from ledger_accounts where code = ${`clearing:${rail}`}`,
    );
    expect(cleared.rows[0]).toEqual({ n: 1 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a reversal while in flight releases the hold, as a failure, and tells the owner', async () => {
    const { walletId, tr } = await started(25_000, 0);
    const r = await settleTransfer(t.app.deps, {
      reference: tr.reference,
      outcome: 'reversed',
      reason: 'Recalled.',
    });
    expect(r).toMatchObject({
      changed: true,
      transaction: { status: 'reversed', failureReason: 'Recalled.' },
    });
    const w = await balanceOf(walletId);
    expect([w.balance, w.pendingBalance]).toEqual([100_000, 0]);
    expect((await notesFor(tr.id)).map((n) => [n.topic, n.value])).toEqual([
      [
        'Transfer Reversed',
        'Transfer of ₦250.00 to ADA OBI was reversed: Recalled. The money is back in your wallet.',
      ],
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('startTransfers (bulk runs)', () => {
  const items = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      amount: 1_000 + i,
      fee: 10,
      ...TEST_BENEFICIARY,
      accountName: `ROW ${i + 1}`,
      reference: `${prefix}-${i + 1}`,
    }));
  const ref = () => `bulk${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  it('holds every transfer in order, one hold entry each, the wallet moved by the total, the ledger balanced', async () => {
    const o = await fundedOwner(10_000_000);
    const prefix = ref();
    const n = 2_345; // more than one statement's chunk
    const rows = await startTransfers(t.db, {
      accountId: o.account.id,
      walletId: o.walletId,
      initiatedBy: o.user.id,
      sourceType: 'disbursement',
      sourceId: 'bench',
      provider: 'sandbox',
      items: items(n, prefix),
    });
    expect(rows.map((r) => r.reference)).toEqual(items(n, prefix).map((i) => i.reference));
    expect(rows.every((r) => r.status === 'pending' && r.type === 'payout' && r.fee === 10)).toBe(true);
    expect(rows[5]).toMatchObject({ amount: 1_005, counterparty: { accountName: 'ROW 6' } });
    const total = items(n, prefix).reduce((a, i) => a + i.amount + i.fee, 0);
    const w = await balanceOf(o.walletId);
    expect(w.balance).toBe(10_000_000 - total);
    expect(w.pendingBalance).toBe(total);
    const holds = await t.db.execute(sql`select count(*)::int as n from journal_entries e
      join transactions x on x.id = e.transaction_id where x.reference like ${`${prefix}-%`} and e.kind = 'payout.hold'`);
    expect((holds.rows[0] as { n: number }).n).toBe(n);
    // each settles like a single start
    await settleTransfer(t.app.deps, { reference: rows[0].reference, outcome: 'success' });
    await settleTransfer(t.app.deps, { reference: rows[1].reference, outcome: 'failed', reason: 'Declined' });
    expect((await balanceOf(o.walletId)).pendingBalance).toBe(total - 1_010 - 1_011);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('all or nothing: a total over the balance is 422 and a reused reference 409, and nothing is written', async () => {
    const o = await fundedOwner(100_000);
    const prefix = ref();
    const start = (its: ReturnType<typeof items>) =>
      t.db.transaction((tx) =>
        startTransfers(tx, {
          accountId: o.account.id,
          walletId: o.walletId,
          initiatedBy: o.user.id,
          items: its,
        }),
      );
    await expect(start(items(200, prefix))).rejects.toMatchObject({ statusCode: 422 });
    await start(items(1, prefix));
    await expect(start(items(3, prefix))).rejects.toMatchObject({ statusCode: 409 });
    const mine = await t.db.execute(
      sql`select count(*)::int as n from transactions where reference like ${`${prefix}-%`}`,
    );
    expect((mine.rows[0] as { n: number }).n).toBe(1);
    expect((await balanceOf(o.walletId)).balance).toBe(100_000 - 1_010);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('settleTransfers (a batch of outcomes)', () => {
  const notesOf = (accountId: string) =>
    t.db.select().from(notifications).where(eq(notifications.accountId, accountId));
  const entriesOf = async (id: string) =>
    (
      (await t.db.execute(sql`select count(*)::int as n from journal_entries where transaction_id = ${id}`))
        .rows as { n: number }[]
    )[0].n;
  async function company(n: number, amount = 10_000, fee = 50) {
    const o = await fundedOwner(1_000_000);
    const trs = [];
    for (let i = 0; i < n; i++)
      trs.push(
        await startTransfer(t.db, {
          accountId: o.account.id,
          walletId: o.walletId,
          amount: amount + i,
          fee,
          ...TEST_BENEFICIARY,
          accountName: 'ADA OBI',
          initiatedBy: o.user.id,
          provider: 'sandbox',
        }),
      );
    return { ...o, trs };
  }

  it('settles many in one statement per outcome, each wallet exact, each company told of its own only', async () => {
    const a = await company(4);
    const b = await company(2, 30_000, 0);
    // Company A listens for transaction events (the `settleSql` outbox statement must still run).
    await t.db.insert(webhookEndpoints).values({
      accountId: a.account.id,
      url: 'https://example.com/hook',
      events: ['transaction'],
      secret: 'whsec_test',
    });
    await markProcessing(t.db, a.trs[0].reference, 'PSK_A0');
    // The system ledger accounts exist once a transfer settled (else the batch goes one by one).
    const warm = await company(1, 1_000, 10);
    await settleTransfer(t.app.deps, { reference: warm.trs[0].reference, outcome: 'success' });
    const { sent, result: res } = await moneyStatementsDuring(() =>
      settleTransfers(t.app.deps, [
        { reference: a.trs[0].reference, outcome: 'success', providerRef: 'PSK_A0_FINAL' },
        { reference: b.trs[0].reference, outcome: 'success' },
        { reference: a.trs[1].reference, outcome: 'failed', reason: 'Beneficiary bank declined' },
        { reference: a.trs[2].reference, outcome: 'success' },
        { reference: a.trs[3].reference, outcome: 'reversed', reason: 'Recalled.' },
        { reference: b.trs[1].reference, outcome: 'failed' },
      ]),
    );
    // success, failed and reversed: one statement each, whatever the number of transfers.
    expect(sent).toBe(3);
    expect(res.map((r) => [r?.changed, r?.transaction.status])).toEqual([
      [true, 'success'],
      [true, 'success'],
      [true, 'failed'],
      [true, 'success'],
      [true, 'reversed'],
      [true, 'failed'],
    ]);
    // The same reference twice in one list: the second outcome changes nothing.
    const twice = await company(1);
    const dup = await settleTransfers(t.app.deps, [
      { reference: twice.trs[0].reference, outcome: 'failed' },
      { reference: twice.trs[0].reference, outcome: 'success' },
    ]);
    expect(dup.map((r) => [r?.changed, r?.transaction.status])).toEqual([
      [true, 'failed'],
      [false, 'failed'],
    ]);
    expect(await balanceOf(twice.walletId)).toMatchObject({ balance: 1_000_000, pendingBalance: 0 });
    expect(res[0]!.transaction.providerRef).toBe('PSK_A0_FINAL');
    expect(res[2]!.transaction.failureReason).toBe('Beneficiary bank declined');

    const wa = await balanceOf(a.walletId);
    const wb = await balanceOf(b.walletId);
    // A: 0 and 2 paid (10,000 + 50, 10,002 + 50); 1 and 3 back. B: 0 paid (30,000), 1 back.
    expect([wa.balance, wa.pendingBalance]).toEqual([1_000_000 - 10_050 - 10_052, 0]);
    expect([wb.balance, wb.pendingBalance]).toEqual([1_000_000 - 30_000, 0]);
    for (const tr of [...a.trs, ...b.trs]) expect(await entriesOf(tr.id)).toBe(2);

    const na = await notesOf(a.account.id);
    const nb = await notesOf(b.account.id);
    const aIds = new Set(a.trs.map((x) => x.id));
    const bIds = new Set(b.trs.map((x) => x.id));
    const settledNotes = (ns: typeof na, ids: Set<string>) =>
      ns
        .filter((n) => ids.has((n.props as { transactionId?: string }).transactionId ?? ''))
        .map((n) => [(n.props as { transactionId: string }).transactionId, n.topic, n.value]);
    expect(settledNotes(na, bIds)).toEqual([]);
    expect(settledNotes(nb, aIds)).toEqual([]);
    expect(settledNotes(na, aIds).sort()).toEqual(
      [
        [a.trs[0].id, 'Transfer Successful', 'Transfer of ₦100.00 to ADA OBI was paid.'],
        [
          a.trs[1].id,
          'Transfer Failed',
          'Transfer of ₦100.01 to ADA OBI failed: Beneficiary bank declined. The money is back in your wallet.',
        ],
        [a.trs[2].id, 'Transfer Successful', 'Transfer of ₦100.02 to ADA OBI was paid.'],
        [
          a.trs[3].id,
          'Transfer Reversed',
          'Transfer of ₦100.03 to ADA OBI was reversed: Recalled. The money is back in your wallet.',
        ],
      ].sort(),
    );
    expect(settledNotes(nb, bIds)).toHaveLength(2);
    // The `settleSql` statements ran: A's endpoint has each settled transfer's event, B has none.
    const hooks = await t.db
      .select({ eventId: webhookDeliveries.eventId, accountId: webhookDeliveries.accountId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'transaction'));
    const aHooks = hooks.filter((h) => h.accountId === a.account.id).map((h) => h.eventId);
    expect(aHooks.sort()).toEqual(
      [
        `${a.trs[0].id}:success`,
        `${a.trs[1].id}:failed`,
        `${a.trs[2].id}:success`,
        `${a.trs[3].id}:reversed`,
      ].sort(),
    );
    expect(hooks.filter((h) => h.accountId === b.account.id)).toEqual([]);

    // Redelivered as a batch: nothing changes; an unknown reference answers null.
    const again = await settleTransfers(t.app.deps, [
      { reference: a.trs[0].reference, outcome: 'success' },
      { reference: b.trs[1].reference, outcome: 'failed' },
      { reference: 'no-such-transfer-ref', outcome: 'success' },
    ]);
    expect(again.map((r) => r?.changed ?? null)).toEqual([false, false, null]);
    expect(await balanceOf(a.walletId)).toMatchObject({ balance: wa.balance, pendingBalance: 0 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('concurrent overlapping batches settle each transfer once', async () => {
    const a = await company(6);
    const refs = a.trs.map((x) => x.reference);
    const results = await Promise.all([
      settleTransfers(
        t.app.deps,
        refs.map((reference) => ({ reference, outcome: 'success' as const })),
      ),
      settleTransfers(
        t.app.deps,
        [...refs].reverse().map((reference) => ({ reference, outcome: 'failed' as const })),
      ),
      ...refs.map((reference) => settleTransfer(t.app.deps, { reference, outcome: 'success' })),
    ]);
    const changed = [
      ...results[0].map((r, i) => [refs[i], r!.changed] as const),
      ...results[1].map((r, i) => [refs[refs.length - 1 - i], r!.changed] as const),
      ...(results.slice(2) as { changed: boolean }[]).map((r, i) => [refs[i], r.changed] as const),
    ];
    for (const ref of refs) expect(changed.filter(([r, c]) => r === ref && c)).toHaveLength(1);
    for (const tr of a.trs) expect(await entriesOf(tr.id)).toBe(2);
    expect((await balanceOf(a.walletId)).pendingBalance).toBe(0);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a rail without a clearing account yet still settles (one by one)', async () => {
    const o = await fundedOwner(50_000);
    const rail = `rail${randomUUID().slice(0, 8)}`;
    const tr = await startTransfer(t.db, {
      accountId: o.account.id,
      walletId: o.walletId,
      amount: 20_000,
      fee: 0,
      ...TEST_BENEFICIARY,
      accountName: 'ADA OBI',
      initiatedBy: o.user.id,
      provider: rail,
    });
    const [r] = await settleTransfers(t.app.deps, [{ reference: tr.reference, outcome: 'success' }]);
    expect(r).toMatchObject({ changed: true, transaction: { status: 'success' } });
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
