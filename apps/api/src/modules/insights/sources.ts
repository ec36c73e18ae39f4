import { sql, type SQL } from 'drizzle-orm';
import { expenses } from '../../platform/schema';

/**
 * The seam through which areas plug into the insights (docs/areas/insights.md): `insightSource`
 * (insights/seams.ts), keyed by source type.
 * Money moves only through the ledger's `transactions`, each carrying `source_type`/`source_id` of
 * the business record that moved it. A source says how to find that record's subsidiary, so the
 * subsidiary filter and the per-subsidiary spend work for every area: expenses today; bills,
 * payroll runs, fund requests and vendings register theirs as they land (one entry each).
 */
export type InsightSource = {
  sourceType: string;
  /** A derived table of the account's records of this source: columns `source_id` (text) and `subsidiary_id` (uuid). */
  records: (accountId: string) => SQL;
};

/** The source built in (expenses), registered on the app's seam by `registerInsights`. */
export const EXPENSE_INSIGHT_SOURCE: InsightSource = {
  sourceType: 'expense',
  records: (accountId) =>
    sql`select ${expenses.id}::text as source_id, ${expenses.subsidiaryId} as subsidiary_id from ${expenses} where ${expenses.accountId} = ${accountId}`,
};

/**
 * A join giving each transaction `t` its subsidiary as `src.subsidiary_id` (null when its source
 * has none): one hash join over every registered source, not a lookup per row.
 */
export function subsidiaryJoin(sources: readonly InsightSource[], accountId: string): SQL {
  const parts = sources.map(
    (s) =>
      sql`select ${s.sourceType}::text as source_type, r.source_id, r.subsidiary_id from (${s.records(accountId)}) r`,
  );
  if (!parts.length)
    return sql`left join (select null::text as source_type, null::text as source_id, null::uuid as subsidiary_id where false) src on false`;
  return sql`left join (${sql.join(parts, sql` union all `)}) src on src.source_type = t.source_type and src.source_id = t.source_id`;
}
