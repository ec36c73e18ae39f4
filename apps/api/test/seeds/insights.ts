// Seeds records for the insights tests and `npm run bench:insights` (not used by the app, so under
// test/: it writes other areas' tables directly, as a fixture does).
// Transactions are written as rows (the figures read them; the ledger's postings are not needed to
// aggregate), each payout initiated by a member, a share of them paying an expense of a subsidiary.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db';

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

type BillAssetSeed = {
  accountId: string;
  walletId: string;
  userId: string;
  subsidiaryIds: string[];
  assets: number;
  assetPayouts: number;
  bills: number;
  days: number;
  ref: string;
};

/** What every statement of the seeder shares: the account, its subsidiaries, a spread over `days`. */
function seedContext(p: BillAssetSeed) {
  const acc = p.accountId;
  const subs = sql.raw(
    p.subsidiaryIds.length
      ? `array[${p.subsidiaryIds.map((u) => `'${u}'::uuid`).join(',')}]`
      : 'array[]::uuid[]',
  );
  const nSubs = Math.max(p.subsidiaryIds.length, 1);
  const ago = (n: number) =>
    sql`now() - make_interval(secs => (g::double precision / ${n}) * ${p.days} * 86400)`;
  return { acc, subs, nSubs, ago };
}
type SeedContext = ReturnType<typeof seedContext>;

/**
 * Bills and payout assets for the dashboard's bills and assets panels (test and bench): `assets`
 * assets of four types with inventory, `assetPayouts` asset payouts (1 in 20 failed), and `bills`
 * bills in every state (requested, received, sent for approval, scheduled, paid, rejected), due
 * dates around today or a month after creation, so some are overdue; spread over `days`. Set-based, as above.
 */
export async function seedBillAssetRows(db: DbOrTx, p: BillAssetSeed) {
  const c = seedContext(p);
  const payee = await db.execute(sql`
    insert into payees (account_id, name, email, bank_code, bank_name, account_number, account_name, created_by)
    values (${c.acc}, ${`Vendor ${p.ref}`}, ${`${p.ref}@example.com`.toLowerCase()}, '058', 'GTBank',
      lpad((abs(hashtext(${p.ref})) % 10000000000)::text, 10, '0'), ${`Vendor ${p.ref}`}, ${p.userId})
    returning id`);
  const payeeId = (payee.rows[0] as { id: string }).id;
  await seedAssets(db, p, c);
  await seedPayouts(db, p, c, payeeId);
  await seedBills(db, p, c, payeeId);
}

/** Payout assets of four types, three products, and each asset's inventory of them. */
async function seedAssets(db: DbOrTx, p: BillAssetSeed, c: SeedContext) {
  const { acc, ago } = c;
  await db.execute(sql`
    insert into payout_assets (account_id, type, brand, model_no, serial_no, location, active, created_at)
    select ${acc}::uuid, (array['Generator', 'Vehicle', 'Cold room', 'Laptop'])[1 + g % 4], 'Brand ' || g % 5,
      'M' || g % 9, ${p.ref} || '-A' || g, 'Lagos', g % 7 <> 0, ${ago(p.assets)}
    from generate_series(1, ${p.assets}) g`);
  await db.execute(sql`
    insert into products_and_services (account_id, name, amount_minor)
    select ${acc}::uuid, ${p.ref} || '-P' || g, 10000 * g from generate_series(1, 3) g`);
  await db.execute(sql`
    insert into payout_asset_inventory (asset_id, product_id, quantity)
    select a.id, ps.id, 1 + abs(hashtext(a.serial_no)) % 5
    from payout_assets a join products_and_services ps on ps.account_id = a.account_id
    where a.account_id = ${acc} and a.serial_no like ${`${p.ref}-A%`} and ps.name like ${`${p.ref}-P%`}
      and abs(hashtext(a.serial_no || ps.name)) % 2 = 0`);
}

