// formatMoney (packages/contract) as a SQL expression, for a statement that writes a text about an
// amount it reads itself (the one-statement settle's notification). format-sql.test.ts holds it
// equal to formatMoney for every currency and a wide range of amounts.
import { sql, type SQL } from 'drizzle-orm';
import { CURRENCY_INFO } from '@owo/contract';

const SYMBOLS = JSON.stringify(
  Object.fromEntries(Object.entries(CURRENCY_INFO).map(([c, i]) => [c, i.symbol])),
);

/** `formatMoney(minor, currency)` (en-NG, two decimals: ₦1,234.50) of SQL bigint and text expressions. */
export function formatMoneySql(minor: SQL, currency: SQL): SQL {
  return sql`(case when ${minor} < 0 then '-' else '' end
    || coalesce(${SYMBOLS}::jsonb ->> ${currency}, ${currency} || ' ')
    || to_char(abs(${minor})::numeric / 100, 'FM999,999,999,999,999,990.00'))`;
}
