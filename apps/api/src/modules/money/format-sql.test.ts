import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { formatMoney } from '@owo/contract';
import { createDb, createPool, type Db } from '../../platform/db';
import { createTestDatabase } from '../../../test/helpers';
import { formatMoneySql } from './format-sql';

let pool: ReturnType<typeof createPool>;
let db: Db;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
  db = createDb(pool);
});
afterAll(async () => pool?.end());

describe('formatMoneySql', () => {
  it('writes exactly what formatMoney writes, for every currency and any amount', async () => {
    const amounts = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      // Up to ₦1 trillion: beyond ~10^14 minor units formatMoney's float division (minor / 100) rounds
      // the last kobo, where the SQL (numeric) stays exact.
      fc.integer({ min: -100_000_000_000_000, max: 100_000_000_000_000 }),
    );
    const currencies = fc.constantFrom('NGN', 'USD', 'GBP', 'EUR');
    const cases = fc.sample(fc.tuple(amounts, currencies), 400);
    cases.push([0, 'NGN'], [1, 'NGN'], [99, 'USD'], [100, 'GBP'], [100_000, 'NGN'], [123_456_789, 'NGN']);
    const values = sql.join(
      cases.map(([m, c]) => sql`(${m}::bigint, ${c}::text)`),
      sql`, `,
    );
    const res = await db.execute<{ s: string }>(
      sql`select ${formatMoneySql(sql`v.m`, sql`v.c`)} as s from (values ${values}) as v(m, c)`,
    );
    expect(res.rows.map((r) => r.s)).toEqual(cases.map(([m, c]) => formatMoney(m, c)));
  });
});