/** The asset payouts and the bills' payouts, their transactions, and each payout's transaction id. */
async function seedPayouts(db: DbOrTx, p: BillAssetSeed, c: SeedContext, payeeId: string) {
  const { acc, subs, nSubs, ago } = c;
  // Asset payouts, each naming one asset (every 5th two), and the bills' payouts.
  await db.execute(sql`
    with a as (
      select id, row_number() over (order by serial_no) - 1 as k, count(*) over () as c
      from payout_assets where account_id = ${acc} and serial_no like ${`${p.ref}-A%`}
    )
    insert into payouts (account_id, subsidiary_id, reference, payout_option, maker_user_id, payee_id, wallet_id,
      currency, amount_minor, fee_minor, narration, assets, status, created_at)
    select ${acc}::uuid, (${subs})[1 + g % ${nSubs}], ${p.ref} || '-AP' || g, 'asset', ${p.userId}::uuid, ${payeeId}::uuid,
      ${p.walletId}::uuid, 'NGN', 100000 + (g * 7919) % 5000000, 5000, 'Asset payout',
      case when g % 5 = 0 then jsonb_build_array(jsonb_build_object('id', a.id), jsonb_build_object('id', b.id))
        else jsonb_build_array(jsonb_build_object('id', a.id)) end,
      'paying', ${ago(p.assetPayouts)}
    from generate_series(1, ${p.assetPayouts}) g
    join a on a.k = g % a.c join a b on b.k = (g + 1) % b.c`);
  await db.execute(sql`
    insert into payouts (account_id, subsidiary_id, reference, payout_option, maker_user_id, payee_id, wallet_id,
      currency, amount_minor, fee_minor, narration, status, channel, created_at)
    select ${acc}::uuid, (${subs})[1 + g % ${nSubs}], ${p.ref} || '-BP' || g, 'standard', ${p.userId}::uuid,
      ${payeeId}::uuid, ${p.walletId}::uuid, 'NGN', 500000 + (g * 6151) % 9000000, 5000, 'Bill',
      (array['pending', 'scheduled', 'paying', 'rejected'])[1 + g % 4], 'bill', ${ago(p.bills)}
    from generate_series(1, ${p.bills}) g where g % 6 >= 3`);
  await db.execute(sql`
    insert into transactions (account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty,
      created_by, created_at, source_type, source_id)
    select po.account_id, po.wallet_id, 'payout',
      case when (substring(po.reference from '[0-9]+$'))::int % 20 = 7 then 'failed' else 'success' end,
      po.amount_minor, po.fee_minor, 'NGN', po.reference || '-1', jsonb_build_object('accountName', ${`Vendor ${p.ref}`}::text),
      po.maker_user_id, po.created_at, 'payout', po.id::text
    from payouts po where po.account_id = ${acc} and po.reference like ${`${p.ref}-%`} and po.status = 'paying'`);
  await db.execute(sql`
    update payouts po set transaction_id = t.id from transactions t
    where po.account_id = ${acc} and po.reference like ${`${p.ref}-%`} and t.account_id = po.account_id
      and t.reference = po.reference || '-1'`);
}

/** The bills in every state, those sent for payment on the payouts above. */
async function seedBills(db: DbOrTx, p: BillAssetSeed, c: SeedContext, payeeId: string) {
  const { acc, ago } = c;
  await db.execute(sql`
    insert into payout_quotes (account_id, reference, email, payee_id, status, source, amount_minor, invoice_number,
      due_date, payout_id, requested_by, created_at, submitted_at)
    select ${acc}::uuid, md5(${p.ref} || '-B' || g), ${`${p.ref}@example.com`.toLowerCase()}, ${payeeId}::uuid,
      case g % 6 when 0 then 'requested' when 1 then 'submitted' when 2 then 'draft' else 'sent' end, 'request',
      case when g % 6 = 0 then null else 500000 + (g * 6151) % 9000000 end,
      case when g % 6 = 0 then null else 'INV-' || g end,
      case when g % 6 = 0 then null when g % 2 = 0 then (now() at time zone 'Africa/Lagos')::date + (g % 40 - 15)
        else (${ago(p.bills)})::date + 30 end,
      po.id, ${p.userId}::uuid, ${ago(p.bills)}, case when g % 6 = 0 then null else ${ago(p.bills)} end
    from generate_series(1, ${p.bills}) g
    left join payouts po on po.account_id = ${acc} and po.reference = ${p.ref} || '-BP' || g`);
}
