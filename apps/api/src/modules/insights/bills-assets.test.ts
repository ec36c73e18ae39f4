import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { subsidiaries } from '../accounts/tables';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { seedBillAssetRows } from '../../../test/seeds/insights';

// The bills and assets panels of the dashboard (issue 27 §2), over rows written straight to the
// tables the panels read: bills (payout_quotes) with their payouts and payout transactions, and
// payout assets with their inventory. Another account's rows are seeded beside them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const uid = () => randomBytes(6).toString('hex');

type Ctx = { accountId: string; userId: string; walletId: string; payeeId: string };

async function tenant() {
  const o = await ownerWithAccount(t);
  const accountId = o.account.id;
  const wallet =
    (await getWalletByCurrency(t.db, accountId, 'NGN')) ??
    (await createWallet(t.db, { accountId, currency: 'NGN' }));
  const payee = await t.db.execute(sql`
    insert into payees (account_id, name, email, bank_code, bank_name, account_number, account_name, created_by)
    values (${accountId}, 'Acme Ltd', ${`acme-${uid()}@example.com`}, '058', 'GTBank', ${String(Date.now()).slice(-10)}, 'Acme Ltd', ${o.user.id})
    returning id`);
  const ctx: Ctx = {
    accountId,
    userId: o.user.id,
    walletId: wallet.id,
    payeeId: (payee.rows[0] as { id: string }).id,
  };
  return { o, ctx };
}

/** A payout with its transaction (when `tx` is given); answers the payout's id. */
async function payout(
  c: Ctx,
  p: {
    status: string;
    amount: number;
    option?: 'standard' | 'asset';
    assets?: string[];
    currency?: string;
    subsidiaryId?: string | null;
    tx?: 'success' | 'failed' | 'pending';
    ago?: string;
  },
) {
  const ago = sql.raw(`interval '${p.ago ?? '0 seconds'}'`);
  const currency = p.currency ?? 'NGN';
  const r = await t.db.execute(sql`
    insert into payouts (account_id, subsidiary_id, reference, payout_option, maker_user_id, payee_id, wallet_id,
      currency, amount_minor, fee_minor, narration, assets, status, created_at)
    values (${c.accountId}, ${p.subsidiaryId ?? null}, ${`PO-${uid()}`}, ${p.option ?? 'standard'}, ${c.userId},
      ${c.payeeId}, ${c.walletId}, ${currency}, ${p.amount}, 0, 'seed',
      ${JSON.stringify((p.assets ?? []).map((id) => ({ id, quantity: 1 })))}::jsonb, ${p.status}, now() - ${ago})
    returning id`);
  const id = (r.rows[0] as { id: string }).id;
  if (p.tx) {
    const tx = await t.db.execute(sql`
      insert into transactions (account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty,
        created_by, created_at, source_type, source_id)
      values (${c.accountId}, ${c.walletId}, 'payout', ${p.tx}, ${p.amount}, 0, ${currency}, ${`TX-${uid()}`},
        '{"accountName":"Acme Ltd"}'::jsonb, ${c.userId}, now() - ${ago}, 'payout', ${id})
      returning id`);
    await t.db.execute(
      sql`update payouts set transaction_id = ${(tx.rows[0] as { id: string }).id} where id = ${id}`,
    );
  }
  return id;
}

/** A bill; answers its reference. */
async function bill(
  c: Ctx,
  p: {
    status: string;
    amount?: number | null;
    due?: string;
    payoutId?: string;
    ago?: string;
  },
) {
  const ref = uid();
  const due = p.due ? sql.raw(`(now() at time zone 'Africa/Lagos')::date + ${p.due}`) : sql`null`;
  await t.db.execute(sql`
    insert into payout_quotes (account_id, reference, email, payee_id, status, amount_minor, invoice_number, due_date,
      payout_id, requested_by, created_at)
    values (${c.accountId}, ${ref}, 'vendor@example.com', ${c.payeeId}, ${p.status}, ${p.amount ?? null},
      ${`INV-${ref.slice(0, 4)}`}, ${due}, ${p.payoutId ?? null}, ${c.userId},
      now() - ${sql.raw(`interval '${p.ago ?? '0 seconds'}'`)})`);
  return ref;
}

async function asset(
  c: Ctx,
  type: string,
  active: boolean,
  inventory: [number, number][],
  ago = '0 seconds',
) {
  const r = await t.db.execute(sql`
    insert into payout_assets (account_id, type, brand, model_no, serial_no, location, active, created_at)
    values (${c.accountId}, ${type}, 'Brand', 'M1', ${`SN-${uid()}`}, 'Lagos', ${active}, now() - ${sql.raw(`interval '${ago}'`)})
    returning id`);
  const id = (r.rows[0] as { id: string }).id;
  for (const [price, quantity] of inventory) {
    const pr = await t.db.execute(sql`
      insert into products_and_services (account_id, name, amount_minor) values (${c.accountId}, ${`P-${uid()}`}, ${price})
      returning id`);
    await t.db.execute(sql`insert into payout_asset_inventory (asset_id, product_id, quantity)
      values (${id}, ${(pr.rows[0] as { id: string }).id}, ${quantity})`);
  }
  return id;
}

