// The team report: spend per member and subsidiary, approval turnaround and what waits on each approver.
import { sql } from 'drizzle-orm';
import type { TeamReport } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { subsidiaryJoin } from './sources';
import {
  CREDIT_SQL,
  type InsightDeps,
  type InsightFilters,
  m,
  pair,
  txJoin,
  txScope,
  windowOf,
} from './window';

/**
 * The team report: spend per member (the ledger's outgoing transactions by who initiated them) and
 * per subsidiary (through each transaction's source record), approval turnaround per approver (the
 * decision trail: time since the previous trail entry, or since submission), and what waits on
 * each approver now (pending items naming them as a current approver).
 */
export async function teamReport({ db, seams }: InsightDeps, f: InsightFilters): Promise<TeamReport> {
  const sources = seams.hooks('insightSource');
  const w = windowOf(f);
  const scope = txScope(f, w);
  const [members, subs, approvers] = await Promise.all([
    db.execute(sql`
      select t.created_by as id, u.first_name || ' ' || u.last_name as name, u.email,
        t.spent::bigint as spent, t.n::int as n
      from (select t.created_by, sum(t.amount + t.fee) as spent, count(*) as n
            from transactions t ${txJoin(f, sources)} where ${scope} and t.type not in (${CREDIT_SQL}) group by 1) t
      join users u on u.id = t.created_by
      order by 4 desc limit 200`),
    db.execute(sql`
      select x.sid as id, coalesce(s.name, 'No subsidiary') as name, x.amount::bigint as spent, x.n::int as n
      from (select src.subsidiary_id as sid, sum(t.amount + t.fee) as amount, count(*) as n
            from transactions t ${subsidiaryJoin(sources, f.accountId)} where ${scope} and t.type not in (${CREDIT_SQL}) group by 1) x
      left join subsidiaries s on s.id = x.sid
      order by 3 desc`),
    approversQuery(db, f, w),
  ]);
  return {
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    currency: f.currency,
    members: (members.rows as { id: string; name: string; email: string; spent: string; n: number }[]).map(
      (r) => ({
        userId: r.id,
        name: r.name,
        email: r.email,
        ...pair('spent', m(r.spent)),
        count: r.n,
      }),
    ),
    subsidiaries: (subs.rows as { id: string | null; name: string; spent: string; n: number }[]).map((r) => ({
      subsidiaryId: r.id,
      name: r.name,
      ...pair('spent', m(r.spent)),
      count: r.n,
    })),
    approvers: approverDtos(approvers.rows),
  };
}

/**
 * Per approver: decisions in the window and their average turnaround (time since the previous trail
 * entry, or since submission), and the pending items naming them as a current approver now.
 */
function approversQuery(db: DbOrTx, f: InsightFilters, w: { from: Date; to: Date }) {
  return db.execute(sql`
    with d as (
      select d.user_id, d.decided_at,
        d.decided_at - coalesce(lag(d.decided_at) over (partition by d.item_id, d.round order by d.seq), i.created_at) as took
      from approval_decisions d join approval_items i on i.id = d.item_id
      where d.account_id = ${f.accountId} and d.user_id is not null
        and d.decided_at >= ${w.from.toISOString()}::timestamptz and d.decided_at < ${w.to.toISOString()}::timestamptz
    ), turn as (
      select user_id, count(*)::int as n, extract(epoch from avg(took)) / 3600 as hours from d group by 1
    ), waiting as (
      select a.uid as user_id, count(*)::int as n, sum(i.amount_minor)::bigint as amount
      from approval_items i cross join lateral unnest(
        -- who may act now (approvals/engine.ts resolveApprovers): the named approvers still
        -- active, else the active owners and admins; the maker left out under four eyes
        coalesce(
          (select array_agg(m.user_id) from account_members m
            where m.account_id = i.account_id and m.active and m.user_id = any(i.current_approver_ids)
              and not (i.four_eyes and m.user_id = i.maker_user_id)),
          (select array_agg(m.user_id) from account_members m
            where m.account_id = i.account_id and m.active and m.role_slug in ('owner', 'admin')
              and not (i.four_eyes and m.user_id = i.maker_user_id)),
          '{}'::uuid[])) as a(uid)
      where i.account_id = ${f.accountId} and i.status = 'pending' and i.currency = ${f.currency}
      group by 1
    )
    select coalesce(turn.user_id, waiting.user_id) as id, u.first_name || ' ' || u.last_name as name,
      coalesce(turn.n, 0) as decisions, turn.hours, coalesce(waiting.n, 0) as wn, coalesce(waiting.amount, 0)::bigint as wa
    from turn full join waiting on waiting.user_id = turn.user_id
    join users u on u.id = coalesce(turn.user_id, waiting.user_id)
    order by 6 desc, 3 desc`);
}

type ApproverRow = {
  id: string;
  name: string;
  decisions: number;
  hours: string | null;
  wn: number;
  wa: string;
};

function approverDtos(rows: unknown[]) {
  return (rows as ApproverRow[]).map((r) => ({
    userId: r.id,
    name: r.name,
    decisions: r.decisions,
    avgTurnaroundHours: r.hours === null ? null : Math.round(Number(r.hours) * 100) / 100,
    waitingCount: r.wn,
    ...pair('waitingAmount', m(r.wa)),
  }));
}
