// The areas' webhook events (issue 27 §3; catalogue in docs/areas/developers.md). Each is
// written through the outbox (`emitWebhookEvent`) in the transaction of the state change it
// reports, so an event that rolls back is never sent. Payloads are small DTOs: ids, reference,
// status, amounts as a decimal string beside the `…Minor` integer, currency and `occurredAt`;
// never secrets or full account numbers. The one token sent is a vending's electricity token (it
// is what the buyer paid for, and the caller's system is the one that hands it on).
import { fromMinor } from '@owo/contract';
import { MONEY_TOPICS } from '../notifications';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { webhookDeliveries, webhookEndpoints } from './tables';
import { emitWebhookEvent, emitWebhookEvents } from './webhooks';
import { payouts, payrollRows, payrolls } from '../../platform/schema';

export type AreaEvent = 'payout' | 'invoice' | 'payroll' | 'vending';

export type AreaEventInput = {
  accountId: string;
  event: AreaEvent;
  id: string;
  reference: string;
  status: string;
  amountMinor: number;
  currency: string;
  key?: string;
  extra?: Record<string, unknown>;
};
const areaEventOf = (e: AreaEventInput) => ({
  accountId: e.accountId,
  event: e.event,
  eventId: `${e.event}:${e.id}:${e.key ?? e.status}`,
  data: {
    id: e.id,
    reference: e.reference,
    status: e.status,
    amount: fromMinor(e.amountMinor),
    amountMinor: e.amountMinor,
    currency: e.currency,
    ...e.extra,
    occurredAt: new Date().toISOString(),
  },
});
/**
 * Emits one area event: `data` = `{ id, reference, status, amount, amountMinor, currency,
 * occurredAt, ...extra }`; event id `<event>:<record id>:<key>` (key defaults to the status, so a
 * repeated state change to the same status is delivered once per endpoint).
 */
export async function emitAreaEvent(tx: DbOrTx, e: AreaEventInput) {
  await emitWebhookEvent(tx, areaEventOf(e));
}
/** `emitAreaEvent` for many events in one statement (a batch of collections), in order. */
export async function emitAreaEvents(tx: DbOrTx, es: AreaEventInput[]) {
  await emitWebhookEvents(tx, es.map(areaEventOf));
}

/** `fromMinor` in SQL (bigint kobo → '1234.50'). */
const dec = (x: SQL) =>
  sql`(case when ${x} < 0 then '-' else '' end) || (abs(${x}) / 100)::text || '.' || lpad((abs(${x}) % 100)::text, 2, '0')`;
const NOW_ISO = sql`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The paid/failed events of payouts and payroll runs, as ONE statement over `u` (the settled
 * transaction), run by the money core inside its settle (the `settleSql` seam): the one-statement settle
 * folds it in as a CTE, the transactional path runs it in its transaction.
 * - `payout`: a payout's transfer settled → status `paid`, `failed` or `reversed` (event id per
 *   transfer, so a retried payout's second outcome is its own event).
 * - `payroll`: the settle that leaves no row of the run in flight → `paid` (every row paid),
 *   `partlyFailed` or `failed`, with the counts. Its event id is `payroll:<id>:settled:<sum of the
 *   rows' attempts>`, so a retry's outcome is a new event and the same outcome is written once.
 *   Two last rows settled at the same instant in two transactions each see the other in flight
 *   (READ COMMITTED snapshots), so neither writes it: `payrollOutcomeSweep` (the
 *   `webhook-payroll-outcomes` ticker) writes it then, under the same event id.
 */