const byStatus = (rows: { status: string; count: number; amountMinor: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.status, [r.count, r.amountMinor]]));

async function csvOf(token: string, query: string) {
  const r = await fetch(`${t.baseUrl}/api/insights/dashboard?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: r.status, lines: (await r.text()).trim().split('\r\n') };
}

describe('insights: bills panels', () => {
  it('bills by status over the period and bills awaiting approval, by currency and subsidiary; another account’s bills do not count', async () => {
    const { o, ctx } = await tenant();
    const [s1, s2] = await t.db
      .insert(subsidiaries)
      .values([
        { accountId: ctx.accountId, name: 'Lagos' },
        { accountId: ctx.accountId, name: 'Abuja' },
      ])
      .returning();
    await bill(ctx, { status: 'requested' });
    await bill(ctx, { status: 'submitted', amount: 10_000, due: '5' });
    await bill(ctx, { status: 'draft', amount: 5_000 });
    const oldest = await bill(ctx, {
      status: 'sent',
      amount: 20_000,
      due: '3',
      payoutId: await payout(ctx, { status: 'pending', amount: 20_000, subsidiaryId: s1.id, ago: '3 days' }),
    });
    const newer = await bill(ctx, {
      status: 'sent',
      amount: 30_000,
      payoutId: await payout(ctx, { status: 'pending', amount: 30_000, subsidiaryId: s2.id, ago: '1 day' }),
    });
    await bill(ctx, {
      status: 'sent',
      amount: 40_000,
      payoutId: await payout(ctx, { status: 'scheduled', amount: 40_000 }),
    });
    // Paid wins over a passed due date.
    await bill(ctx, {
      status: 'sent',
      amount: 50_000,
      due: '-10',
      payoutId: await payout(ctx, { status: 'paying', amount: 50_000, tx: 'success' }),
    });
    await bill(ctx, { status: 'submitted', amount: 60_000, due: '-1' });
    await bill(ctx, {
      status: 'sent',
      amount: 70_000,
      payoutId: await payout(ctx, { status: 'rejected', amount: 70_000 }),
    });
    await bill(ctx, { status: 'cancelled', amount: 80_000 });
    await bill(ctx, {
      status: 'sent',
      amount: 90_000,
      payoutId: await payout(ctx, { status: 'paying', amount: 90_000, tx: 'pending' }),
    });
    // Outside the default monthly window (a year back).
    await bill(ctx, { status: 'submitted', amount: 1_000_000, ago: '400 days' });
    // A dollar payout waiting for approval.
    await bill(ctx, {
      status: 'sent',
      amount: 100_000,
      payoutId: await payout(ctx, { status: 'pending', amount: 100_000, currency: 'USD' }),
    });

    // Another account: its bills, pending and paid, count only for it.
    const other = await tenant();
    await bill(other.ctx, {
      status: 'sent',
      amount: 123_400,
      payoutId: await payout(other.ctx, { status: 'pending', amount: 123_400 }),
    });
    await bill(other.ctx, { status: 'submitted', amount: 5_600 });

    const d = await o.api.get('/api/insights/dashboard?period=month&currency=NGN');
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(byStatus(d.body.data.billsOverview)).toEqual({
      requested: [1, 0],
      received: [2, 15_000],
      awaitingApproval: [2, 50_000],
      processing: [1, 90_000],
      scheduled: [1, 40_000],
      paid: [1, 50_000],
      overdue: [1, 60_000],
      rejected: [1, 70_000],
      cancelled: [1, 80_000],
    });
    expect(d.body.data.billsOverview.map((b: any) => b.status)).toEqual([
      'requested',
      'received',
      'awaitingApproval',
      'processing',
      'scheduled',
      'paid',
      'overdue',
      'rejected',
      'cancelled',
    ]);
    expect(d.body.data.billsOverview[1]).toMatchObject({ amount: '150.00', amountMinor: 15_000 });
    const waiting = d.body.data.billsAwaitingApproval;
    expect(waiting).toMatchObject({ count: 2, totalMinor: 50_000, total: '500.00' });
    expect(waiting.oldest.map((b: any) => b.reference)).toEqual([oldest, newer]);
    expect(waiting.oldest[0]).toMatchObject({ vendor: 'Acme Ltd', amountMinor: 20_000, amount: '200.00' });
    expect(waiting.oldest[0].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A subsidiary: only bills whose payout is of it (an unsent bill has no subsidiary yet).
    const sub = await o.api.get(`/api/insights/dashboard?subsidiaryId=${s1.id}`);
    expect(byStatus(sub.body.data.billsOverview)).toEqual({
      requested: [0, 0],
      received: [0, 0],
      awaitingApproval: [1, 20_000],
      processing: [0, 0],
      scheduled: [0, 0],
      paid: [0, 0],
      overdue: [0, 0],
    });
    expect(sub.body.data.billsAwaitingApproval.oldest.map((b: any) => b.reference)).toEqual([oldest]);

    const usd = await o.api.get('/api/insights/dashboard?currency=USD');
    expect(byStatus(usd.body.data.billsOverview).awaitingApproval).toEqual([1, 100_000]);
    expect(usd.body.data.billsAwaitingApproval).toMatchObject({ count: 1, totalMinor: 100_000 });

    // A year's window by month still leaves out the 400-day-old bill; from/to bring it in.
    const from = new Date(Date.now() - 420 * 86_400_000).toISOString().slice(0, 10);
    const wide = await o.api.get(`/api/insights/dashboard?period=month&from=${from}`);
    expect(byStatus(wide.body.data.billsOverview).received).toEqual([3, 1_015_000]);

    const theirs = await other.o.api.get('/api/insights/dashboard');
    expect(byStatus(theirs.body.data.billsOverview)).toMatchObject({
      requested: [0, 0],
      received: [1, 5_600],
      awaitingApproval: [1, 123_400],
    });
    expect(theirs.body.data.billsAwaitingApproval.count).toBe(1);

    const csv = await csvOf(o.token, 'format=csv&panel=billsOverview');
    expect(csv.status).toBe(200);
    expect(csv.lines[0]).toBe('Status,Amount,Bills');
    expect(csv.lines).toContain('Awaiting approval,500.00,2');
    expect(csv.lines).toHaveLength(10);
    const pending = await csvOf(o.token, 'format=csv&panel=billsAwaitingApproval');
    expect(pending.lines[0]).toBe('Reference,Vendor,Invoice,Due date,Waiting since,Amount');
    expect(pending.lines[1].startsWith(`${oldest},Acme Ltd,`)).toBe(true);
    expect(pending.lines).toHaveLength(3);

    expect((await o.api.get('/api/insights/dashboard?format=csv&panel=bills')).status).toBe(400);
  });
});

describe('insights: assets panels', () => {
  it('assets by type and status with inventory value, and paid asset payouts per bucket and per asset; another account’s do not count', async () => {
    const { o, ctx } = await tenant();
    const [s1] = await t.db
      .insert(subsidiaries)
      .values([{ accountId: ctx.accountId, name: 'Lagos' }])
      .returning();
    const gen = await asset(ctx, 'Generator', true, [
      [250_000, 2],
      [1_000, 3],
    ]);
    await asset(ctx, 'Generator', false, []);
    const van = await asset(ctx, 'Vehicle', true, [[250_000, 1]], '400 days');

    await payout(ctx, { status: 'paying', option: 'asset', assets: [gen], amount: 100_000, tx: 'success' });
    await payout(ctx, {
      status: 'paying',
      option: 'asset',
      assets: [gen, van],
      amount: 40_000,
      tx: 'success',
      subsidiaryId: s1.id,
      ago: '2 days',
    });
    // Not counted: a failed transfer, another currency, outside the window, and a standard payout.
    await payout(ctx, { status: 'paying', option: 'asset', assets: [van], amount: 70_000, tx: 'failed' });
    await payout(ctx, {
      status: 'paying',
      option: 'asset',
      assets: [van],
      amount: 99_999,
      tx: 'success',
      currency: 'USD',
    });
    await payout(ctx, {
      status: 'paying',
      option: 'asset',
      assets: [gen],
      amount: 5_000,
      tx: 'success',
      ago: '400 days',
    });
    await payout(ctx, { status: 'paying', amount: 123_400, tx: 'success' });

    // Another account: an asset, and an asset payout naming this account's asset id too.
    const other = await tenant();
    const theirAsset = await asset(other.ctx, 'Laptop', true, [[9_999, 1]]);
    await payout(other.ctx, {
      status: 'paying',
      option: 'asset',
      assets: [theirAsset, gen],
      amount: 777,
      tx: 'success',
    });

    const d = await o.api.get('/api/insights/dashboard?period=day');
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const a = d.body.data.assetsOverview;
    expect(a).toMatchObject({
      count: 3,
      activeCount: 2,
      addedInPeriod: 2,
      valueCurrency: 'NGN',
      valueMinor: 753_000,
      value: '7530.00',
    });
    expect(a.byType.map((r: any) => [r.type, r.status, r.count, r.valueMinor])).toEqual([
      ['Generator', 'active', 1, 503_000],
      ['Generator', 'inactive', 1, 0],
      ['Vehicle', 'active', 1, 250_000],
    ]);

    const p = d.body.data.assetPayouts;
    expect(p).toMatchObject({ count: 2, amountMinor: 140_000, amount: '1400.00' });
    expect(p.buckets).toHaveLength(2);
    expect(p.buckets.reduce((s: number, b: any) => s + b.amountMinor, 0)).toBe(140_000);
    expect(p.buckets.map((b: any) => b.bucket)).toEqual([...p.buckets.map((b: any) => b.bucket)].sort());
    expect(p.topAssets.map((x: any) => [x.assetId, x.count, x.amountMinor])).toEqual([
      [gen, 2, 140_000],
      [van, 1, 40_000],
    ]);
    expect(p.topAssets[0]).toMatchObject({ type: 'Generator', brand: 'Brand', modelNo: 'M1' });

    const sub = await o.api.get(`/api/insights/dashboard?subsidiaryId=${s1.id}`);
    expect(sub.body.data.assetPayouts).toMatchObject({ count: 1, amountMinor: 40_000 });
    const usd = await o.api.get('/api/insights/dashboard?currency=USD');
    expect(usd.body.data.assetPayouts).toMatchObject({ count: 1, amountMinor: 99_999 });

    const theirs = (await other.o.api.get('/api/insights/dashboard')).body.data;
    expect(theirs.assetsOverview).toMatchObject({ count: 1, valueMinor: 9_999 });
    expect(theirs.assetPayouts).toMatchObject({ count: 1, amountMinor: 777 });
    expect(theirs.assetPayouts.topAssets.map((x: any) => x.assetId)).toEqual([theirAsset]);

    const csv = await csvOf(o.token, 'period=day&format=csv&panel=assetPayouts');
    expect(csv.lines[0]).toBe('Section,Name,Payouts,Amount');
    expect(csv.lines.filter((l) => l.startsWith('Period,'))).toHaveLength(2);
    expect(csv.lines.filter((l) => l.startsWith('Asset,'))).toHaveLength(2);
    const types = await csvOf(o.token, 'format=csv&panel=assetsOverview');
    expect(types.lines).toEqual([
      'Type,Status,Assets,Value (NGN)',
      'Generator,active,1,5030.00',
      'Generator,inactive,1,0.00',
      'Vehicle,active,1,2500.00',
    ]);
  });
});

describe('insights: bills and assets seeding (bench)', () => {
  it('the panels over seeded bills and assets agree with counts taken straight from the tables', async () => {
    const { o, ctx } = await tenant();
    const ref = `S${uid()}`;
    await seedBillAssetRows(t.db, {
      accountId: ctx.accountId,
      walletId: ctx.walletId,
      userId: ctx.userId,
      subsidiaryIds: [],
      assets: 12,
      assetPayouts: 60,
      bills: 90,
      days: 300,
      ref,
    });
    const d = (await o.api.get('/api/insights/dashboard?period=month')).body.data;
    const one = async (q: ReturnType<typeof sql>) =>
      Number(((await t.db.execute(q)).rows[0] as { n: string }).n);
    const bills = await one(sql`select count(*) as n from payout_quotes q
      where q.account_id = ${ctx.accountId} and q.created_at >= now() - interval '365 days'`);
    expect(bills).toBe(90);
    expect(d.billsOverview.reduce((s: number, b: any) => s + b.count, 0)).toBe(bills);
    for (const s of ['requested', 'received', 'awaitingApproval', 'scheduled', 'paid', 'overdue', 'rejected'])
      expect(d.billsOverview.find((b: any) => b.status === s)?.count, s).toBeGreaterThan(0);
    const pending =
      await one(sql`select count(*) as n from payout_quotes q join payouts p on p.id = q.payout_id
      where q.account_id = ${ctx.accountId} and p.status = 'pending'`);
    expect(d.billsAwaitingApproval.count).toBe(pending);
    expect(d.billsAwaitingApproval.oldest).toHaveLength(5);
    const paid =
      await one(sql`select count(*) as n from payouts p join transactions t on t.id = p.transaction_id
      where p.account_id = ${ctx.accountId} and p.payout_option = 'asset' and t.status = 'success'
        and t.created_at >= now() - interval '365 days'`);
    expect(paid).toBeGreaterThan(50);
    expect(d.assetPayouts.count).toBe(paid);
    expect(d.assetsOverview.count).toBe(12);
    expect(d.assetsOverview.valueMinor).toBe(
      await one(sql`select coalesce(sum(i.quantity * ps.amount_minor), 0) as n from payout_asset_inventory i
        join products_and_services ps on ps.id = i.product_id where ps.account_id = ${ctx.accountId}`),
    );
    expect(d.assetPayouts.topAssets).toHaveLength(5);
  });
});
