// The search and the keyset cursor of the transactions list (decision 019): whichever way a page is
// read (walking the newest rows for a common term, the trigram index for a rare one), it answers
// what the plain ordered ILIKE answers; the total is exact up to the cap and "1,000+" past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TRANSACTION_SEARCH_COUNT_CAP } from '@owo/contract';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { SEARCH_PROBE_ROWS } from './history-fused';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Owner = Awaited<ReturnType<typeof ownerWithAccount>>;
const N = 1200; // more than the probe reads and more than the cap

/**
 * `N` rows: every fifth a diesel bill, counterparties in four vendors; the 150 oldest (older than
 * every row the probe reads) are "Old rent", so that term is found only through the index.
 */
async function company() {
  const o = await ownerWithAccount(t);
  const wallet = (await o.api.get('/api/wallet')).body.data[0] as { id: string };
  await t.db
    .execute(sql`insert into transactions (account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty, narration, created_at, updated_at)
    select ${o.account.id}::uuid, ${wallet.id}::uuid, 'payout', 'failed', 100 + g, 0, 'NGN', 'srch_' || ${o.account.id.slice(0, 8)} || '_' || g,
      jsonb_build_object('accountName', 'VENDOR ' || (g % 4)),
      case when g <= 150 then 'Old rent' when g % 5 = 0 then 'Diesel bill' else 'Salary' end,
      timestamptz '2026-01-01 10:00:00+00' + (g / 3) * interval '1 minute', now()
    from generate_series(1, ${N}) g`);
  return o;
}

/** The plain answer: every matching id in the list's order. */
async function expected(o: Owner, term: string) {
  const r = await t.db.execute(sql`select id from transactions where account_id = ${o.account.id}
    and transaction_search_text(reference, narration, counterparty) ilike ${`%${term}%`}
    order by created_at desc, id desc`);
  return r.rows.map((x) => x.id as string);
}

const get = async (o: Owner, q: Record<string, string | number>) => {
  const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const res = await o.api.get(`/api/transactions?${params}`);
  expect(res.status).toBe(200);
  return res.body as {
    data: { id: string }[];
    metadata: { pagination: { totalItems: number; totalPages: number; totalIsEstimate?: boolean } };
  };
};

describe('searching the transactions at scale', () => {
  let o: Owner;
  beforeAll(async () => {
    o = await company();
  });

  it('answers each page as the plain ordered search, common terms and rare ones', async () => {
    const own = `srch_${o.account.id.slice(0, 8)}_1050`;
    for (const term of ['diesel', 'vendor 3', 'old rent', own, 'nothing like this']) {
      const want = await expected(o, term);
      for (const page of [1, 3]) {
        const got = await get(o, { search: term, limit: 10, page });
        expect(
          got.data.map((i) => i.id),
          `${term} page ${page}`,
        ).toEqual(want.slice((page - 1) * 10, page * 10));
        expect(got.metadata.pagination.totalItems, term).toBe(want.length);
        expect(got.metadata.pagination.totalIsEstimate, term).toBeUndefined();
      }
    }
    expect((await expected(o, 'old rent')).length).toBe(150); // only ever through the index
    expect(N - 150).toBeGreaterThanOrEqual(SEARCH_PROBE_ROWS);
  });

  it('counts a search only up to the cap, and says so', async () => {
    const term = `srch_${o.account.id.slice(0, 8)}_`; // every row
    const got = await get(o, { search: term, limit: 20 });
    expect(got.metadata.pagination).toMatchObject({
      totalItems: TRANSACTION_SEARCH_COUNT_CAP,
      totalIsEstimate: true,
      totalPages: TRANSACTION_SEARCH_COUNT_CAP / 20 + 1,
    });
    const want = await expected(o, term);
    expect(want).toHaveLength(N);
    // A page past the cap is still answered, in order.
    const deep = await get(o, { search: term, limit: 20, page: 52 });
    expect(deep.data.map((i) => i.id)).toEqual(want.slice(1020, 1040));
    expect(deep.data).toHaveLength(20);
  });

  it('reads from a cursor the items after it, as the next page by number', async () => {
    const shapes: Record<string, string>[] = [{}, { search: 'diesel' }, { where: '{"status":"failed"}' }];
    for (const q of shapes) {
      const p4 = await get(o, { ...q, limit: 20, page: 4 });
      const p5 = await get(o, { ...q, limit: 20, page: 5 });
      const after = await get(o, { ...q, limit: 20, cursor: p4.data.at(-1)!.id });
      expect(after.data.map((i) => i.id)).toEqual(p5.data.map((i) => i.id));
      expect(after.data).toHaveLength(20);
      expect(after.metadata.pagination.totalItems).toBe(p5.metadata.pagination.totalItems);
    }
    const other = await ownerWithAccount(t);
    const foreign = await get(other, { cursor: (await get(o, { limit: 1 })).data[0].id });
    expect(foreign.data).toEqual([]);
    const bad = await o.api.get('/api/transactions?cursor=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.cursor).toBeDefined();
  });
});
