import { sql, type SQL } from 'drizzle-orm';
import { expenses } from '../expenses/tables';

/**
 * The seam through which areas plug into the insights (docs/ARCHITECTURE.md "Insights as built").
 * Money moves only through the ledger's `transactions`, each carrying `source_type`/`source_id` of
 * the business record that moved it. A source says how to find that record's subsidiary, so the
 * subsidiary filter and the per-subsidiary spend work for every area: expenses today; bills,
 * payroll runs, fund requests and vendings register theirs as they land (one entry each).
 */
export type InsightSource = {
  sourceType: string;
  /** SQL for the record's subsidiary id (uuid) given the transaction's `source_id` (text). */
  subsidiaryOf: (sourceId: SQL) => SQL;
};

const sources = new Map<string, InsightSource>();
export function registerInsightSource(s: InsightSource) {
  sources.set(s.sourceType, s);
}

registerInsightSource({
  sourceType: 'expense',
  subsidiaryOf: (id) =>
    sql`(select ${expenses.subsidiaryId} from ${expenses} where ${expenses.id} = ${id}::uuid)`,
});

/** The subsidiary of a transaction `t` through its source record (null when none is known). */
export function transactionSubsidiary(): SQL {
  const parts = [...sources.values()].map(
    (s) => sql`when t.source_type = ${s.sourceType} then ${s.subsidiaryOf(sql`t.source_id`)}`,
  );
  if (!parts.length) return sql`null::uuid`;
  return sql`(case ${sql.join(parts, sql` `)} else null::uuid end)`;
}
