// Seeds records for the insights test and `npm run bench:insights` (not used by the app).
// Transactions are written as rows (the figures read them; the ledger's postings are not needed to
// aggregate), each payout initiated by a member, a share of them paying an expense of a subsidiary.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

export async function seedInsightRows(
  db: DbOrTx,
  p: {
    accountId: string;
    walletId: string;
    userIds: string[];
    subsidiaryIds: string[];
    count: number;
    days: number;
    /** Prefix of references (unique per call). */
    ref: string;
  },
) {
  // One statement: payouts (3 in 4) and deposits spread over `days`, amounts 1,000 to 500,000 naira.
  await db.execute(sql`
    insert into transactions (account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty, created_by, created_at, source_type, source_id)
    select ${p.accountId}::uuid, ${p.walletId}::uuid,
      case when g % 4 = 0 then 'deposit' else 'payout' end,
      case when g % 20 = 7 then 'failed' else 'success' end,
      (100000 + (g * 7919) % 49900000)::bigint, case when g % 4 = 0 then 0 else 5000 end, 'NGN',
      ${p.ref} || '-' || g,
      jsonb_build_object('accountName', 'Vendor ' || (g % 37)),
      (${sql.raw(`array[${p.userIds.map((u) => `'${u}'::uuid`).join(',')}]`)})[1 + g % ${p.userIds.length}],
      now() - make_interval(secs => (g::double precision / ${p.count}) * ${p.days} * 86400),
      null, null
    from generate_series(1, ${p.count}) g`);
  if (!p.subsidiaryIds.length) return;
  // Every 5th payout pays an expense of a subsidiary (the record the subsidiary is read from).
  await db.execute(sql`
    with picked as (
      select t.id, t.amount, t.created_by, t.created_at, row_number() over () as n
      from transactions t
      where t.account_id = ${p.accountId} and t.reference like ${`${p.ref}-%`} and t.type = 'payout'
        and (substring(t.reference from '[0-9]+$'))::int % 5 = 1
    ), ins as (
      insert into expenses (account_id, subsidiary_id, reference, maker_user_id, wallet_id, currency, amount_minor,
        bank_code, bank_name, bank_account_number, bank_account_name, purpose, status, transaction_id, created_at)
      select ${p.accountId}::uuid,
        (${sql.raw(`array[${p.subsidiaryIds.map((u) => `'${u}'::uuid`).join(',')}]`)})[1 + n % ${p.subsidiaryIds.length}],
        'EXP-' || ${p.ref} || '-' || n, created_by, ${p.walletId}::uuid, 'NGN', amount,
        '058', 'GTBank', '0123456789', 'Vendor', '{"description":"seed"}'::jsonb, 'completed', id, created_at
      from picked
      returning id, transaction_id
    )
    update transactions t set source_type = 'expense', source_id = ins.id::text from ins where t.id = ins.transaction_id`);
}
