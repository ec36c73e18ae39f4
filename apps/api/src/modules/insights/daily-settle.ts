// Insights' daily rollup for a transfer the one-statement settle pays (the money core's
// `foldedSettleSql` seam, decision 021). The trigger `transactions_insight_daily_upd` skips that
// statement; this is what `insight_daily_apply_row()` does for rows that become 'success' (they were
// pending or processing: nothing to take away), summed per key (one statement may not upsert a key
// twice) and in key order. `w` is joined so a key is written after its wallet is locked, as the
// trigger's was (no deadlock on a key). A change to `insight_daily_apply_row` changes this too
// (money/settle-folded.test.ts compares the two).
import { sql, type SQL } from 'drizzle-orm';

export const insightDailySettleSql = (u: SQL, w: SQL): SQL => sql`
        insert into insight_daily as d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
        select k.account_id, k.currency, k.day, k.type, k.payee, sum(k.amount), sum(k.fee), count(*)
          from (select u.account_id, u.currency, (u.created_at at time zone 'Africa/Lagos')::date as day, u.type,
                       insight_daily_key_payee(u.counterparty) as payee, u.amount, u.fee
                  from ${u} as u join ${w} as w on w.id = u.wallet_id
                 where u.status = 'success') k
         group by 1, 2, 3, 4, 5
         order by 1, 2, 3, 4, 5
        on conflict (account_id, currency, day, type, payee) do update
          set amount_minor = d.amount_minor + excluded.amount_minor,
              fee_minor = d.fee_minor + excluded.fee_minor,
              count = d.count + excluded.count`;
