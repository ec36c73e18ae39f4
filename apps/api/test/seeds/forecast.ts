// Seeds the scheduled items the cash forecast reads, for `npm run bench:insights` (not used by the
// app, so under test/: it writes other areas' tables directly, as a fixture does): `items` items over
// the next 13 weeks, set-based, one statement per source. Of every 20: 8 scheduled payouts, 2 recurring
// payouts (weekly and monthly), 4 bills with a due date, 1 payroll run (PAYE, pension, NHF), 3
// recurring expenses and 2 invoice instalments.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db';

export async function seedForecastRows(
  db: DbOrTx,
  p: { accountId: string; walletId: string; userId: string; items: number; ref: string },
) {
  const acc = p.accountId;
  const n = (share: number) => Math.max(1, Math.round((p.items * share) / 20));
  const day = sql`(now() at time zone 'Africa/Lagos')::date + (g * 7) % 90`;
  const payee = await db.execute(sql`
    insert into payees (account_id, name, email, bank_code, bank_name, account_number, account_name, created_by)
    values (${acc}, ${`Forecast ${p.ref}`}, ${`f-${p.ref}@example.com`.toLowerCase()}, '058', 'GTBank', '0123456789',
      ${`Forecast ${p.ref}`}, ${p.userId}) returning id`);
  const payeeId = (payee.rows[0] as { id: string }).id;
  await db.execute(sql`
    insert into payouts (account_id, reference, payout_option, maker_user_id, payee_id, wallet_id, currency,
      amount_minor, fee_minor, narration, status, scheduled_date)
    select ${acc}::uuid, ${p.ref} || '-FS' || g, 'standard', ${p.userId}::uuid, ${payeeId}::uuid, ${p.walletId}::uuid, 'NGN',
      100000 + (g * 7919) % 5000000, 5000, 'Scheduled', 'scheduled', ${day}
    from generate_series(1, ${n(8)}) g`);
  await db.execute(sql`
    with firsts as (
      insert into payouts (account_id, reference, payout_option, maker_user_id, payee_id, wallet_id, currency,
        amount_minor, fee_minor, narration, status)
      select ${acc}::uuid, ${p.ref} || '-FR' || g, 'standard', ${p.userId}::uuid, ${payeeId}::uuid, ${p.walletId}::uuid,
        'NGN', 200000 + (g * 6151) % 3000000, 5000, 'Recurring', 'completed'
      from generate_series(1, ${n(2)}) g returning id, reference
    )
    insert into payout_recurrences (account_id, payout_id, frequency, start_date, next_date, occurrences)
    select ${acc}::uuid, id, case when right(reference, 1)::int % 2 = 0 then 'weekly' else 'monthly' end,
      (now() at time zone 'Africa/Lagos')::date, (now() at time zone 'Africa/Lagos')::date, 0
    from firsts`);
  await db.execute(sql`
    insert into payout_quotes (account_id, reference, email, payee_id, status, amount_minor, invoice_number, due_date, requested_by)
    select ${acc}::uuid, md5(${p.ref} || '-FB' || g), 'f@example.com', ${payeeId}::uuid, 'submitted',
      300000 + (g * 3571) % 4000000, 'INV-F' || g, ${day}, ${p.userId}::uuid
    from generate_series(1, ${n(4)}) g`);
  await db.execute(sql`
    insert into payrolls (account_id, reference, name, type, mode, status, wallet_id, maker_user_id, scheduled_pay_date,
      employee_count, gross_minor, net_minor, employer_cost_minor, breakdown, employer_costs, days_process)
    select ${acc}::uuid, ${p.ref} || '-FP' || g, 'Payroll ' || g, case when g % 4 = 0 then 'recurring' else 'once' end,
      'scheduled', 'approved', ${p.walletId}::uuid, ${p.userId}::uuid, ${day}, 20, 70000000, 53000000, 7000000,
      '{"Salary": 70000000, "PAYE": -10000000, "Pension (employee)": -5600000, "NHF": -1400000}'::jsonb,
      '{"Pension (employer)": 7000000}'::jsonb, 3
    from generate_series(1, ${n(1)}) g`);
  await db.execute(sql`
    insert into expenses (account_id, reference, maker_user_id, wallet_id, currency, amount_minor, fee_minor, bank_code,
      bank_name, bank_account_number, bank_account_name, purpose, status, scheduled_date, recurrence, next_run_on, occurrence)
    select ${acc}::uuid, ${p.ref} || '-FE' || g, ${p.userId}::uuid, ${p.walletId}::uuid, 'NGN', 50000 + (g * 313) % 900000,
      2500, '058', 'GTBank', '0123456789', 'Supplier', '{"description":"Diesel"}'::jsonb, 'scheduled', ${day},
      case when g % 2 = 0 then 'weekly' else 'monthly' end, ${day}, 1
    from generate_series(1, ${n(3)}) g`);
  await seedInvoices(db, p, n(2));
}

async function seedInvoices(
  db: DbOrTx,
  p: { accountId: string; userId: string; ref: string },
  count: number,
) {
  const cust = await db.execute(sql`
    insert into inflow_customers (account_id, name, email) values (${p.accountId}, 'Forecast customer', 'fc@example.com')
    returning id`);
  await db.execute(sql`
    with inv as (
      insert into invoices (account_id, reference, customer_id, customer_name, customer_email, maker_user_id, maker_name,
        status, products, initial_amount_minor, amount_minor)
      select ${p.accountId}::uuid, ${p.ref} || '-FI' || g, ${(cust.rows[0] as { id: string }).id}::uuid, 'Forecast customer',
        'fc@example.com', ${p.userId}::uuid, 'Bench', 'pending', '[]'::jsonb, 2000000, 2000000
      from generate_series(1, ${count}) g returning id, reference
    )
    insert into invoice_installments (account_id, invoice_id, seq, name, percentage_bp, amount_minor, due_date)
    select ${p.accountId}::uuid, id, 1, 'Full', 10000, 2000000,
      (now() at time zone 'Africa/Lagos')::date + (substring(reference from '[0-9]+$')::int * 5) % 100 - 10
    from inv`);
}
