import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, mondayOf } from '@owo/contract';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { lagosToday } from '../../platform/dates';
import { fundWallet } from '../money/test-utils';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { nthDate, remittanceDates } from './forecast';
import { runForecastAlerts } from './forecast-alerts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const T = lagosToday();
const d = (n: number) => addDays(T, n);

/** A company with an NGN wallet funded with `balance` kobo (a deposit through the money core) and a vendor. */
async function company(balance: number) {
  const o = await ownerWithAccount(t);
  const wallet =
    (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
    (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
  if (balance) await fundWallet(t.app.deps, wallet.id, balance);
  const ref = randomBytes(4).toString('hex');
  const payee = await t.db.execute(sql`
    insert into payees (account_id, name, email, bank_code, bank_name, account_number, account_name, created_by)
    values (${o.account.id}, 'Dangote Supplies', ${`v${ref}@example.com`}, '058', 'GTBank', '0123456789', 'Dangote Supplies', ${o.user.id})
    returning id`);
  return { o, wallet, ref, payeeId: (payee.rows[0] as { id: string }).id };
}
type Co = Awaited<ReturnType<typeof company>>;

async function payout(
  c: Co,
  p: { status: string; date: string | null; amount: number; fee: number; n: string },
) {
  const r = await t.db.execute(sql`
    insert into payouts (account_id, reference, payout_option, maker_user_id, payee_id, wallet_id, currency,
      amount_minor, fee_minor, narration, status, scheduled_date)
    values (${c.o.account.id}, ${`PO-${c.ref}-${p.n}`}, 'standard', ${c.o.user.id}, ${c.payeeId}, ${c.wallet.id}, 'NGN',
      ${p.amount}, ${p.fee}, 'Supplies', ${p.status}, ${p.date}::date) returning id`);
  return (r.rows[0] as { id: string }).id;
}

/** The fixture: every source once, amounts in kobo; the ids the items must link to. */
async function fixture(c: Co) {
  const acc = c.o.account.id;
  const user = c.o.user.id;
  const scheduled = await payout(c, {
    status: 'scheduled',
    date: d(10),
    amount: 20_000_000,
    fee: 5_000,
    n: 's',
  });
  const approved = await payout(c, { status: 'approved', date: null, amount: 1_234_567, fee: 1_500, n: 'a' });
  const first = await payout(c, { status: 'completed', date: null, amount: 3_000_000, fee: 5_000, n: 'r' });
  // weekly from T-14; occurrences 0..2 made (T-14, T-7, T); next T+7, T+14, T+21; ends T+27
  await t.db.execute(sql`
    insert into payout_recurrences (account_id, payout_id, frequency, start_date, next_date, end_date, occurrences)
    values (${acc}, ${first}, 'weekly', ${d(-14)}::date, ${d(7)}::date, ${d(27)}::date, 2)`);
  const bills = await t.db.execute(sql`
    insert into payout_quotes (account_id, reference, email, payee_id, status, amount_minor, invoice_number, due_date, requested_by)
    values (${acc}, ${`q1${c.ref}`}, 'v@example.com', ${c.payeeId}, 'submitted', 4500000, 'INV-1', ${d(3)}::date, ${user}),
      (${acc}, ${`q2${c.ref}`}, 'v@example.com', ${c.payeeId}, 'draft', 1000000, 'INV-2', ${d(-5)}::date, ${user})
    returning id`);
  // a bill sent for payment whose payout awaits approval counts by its due date (the payout does not)
  const pending = await payout(c, { status: 'pending', date: null, amount: 2_000_000, fee: 0, n: 'p' });
  const sent = await t.db.execute(sql`
    insert into payout_quotes (account_id, reference, email, payee_id, status, amount_minor, invoice_number, due_date, requested_by, payout_id)
    values (${acc}, ${`q3${c.ref}`}, 'v@example.com', ${c.payeeId}, 'sent', 2000000, 'INV-3', ${d(12)}::date, ${user}, ${pending})
    returning id`);
  const run = await t.db.execute(sql`
    insert into payrolls (account_id, reference, name, type, mode, status, wallet_id, maker_user_id, scheduled_pay_date,
      employee_count, gross_minor, net_minor, employer_cost_minor, breakdown, employer_costs)
    values (${acc}, ${`PR-${c.ref}`}, 'Staff payroll', 'once', 'scheduled', 'approved', ${c.wallet.id}, ${user}, ${d(20)}::date,
      2, 35000000, 26500000, 3500000,
      '{"Salary": 35000000, "PAYE": -5000000, "Pension (employee)": -2800000, "NHF": -700000}'::jsonb,
      '{"Pension (employer)": 3500000}'::jsonb)
    returning id`);
  const exp = await t.db.execute(sql`
    insert into expenses (account_id, reference, maker_user_id, wallet_id, currency, amount_minor, fee_minor, bank_code,
      bank_name, bank_account_number, bank_account_name, purpose, status, scheduled_date, recurrence, recurrence_end_date,
      next_run_on, occurrence)
    values (${acc}, ${`EX-${c.ref}`}, ${user}, ${c.wallet.id}, 'NGN', 1000000, 2500, '058', 'GTBank', '0123456789',
      'Diesel Ltd', '{"description":"Diesel"}'::jsonb, 'scheduled', ${d(5)}::date, 'monthly', ${d(40)}::date, ${d(5)}::date, 1)
    returning id`);
  const cust = await t.db.execute(sql`
    insert into inflow_customers (account_id, name, email) values (${acc}, 'Chioma Foods', 'c@example.com') returning id`);
  const inv = await t.db.execute(sql`
    insert into invoices (account_id, reference, customer_id, customer_name, customer_email, maker_user_id, maker_name,
      status, products, initial_amount_minor, amount_minor, amount_paid_minor)
    values (${acc}, ${`IN-${c.ref}`}, ${(cust.rows[0] as { id: string }).id}, 'Chioma Foods', 'c@example.com', ${user},
      'Owner', 'partlyPaid', '[]'::jsonb, 50000000, 50000000, 5000000) returning id`);
  const invoiceId = (inv.rows[0] as { id: string }).id;
  await t.db.execute(sql`
    insert into invoice_installments (account_id, invoice_id, seq, name, percentage_bp, amount_minor, amount_paid_minor, due_date, status)
    values (${acc}, ${invoiceId}, 1, 'Deposit', 5000, 25000000, 0, ${d(-3)}::date, 'pending'),
      (${acc}, ${invoiceId}, 2, 'Balance', 5000, 25000000, 5000000, ${d(30)}::date, 'partlyPaid')`);
  await t.db.execute(sql`
    insert into cards (account_id, holder_user_id, currency, brand, last4, issuer_token, expiry_month, expiry_year,
      ledger_account_id, per_transaction_limit_minor, monthly_limit_minor, spent_month, spent_month_minor)
    values (${acc}, ${user}, 'NGN', 'verve', '4242', ${`tok-${c.ref}`}, 12, 2030, ${c.wallet.ledgerAccountId},
      5000000, 10000000, ${T.slice(0, 7)}, 2500000)`);
  const id = (r: { rows: unknown[] }, i = 0) => (r.rows[i] as { id: string }).id;
  return {
    scheduled,
    approved,
    first,
    bill: id(bills),
    overdueBill: id(bills, 1),
    sentBill: id(sent),
    run: id(run),
    expense: id(exp),
    invoiceId,
  };
}

describe('cash forecast', () => {
  it('computes the fixture company’s 13 weeks to the kobo', async () => {
    const c = await company(100_000_000); // ₦1,000,000.00 opening
    const ids = await fixture(c);
    const other = await company(0);
    await payout(other, { status: 'scheduled', date: d(2), amount: 99_000_000, fee: 0, n: 'x' });

    const r = await c.o.api.get('/api/insights/forecast?currency=NGN&weeks=13');
    expect(r.status).toBe(200);
    const f = r.body.data;
    const rem = remittanceDates(d(20));
    // Every expected item, by hand (kobo): amount + fee for payments, net pay, deductions + employer share.
    const want: [string, string, string, number, 'in' | 'out'][] = [
      ['payout', ids.scheduled, d(10), 20_000_000 + 5_000, 'out'],
      ['approvedPayout', ids.approved, T, 1_234_567 + 1_500, 'out'], // not yet paid: today
      ['recurringPayout', ids.first, d(7), 3_000_000 + 5_000, 'out'],
      ['recurringPayout', ids.first, d(14), 3_005_000, 'out'],
      ['recurringPayout', ids.first, d(21), 3_005_000, 'out'], // T+28 is after the end date
      ['bill', ids.bill, d(3), 4_500_000, 'out'],
      ['bill', ids.overdueBill, T, 1_000_000, 'out'], // due T-5, owed now
      ['bill', ids.sentBill, d(12), 2_000_000, 'out'],
      ['payroll', ids.run, d(20), 26_500_000, 'out'],
      ['paye', ids.run, rem.paye, 5_000_000, 'out'], // 10th of the next month
      ['pension', ids.run, d(27), 2_800_000 + 3_500_000, 'out'], // 7 days after pay
      ['nhf', ids.run, nthDate(d(20), 'monthly', 1), 700_000, 'out'],
      ['expense', ids.expense, d(5), 1_000_000 + 2_500, 'out'],
      ['expense', ids.expense, nthDate(d(5), 'monthly', 1), 1_002_500, 'out'], // the next month's ≤ T+40
      ['invoice', ids.invoiceId, d(30), 25_000_000 - 5_000_000, 'in'], // what is left of the balance
    ];
    const got = f.weeks.flatMap((w: any) =>
      w.items.map((i: any) => [i.kind, i.id, i.date, i.amountMinor, i.direction]),
    );
    const order = (a: any[], b: any[]) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`);
    expect(got.sort(order)).toEqual([...want].sort(order));

    // Σ out = 20,005,000 + 1,236,067 + 3 × 3,005,000 + 4,500,000 + 1,000,000 + 2,000,000 + 26,500,000
    //       + 5,000,000 + 6,300,000 + 700,000 + 2 × 1,002,500 = 78,261,067; Σ in = 20,000,000
    // closing = 100,000,000 − 78,261,067 + 20,000,000 = 41,738,933 (₦417,389.33)
    expect(f.openingMinor).toBe(100_000_000);
    expect(f.opening).toBe('1000000.00');
    expect(f.weeks).toHaveLength(13);
    expect(f.weeks[0].start).toBe(mondayOf(T));
    expect(f.weeks.reduce((s: number, w: any) => s + w.outflowsMinor, 0)).toBe(78_261_067);
    expect(f.weeks.reduce((s: number, w: any) => s + w.inflowsMinor, 0)).toBe(20_000_000);
    expect(f.weeks[12].closingMinor).toBe(41_738_933);
    expect(f.weeks[12].closing).toBe('417389.33');
    // each week's closing = the previous closing + its inflows − its outflows, its items summed by hand
    let bal = 100_000_000;
    for (const [k, w] of f.weeks.entries()) {
      const start = addDays(mondayOf(T), 7 * k);
      const mine = want.filter(([, , date]) => date >= start && date < addDays(start, 7));
      const inn = mine.filter((x) => x[4] === 'in').reduce((s, x) => s + x[3], 0);
      const out = mine.filter((x) => x[4] === 'out').reduce((s, x) => s + x[3], 0);
      bal += inn - out;
      expect([w.start, w.inflowsMinor, w.outflowsMinor, w.closingMinor]).toEqual([start, inn, out, bal]);
    }
    const lowest = f.weeks.reduce((a: any, b: any) => (b.closingMinor < a.closingMinor ? b : a));
    expect(f.lowest).toEqual({
      start: lowest.start,
      closing: lowest.closing,
      closingMinor: lowest.closingMinor,
    });
    expect(f.alerts).toEqual([]);
    // the overdue instalment apart, not counted
    expect(f.overdue.map((i: any) => [i.kind, i.id, i.date, i.amountMinor])).toEqual([
      ['invoice', ids.invoiceId, d(-3), 25_000_000],
    ]);
    expect(f.overdueTotalMinor).toBe(25_000_000);
    // committed card limits: 10,000,000 − 2,500,000 spent this month, a separate line
    expect(f.cardLimits).toEqual({ amount: '75000.00', amountMinor: 7_500_000, cards: 1 });
    // no other company's items
    expect(JSON.stringify(f)).not.toContain(other.ref);
  });

  it('weeks 1..26, a known currency: 400 with field errors otherwise; 403 without the insights right', async () => {
    const c = await company(0);
    for (const q of ['weeks=0', 'weeks=27', 'weeks=abc', 'weeks=2.5']) {
      const r = await c.o.api.get(`/api/insights/forecast?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.errors!.weeks).toEqual(['Weeks must be a whole number from 1 to 26']);
    }
    const bad = await c.o.api.get('/api/insights/forecast?currency=EUR');
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.currency).toEqual(['Currency must be NGN, USD or GBP']);
    const usd = await c.o.api.get('/api/insights/forecast?currency=USD&weeks=4');
    expect(usd.status).toBe(200);
    expect(usd.body.data.weeks).toHaveLength(4);
    expect(usd.body.data.openingMinor).toBe(0);
    const agent = await memberWithRole(t, c.o.account.id, 'agent');
    expect((await agent.api.get('/api/insights/forecast')).status).toBe(403);
    const member = await memberWithRole(t, c.o.account.id, 'member');
    expect((await member.api.get('/api/insights/forecast')).status).toBe(200);
  });

  it('a negative week is an alert; a payment in 3 days larger than the wallet notifies and mails once a day', async () => {
    const c = await company(1_000_000); // ₦10,000.00
    const id = await payout(c, { status: 'scheduled', date: d(3), amount: 5_000_000, fee: 5_000, n: 'big' });
    const f = (await c.o.api.get('/api/insights/forecast?weeks=2')).body.data;
    // 1,000,000 − 5,005,000 = −4,005,000: short by ₦40,050.00
    expect(f.alerts.find((a: any) => a.type === 'overdraw')).toMatchObject({
      id,
      kind: 'payout',
      date: d(3),
      shortfallMinor: 4_005_000,
      shortfall: '40050.00',
    });
    expect(f.alerts.some((a: any) => a.type === 'negativeWeek' && a.shortfallMinor === 4_005_000)).toBe(true);

    const count = async () => {
      const r = await t.db.execute(sql`
        select count(*)::int as n from notifications where account_id = ${c.o.account.id}
          and topic = 'Payment would overdraw wallet' and value like ${'%₦40,050.00%'}`);
      return (r.rows[0] as { n: number }).n;
    };
    const mails = async () => {
      const r = await t.db.execute(sql`
        select count(*)::int as n from mail_outbox where "to" = ${c.o.email.toLowerCase()} and subject like ${'%short by ₦40,050.00%'}`);
      return (r.rows[0] as { n: number }).n;
    };
    expect(await count()).toBe(0);
    expect(await runForecastAlerts(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(1);
    expect(await mails()).toBe(1);
    await runForecastAlerts(t.app.deps);
    expect(await count()).toBe(1);
    expect(await mails()).toBe(1);
    // the next day it is said again
    await runForecastAlerts(t.app.deps, new Date(Date.now() + 86_400_000));
    expect(await count()).toBe(2);
  });

  it('with a subsidiary: only that subsidiary’s payouts; payroll, invoices and cards have none', async () => {
    const c = await company(100_000_000);
    const ids = await fixture(c);
    const [sub] = (
      await t.db.execute(
        sql`insert into subsidiaries (account_id, name) values (${c.o.account.id}, 'Kano') returning id`,
      )
    ).rows as { id: string }[];
    await t.db.execute(sql`update payouts set subsidiary_id = ${sub.id} where id = ${ids.scheduled}`);
    const f = (await c.o.api.get(`/api/insights/forecast?subsidiaryId=${sub.id}`)).body.data;
    const items = f.weeks.flatMap((w: any) => w.items.map((i: any) => [i.kind, i.id]));
    expect(items).toEqual([['payout', ids.scheduled]]);
    expect(f.overdue).toEqual([]);
    expect(f.cardLimits.cards).toBe(0);
    expect(f.openingMinor).toBe(100_000_000);
  });
});