export function settleWebhookSql(u: SQL): SQL {
  const outcome = sql`(case ${u}.status when 'success' then 'paid' when 'failed' then 'failed' else 'reversed' end)`;
  // a row's outcome as this statement sees it: the settled transaction's new status for its own row
  const rowStatus = sql`(case when r.transaction_id is null then 'failed' when t2.id = ${u}.id then ${u}.status else t2.status end)`;
  return sql`
    insert into ${webhookDeliveries} (account_id, endpoint_id, event, event_id, payload)
    select ev.account_id, we.id, ev.event, ev.event_id,
           jsonb_build_object('id', ev.event_id, 'event', ev.event, 'createdAt', ${NOW_ISO}, 'data', ev.data)
      from (
        -- the settled transfer itself, as notifyMoneyEvent's listener writes it for the other paths
        -- (same event id, so whichever path writes first wins and the other does nothing)
        select ${u}.account_id, 'transaction'::text as event, ${u}.id || ':' || ${u}.status as event_id,
               jsonb_build_object('topic', case ${u}.status when 'success' then ${MONEY_TOPICS.transferPaid}::text
                   when 'reversed' then ${MONEY_TOPICS.transferReversed}::text else ${MONEY_TOPICS.transferFailed}::text end,
                 'id', ${u}.id, 'type', ${u}.type, 'status', ${u}.status,
                 'amount', ${dec(sql`${u}.amount`)}, 'amountMinor', ${u}.amount,
                 'fee', ${dec(sql`${u}.fee`)}, 'feeMinor', ${u}.fee, 'currency', ${u}.currency,
                 'reference', ${u}.reference,
                 'createdAt', to_char(${u}.created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as data
          from ${u}
        union all
        select ${u}.account_id, 'payout'::text as event,
               'payout:' || p.id || ':' || ${outcome} || ':' || ${u}.id as event_id,
               jsonb_build_object('id', p.id, 'reference', p.reference, 'status', ${outcome},
                 'amount', ${dec(sql`p.amount_minor`)}, 'amountMinor', p.amount_minor,
                 'fee', ${dec(sql`${u}.fee`)}, 'feeMinor', ${u}.fee, 'currency', p.currency,
                 'transactionId', ${u}.id, 'failureReason', ${u}.failure_reason,
                 'occurredAt', ${NOW_ISO}) as data
          from ${u} join ${payouts} p on p.id::text = ${u}.source_id and p.account_id = ${u}.account_id
         where ${u}.source_type = 'payout'
        union all
        select ${u}.account_id, 'payroll'::text,
               'payroll:' || pr.id || ':settled:' || c.attempts,
               jsonb_build_object('id', pr.id, 'reference', pr.reference, 'name', pr.name,
                 'status', case when c.failed = 0 then 'paid' when c.paid > 0 then 'partlyFailed' else 'failed' end,
                 'amount', ${dec(sql`pr.net_minor`)}, 'amountMinor', pr.net_minor,
                 'paidAmount', ${dec(sql`c.paid_minor`)}, 'paidAmountMinor', c.paid_minor,
                 'currency', 'NGN', 'paidCount', c.paid, 'failedCount', c.failed,
                 'occurredAt', ${NOW_ISO})
          from ${u} join ${payrolls} pr on pr.id::text = ${u}.source_id and pr.account_id = ${u}.account_id
          cross join lateral (
            select count(*) filter (where ${rowStatus} = 'success')::int as paid,
                   count(*) filter (where ${rowStatus} in ('failed', 'reversed'))::int as failed,
                   count(*) filter (where ${rowStatus} not in ('success', 'failed', 'reversed'))::int as open,
                   coalesce(sum(r.net_minor) filter (where ${rowStatus} = 'success'), 0)::bigint as paid_minor,
                   sum(r.attempt)::int as attempts
              from ${payrollRows} r left join transactions t2 on t2.id = r.transaction_id
             where r.payroll_id = pr.id
          ) c
         where ${u}.source_type = 'payroll' and c.open = 0
      ) ev
      join ${webhookEndpoints} we on we.account_id = ev.account_id and we.enabled
                                 and we.deleted_at is null and we.events ? ev.event
    on conflict (endpoint_id, event_id) do nothing`;
}

/**
 * The backstop of the payroll outcome event (see `settleWebhookSql`): for runs paid in the last
 * 3 days (stored status `paying`) of accounts with an endpoint wanting `payroll`, the run's latest
 * settled transfer stands in for `u`; a run still in flight or already written writes nothing.
 */
export async function payrollOutcomeSweep(db: DbOrTx) {
  await db.execute(sql`
    with u as (
      select distinct on (t.source_id) t.*
        from ${payrolls} pr
        join transactions t on t.source_type = 'payroll' and t.source_id = pr.id::text
                           and t.account_id = pr.account_id and t.status in ('success', 'failed', 'reversed')
       where pr.status = 'paying' and pr.updated_at > now() - interval '3 days'
         and exists (select 1 from ${webhookEndpoints} we where we.account_id = pr.account_id
                        and we.enabled and we.deleted_at is null and we.events ? 'payroll')
       order by t.source_id, t.updated_at desc
    ) ${settleWebhookSql(sql`u`)}`);
}
