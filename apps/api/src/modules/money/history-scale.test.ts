// The history list's reads at scale (decision 018): the keyset CSV across batches, the counted total,
// the page past an offset and the trigram search answer what the plain reads answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { text } from 'node:stream/consumers';
import { transactionHistoryQuery } from '@owo/contract';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { historyCsv } from './history';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** `n` rows dated on three instants a microsecond apart, so batches end inside runs of equal times. */
async function company(n: number) {
  const o = await ownerWithAccount(t);
  const wallet = (await o.api.get('/api/wallet')).body.data[0] as { id: string };
  await t.db
    .execute(sql`insert into transactions (account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty, narration, created_at, updated_at)
    select ${o.account.id}::uuid, ${wallet.id}::uuid, 'payout', 'failed', 100 + g, 0, 'NGN', 'scl_' || ${o.account.id.slice(0, 8)} || '_' || g,
      jsonb_build_object('accountName', 'VENDOR ' || (g % 4)), case when g % 5 = 0 then 'Diesel bill' else 'Salary' end,
      timestamptz '2026-11-01 10:00:00.000001+00' + (g % 3) * interval '1 microsecond', now()
    from generate_series(1, ${n}) g`);
  return o;
}

const ids = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(',').at(-1));

describe('the transactions list at scale', () => {
  it('exports by keyset exactly the rows and order of the list, across batches ending on equal times', async () => {
    const o = await company(23);
    const page = await o.api.get('/api/transactions?limit=100');
    const want = (page.body.data as { id: string }[]).map((i) => i.id);
    for (const q of [{}, { search: 'diesel' }] as Record<string, string>[]) {
      const all = (await o.api.get(`/api/transactions?limit=100&${new URLSearchParams(q)}`)).body.data as {
        id: string;
      }[];
      const query = transactionHistoryQuery.parse(q);
      const csv = await text(historyCsv(t.db, o.account.id, query, new Date(), 4));
      expect(ids(csv)).toEqual(all.map((i) => i.id));
    }
    expect(want).toHaveLength(23);
  });

  it('answers a page past an offset and its total as the whole ordered list does', async () => {
    const o = await company(45);
    const all = (await o.api.get('/api/transactions?limit=100')).body;
    expect(all.metadata.pagination.totalItems).toBe(45);
    const p3 = (await o.api.get('/api/transactions?limit=10&page=3')).body;
    expect(p3.metadata.pagination.totalItems).toBe(45);
    expect(p3.data.map((i: { id: string }) => i.id)).toEqual(
      all.data.slice(20, 30).map((i: { id: string }) => i.id),
    );
    // The counted total follows deletes (and inserts) in the writer's own transaction.
    await t.db.execute(sql`delete from transactions where account_id = ${o.account.id} and amount < 110`);
    expect((await o.api.get('/api/transactions?limit=10')).body.metadata.pagination.totalItems).toBe(36);
  });

  it('searches reference, narration and counterparty through the trigram text, one field at a time', async () => {
    const o = await company(20);
    const total = async (search: string) =>
      (await o.api.get(`/api/transactions?limit=10&search=${encodeURIComponent(search)}`)).body.metadata
        .pagination.totalItems as number;
    expect(await total('diesel')).toBe(4);
    expect(await total('vendor 3')).toBe(5);
    expect(await total(`scl_${o.account.id.slice(0, 8)}_1`)).toBe(11); // 1, 10..19
    expect(await total('Salary')).toBe(16);
    expect(await total('bill\u001fVENDOR')).toBe(0); // never across two fields
  });
});
