import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { subsidiaries } from '../accounts/tables';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { seedInsightRows } from '../../../test/seeds/insights';
import { budgetUse, dashboard, paymentOverview } from './dashboard';
import { splitWindow } from './window';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function seeded() {
  const o = await ownerWithAccount(t);
  const m = await memberWithRole(t, o.account.id, 'finance-manager');
  const wallet =
    (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
    (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
  const subs = await t.db
    .insert(subsidiaries)
    .values([
      { accountId: o.account.id, name: 'Lagos' },
      { accountId: o.account.id, name: 'Abuja' },
    ])
    .returning();
  const ref = `T${randomBytes(4).toString('hex')}`;
  await seedInsightRows(t.db, {
    accountId: o.account.id,
    walletId: wallet.id,
    userIds: [o.user.id, m.user.id],
    subsidiaryIds: subs.map((s) => s.id),
    count: 400,
    days: 60,
    ref,
  });
  return { o, m, subs, wallet };
}

/** The same figures computed the slow way, to check the SQL against. */
async function expected(accountId: string, where = sql`true`) {
  const r = await t.db.execute(sql`
    select coalesce(sum(amount) filter (where type = 'deposit'), 0)::bigint as "in",
      coalesce(sum(amount + fee) filter (where type <> 'deposit'), 0)::bigint as "out"
    from transactions t where account_id = ${accountId} and status = 'success' and ${where}`);
  const row = r.rows[0] as { in: string; out: string };
  return { in: Number(row.in), out: Number(row.out) };
}

describe('insights', () => {
  it('payment overview: money in and out per bucket sums to the ledger’s successful transactions; filters by subsidiary', async () => {
    const { o, subs } = await seeded();
    const r = await o.api.get('/api/insights/payment-overview?period=week&currency=NGN');
    expect(r.status).toBe(200);
    const want = await expected(o.account.id);
    expect(r.body.data.totalInMinor).toBe(want.in);
    expect(r.body.data.totalOutMinor).toBe(want.out);
    expect(r.body.data.buckets.length).toBeGreaterThanOrEqual(9);
    expect(r.body.data.buckets.reduce((s: number, b: any) => s + b.moneyInMinor, 0)).toBe(want.in);
    expect(r.body.data.totalIn).toBe((want.in / 100).toFixed(2));

    const bySub = await o.api.get(`/api/insights/payment-overview?period=month&subsidiaryId=${subs[0].id}`);
    const wantSub = await expected(
      o.account.id,
      sql`source_type = 'expense' and exists (select 1 from expenses e where e.id::text = t.source_id and e.subsidiary_id = ${subs[0].id})`,
    );
    expect(bySub.body.data.totalOutMinor).toBe(wantSub.out);
    expect(wantSub.out).toBeGreaterThan(0);
    expect(bySub.body.data.totalInMinor).toBe(0);

    const usd = await o.api.get('/api/insights/payment-overview?currency=USD');
    expect(usd.body.data.buckets).toEqual([]);
    expect((await o.api.get('/api/insights/payment-overview?period=year')).body.errors!.period).toEqual([
      'Period must be day, week or month',
    ]);
    const csv = await fetch(`${t.baseUrl}/api/insights/payment-overview?period=week&format=csv`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Period,Money in,Money out,Transactions');
    expect(lines).toHaveLength(r.body.data.buckets.length + 1);
  });

  it('dashboard panels and team report; per-panel CSV; other accounts see nothing of it', async () => {
    const { o, m, subs } = await seeded();
    const d = await o.api.get('/api/insights/dashboard?period=month');
    expect(d.status).toBe(200);
    expect(d.body.data.vendorPayments).toHaveLength(5);
    expect(d.body.data.expensesByStatus[0]).toMatchObject({ status: 'completed' });
    const csv = await fetch(`${t.baseUrl}/api/insights/dashboard?format=csv&panel=vendorPayments`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    expect((await csv.text()).split('\r\n')[0]).toBe('Payee,Amount,Payments');

    const tr = await o.api.get('/api/insights/team-report?period=month');
    expect(tr.status).toBe(200);
    const members = tr.body.data.members;
    expect(members.map((x: any) => x.userId).sort()).toEqual([o.user.id, m.user.id].sort());
    const want = await expected(o.account.id, sql`type <> 'deposit'`);
    expect(members.reduce((s: number, x: any) => s + x.spentMinor, 0)).toBe(want.out);
    const subNames = tr.body.data.subsidiaries.map((x: any) => x.name).sort();
    expect(subNames).toEqual(['Abuja', 'Lagos', 'No subsidiary']);
    expect(tr.body.data.subsidiaries.reduce((s: number, x: any) => s + x.spentMinor, 0)).toBe(want.out);
    void subs;

    const other = await ownerWithAccount(t);
    const od = await other.api.get('/api/insights/dashboard');
    expect(od.body.data.paymentOverview.totalOutMinor).toBe(0);
    expect((await other.api.get('/api/insights/team-report')).body.data.members).toEqual([]);
    const plain = await memberWithRole(t, o.account.id, 'member');
    expect((await plain.api.get('/api/insights/team-report')).status).toBe(403);
  });

  it('team report: turnaround and waiting items per approver from the approvals engine', async () => {
    const o = await ownerWithAccount(t);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    const [item] = (
      await t.db.execute(sql`
      insert into approval_items (account_id, type, resource_id, workflow_name, levels, current_approver_ids, status, maker_user_id, amount_minor, currency, created_at)
      values (${o.account.id}, 'expense', gen_random_uuid(), 'w', '[]'::jsonb, array[${a.user.id}::uuid], 'pending', ${o.user.id}, 250000, 'NGN', now() - interval '3 hours')
      returning id`)
    ).rows as { id: string }[];
    await t.db.execute(sql`
      insert into approval_decisions (item_id, account_id, seq, round, level, status, user_id, user_name, comments, amount_minor, decided_at, prev_hash, hash)
      values (${item.id}, ${o.account.id}, 1, 1, 0, 'Approved', ${a.user.id}, 'A', 'ok', 250000, now() - interval '1 hour', 'x', 'y')`);
    const tr = await o.api.get('/api/insights/team-report');
    const row = tr.body.data.approvers.find((x: any) => x.userId === a.user.id);
    expect(row).toMatchObject({
      decisions: 1,
      waitingCount: 1,
      waitingAmountMinor: 250000,
      waitingAmount: '2500.00',
    });
    expect(row.avgTurnaroundHours).toBeCloseTo(2, 1);
  });

  it('the daily rollup equals the transactions after inserts, status changes both ways, a settled amount and a delete', async () => {
    const { o, wallet } = await seeded();
    const id = o.account.id;
    // Status changes both ways, an amount settled differently, a renamed payee, and a delete.
    await t.db.execute(
      sql`update transactions set status = 'success' where account_id = ${id} and status = 'failed'`,
    );
    await t.db.execute(sql`update transactions set status = 'reversed'
      where id in (select id from transactions where account_id = ${id} and type = 'payout' order by created_at limit 25)`);
    await t.db.execute(sql`update transactions set amount = amount - 100, fee = 0
      where id in (select id from transactions where account_id = ${id} and status = 'success' order by created_at desc limit 10)`);
    await t.db.execute(sql`update transactions set counterparty = '{"name":"Renamed Ltd"}'::jsonb
      where id in (select id from transactions where account_id = ${id} and type = 'payout' and status = 'success' order by created_at limit 7)`);
    await t.db.execute(sql`delete from transactions
      where id in (select id from transactions where account_id = ${id} and source_type is null and status = 'success' order by created_at desc limit 3)
        and not exists (select 1 from journal_entries j where j.transaction_id = transactions.id)`);
    // One more inserted now, so today's partial day is read from the transactions.
    await seedInsightRows(t.db, {
      accountId: id,
      walletId: wallet.id,
      userIds: [o.user.id],
      subsidiaryIds: [],
      count: 5,
      days: 0.01,
      ref: `N${randomBytes(4).toString('hex')}`,
    });
    // The default window ends now, mid-day: its edges come from the transactions, whole days from
    // the rollup. (Two calls end a few ms apart, so the window's own instants are left out.)
    const figures = ({ from: _f, to: _t, ...rest }: { from: string; to: string }) => rest;
    for (const period of ['day', 'week', 'month'] as const) {
      const f = { accountId: id, currency: 'NGN', period, subsidiaryId: null };
      const rolled = await dashboard(t.app.deps, f);
      const raw = await dashboard(t.app.deps, f, { raw: true });
      expect(figures(rolled.paymentOverview)).toEqual(figures(raw.paymentOverview));
      expect(rolled.vendorPayments).toEqual(raw.vendorPayments);
      expect(rolled.paymentOverview.buckets.length).toBeGreaterThan(1);
    }
    const want = await expected(id);
    const all = await paymentOverview(t.app.deps, {
      accountId: id,
      currency: 'NGN',
      period: 'month',
      subsidiaryId: null,
    });
    expect(all.totalInMinor).toBe(want.in);
    expect(all.totalOutMinor).toBe(want.out);
    expect(
      (
        await dashboard(t.app.deps, { accountId: id, currency: 'NGN', period: 'month', subsidiaryId: null })
      ).vendorPayments.some((v) => v.payee === 'Renamed Ltd'),
    ).toBe(true);
  });

  it('splits a window into whole Lagos days and the partial edges', () => {
    // 10:30 Lagos on the 1st to 06:00 Lagos on the 4th: whole days 2nd and 3rd.
    const w = { from: new Date('2026-03-01T09:30:00Z'), to: new Date('2026-03-04T05:00:00Z') };
    expect(splitWindow(w)).toEqual({
      days: { from: '2026-03-02', to: '2026-03-04' },
      edges: [
        [w.from, new Date('2026-03-01T23:00:00Z')],
        [new Date('2026-03-03T23:00:00Z'), w.to],
      ],
    });
    // Exactly on Lagos midnights: no edges.
    const exact = { from: new Date('2026-03-01T23:00:00Z'), to: new Date('2026-03-03T23:00:00Z') };
    expect(splitWindow(exact)).toEqual({ days: { from: '2026-03-02', to: '2026-03-04' }, edges: [] });
    // Within one day: all edge.
    const short = { from: new Date('2026-03-01T09:00:00Z'), to: new Date('2026-03-01T12:00:00Z') };
    expect(splitWindow(short)).toEqual({ days: null, edges: [[short.from, short.to]] });
  });

  it('budget use: this month’s paid expenses under each top-level category, subcategories included', async () => {
    const o = await ownerWithAccount(t);
    const id = o.account.id;
    const wallet =
      (await getWalletByCurrency(t.db, id, 'NGN')) ??
      (await createWallet(t.db, { accountId: id, currency: 'NGN' }));
    const cats = await t.db.execute(sql`
      insert into payout_categories (account_id, name, budget_minor) values
        (${id}, 'Travel', 500000), (${id}, 'Office', null) returning id, name`);
    const [travel, office] = cats.rows as { id: string; name: string }[];
    const sub = await t.db.execute(sql`
      insert into payout_categories (account_id, name, parent_id) values (${id}, 'Flights', ${travel.id}) returning id`);
    const flights = (sub.rows[0] as { id: string }).id;
    const ref = randomBytes(4).toString('hex');
    // (category, amount, fee, status, when, currency): counted = this month, success, NGN.
    const rows: [string, number, number, string, string, string][] = [
      [travel.id, 10_000, 100, 'success', 'now()', 'NGN'],
      [flights, 20_000, 0, 'success', 'now()', 'NGN'],
      [flights, 40_000, 0, 'failed', 'now()', 'NGN'],
      [travel.id, 80_000, 0, 'success', "now() - interval '40 days'", 'NGN'],
      [office.id, 5_000, 50, 'success', 'now()', 'NGN'],
      [office.id, 7_000, 0, 'success', 'now()', 'USD'],
    ];
    for (const [i, [cat, amount, fee, status, when, currency]] of rows.entries()) {
      await t.db.execute(sql`
        with tx as (
          insert into transactions (account_id, wallet_id, type, status, amount, fee, currency, reference, created_at)
          values (${id}, ${wallet.id}, 'payout', ${status}, ${amount}, ${fee}, ${currency}, ${`B${ref}-${i}`},
            greatest(${sql.raw(when)}, date_trunc('month', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos' + interval '1 minute')
              - case when ${when} = 'now()' then interval '0' else interval '40 days' end)
          returning id, created_at)
        insert into expenses (account_id, reference, maker_user_id, wallet_id, currency, amount_minor,
          bank_code, bank_name, bank_account_number, bank_account_name, purpose, status, transaction_id, created_at)
        select ${id}, ${`EXP-B${ref}-${i}`}, ${o.user.id}, ${wallet.id}, ${currency}, ${amount},
          '058', 'GTBank', '0123456789', 'Vendor', jsonb_build_object('service', ${cat}::text), 'completed', tx.id, tx.created_at
        from tx`);
    }
    const use = await budgetUse(t.db, { accountId: id, currency: 'NGN' });
    expect(use.map((c) => [c.name, c.spentMinor, c.budgetMinor])).toEqual([
      ['Office', 5_050, null],
      ['Travel', 30_100, 500_000],
    ]);
  });
});
