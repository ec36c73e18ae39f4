// GET /api/expense on the list kit (platform/list.ts preparedPage + platform/csv.ts preparedCsv):
// the sub-lists' filters, search, where, dates, paging, and a CSV export of exactly the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_LIST_MSG } from '@owo/contract';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const q = (o: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)]))}`;

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

async function company() {
  const o = await fundedOwner(t, 1_000_000_00);
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  return { o, a };
}

const body = (o: { wallet: { id: string } }, approverId: string, description: string, amount = '1500') => ({
  amount,
  walletId: o.wallet.id,
  currency: 'NGN',
  bankCode: '058',
  bankAccountNumber: ordinaryAccount(),
  approverId,
  purpose: { description },
});

describe('GET /api/expense (the list kit)', () => {
  it('filters by sub-list, maker, search, where and dates; pages; never shows another company', async () => {
    const { o, a } = await company();
    const other = await company();
    await other.o.api.post('/api/expense', body(other.o, other.a.user.id, 'Diesel, other company'));
    const made: { id: string; approvalWorkflowPendingApprovalItem: { id: string } }[] = [];
    for (const d of ['Diesel for the generator', 'Office rent, "March"', '=HYPERLINK("x") stationery']) {
      const res = await o.api.post('/api/expense', body(o, a.user.id, d));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.data);
    }
    // The maker's own: a member who may create expenses.
    const m = await memberWithRole(t, o.account.id, 'finance-manager');
    const mine = (await m.api.post('/api/expense', body(o, a.user.id, 'Taxi to the bank'))).body.data;
    // One rejected.
    const rej = await a.api.post(
      `/api/approval-workflows/pending-approvals/approve/${made[0].approvalWorkflowPendingApprovalItem.id}`,
      { approvalStatus: 'rejected', comments: 'Wrong amount' },
    );
    expect(rej.status).toBe(200);

    const ids = async (query: Record<string, string | number>, api = o.api) => {
      const res = await api.get(`/api/expense${q(query)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { id: string }[]).map((x) => x.id);
    };
    expect(await ids({})).toEqual([mine.id, made[2].id, made[1].id, made[0].id]);
    expect(await ids({ status: 'pending' })).toEqual([mine.id, made[2].id, made[1].id]);
    expect(await ids({ status: 'rejected' })).toEqual([made[0].id]);
    expect(await ids({ status: 'active' })).toEqual([]);
    expect(await ids({ mine: 'true' }, m.api)).toEqual([mine.id]);
    expect(await ids({ search: 'diesel' })).toEqual([made[0].id]);
    expect(await ids({ search: '%' })).toEqual([]); // LIKE wildcards are literal
    expect(await ids({ where: JSON.stringify({ currency: ['USD'] }) })).toEqual([]);
    expect(await ids({ where: JSON.stringify({ currency: 'NGN', walletId: o.wallet.id }) })).toHaveLength(4);
    expect(await ids({ period: '24h' })).toHaveLength(4);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await ids({ from: tomorrow })).toEqual([]);
    const page2 = await o.api.get(`/api/expense${q({ limit: 3, page: 2 })}`);
    expect(page2.body.data.map((x: { id: string }) => x.id)).toEqual([made[0].id]);
    expect(page2.body.metadata.pagination).toEqual({ page: 2, limit: 3, totalItems: 4, totalPages: 2 });
    const row = (await o.api.get('/api/expense?status=rejected')).body.data[0];
    expect(row).toMatchObject({
      status: 'rejected',
      amount: '1500.00',
      amountMinor: 150_000,
      currency: 'NGN',
    });
    expect(row.maker.name).toBeTruthy();

    const bad = await o.api.get(`/api/expense${q({ where: '{"currency":"XYZ"}' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.where).toEqual([EXPENSE_LIST_MSG.whereInvalid]);
    const range = await o.api.get(`/api/expense${q({ from: '2026-03-02', to: '2026-03-01' })}`);
    expect(range.status).toBe(400);
    expect(range.body.errors!.to).toEqual([EXPENSE_LIST_MSG.dateRange]);
  });

  it('format=csv streams exactly the rows of the filtered list, formula-safe', async () => {
    const { o, a } = await company();
    for (const d of ['Diesel', 'Rent, "April"', '=HYPERLINK("x")'])
      await o.api.post('/api/expense', body(o, a.user.id, d, '2500.50'));
    const csvOf = async (query: Record<string, string | number>) => {
      const res = await fetch(`${t.baseUrl}/api/expense${q({ ...query, format: 'csv' })}`, {
        headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
      });
      return { res, text: await res.text() };
    };
    for (const filters of [{}, { search: 'rent' }, { status: 'pending' }, { status: 'completed' }] as Record<
      string,
      string
    >[]) {
      const page = await o.api.get(`/api/expense${q({ ...filters, limit: 100 })}`);
      const { res, text } = await csvOf({ ...filters, page: 2, limit: 1 }); // paging is ignored
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="owo-expenses.csv"');
      const [header, ...rows] = parseCsv(text);
      expect(header[0]).toBe('Date');
      const id = header.indexOf('Id');
      expect(rows.map((r) => r[id])).toEqual(page.body.data.map((i: { id: string }) => i.id));
    }
    const [header, ...rows] = parseCsv((await csvOf({})).text);
    const col = (n: string) => header.indexOf(n);
    expect(rows.map((r) => r[col('Description')])).toEqual([`'=HYPERLINK("x")`, 'Rent, "April"', 'Diesel']);
    expect(rows[0][col('Amount')]).toBe('2500.50');
    expect(rows[0][col('Status')]).toBe('pending');
    const bad = await csvOf({ where: 'not json' });
    expect(bad.res.status).toBe(400);
  });
});
