import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISBURSEMENT_MSG as M, MSG } from '@owo/contract';
import { memberWithRole, setKybTier, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { buildSheet, parseCsv as csvCells } from '../../platform/spreadsheet';

/** CSV text → non-blank rows of trimmed cells (as the upload reads them). */
const parseCsv = (text: string) =>
  csvCells(text)
    .map((r) => r.map((c) => c.trim()))
    .filter((r) => r.some((c) => c !== ''));
const writeXlsx = (rows: (string | number)[][]) => buildSheet(rows[0].map(String), rows.slice(1), 'xlsx');
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { disbursementItems, disbursements } from './tables';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

/** The text of a non-JSON answer (the test client keeps it under `raw`). */
const raw = (r: { body: unknown }) => (r.body as { raw: string }).raw;
const HEADER = 'accountNumber,bankCode,amount,narration';
const csv = (rows: string[][]) => [HEADER, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';
const row = (accountNumber = ordinaryAccount(), amount = '1500.50', narration = 'Vendor payment') => [
  accountNumber,
  '058',
  amount,
  narration,
];

async function company(balance = 10_000_000_00, tier: 1 | 2 | 3 = 3) {
  const o = await fundedOwner(t, balance);
  await setKybTier(t, o.account.id, tier);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  return { o, admin };
}

function form(
  fields: Record<string, string>,
  file?: { bytes: Buffer | string; name: string; type?: string },
) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file)
    f.append(
      'file',
      new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], {
        type: file.type ?? 'text/csv',
      }),
      file.name,
    );
  return f;
}

type Api = Awaited<ReturnType<typeof company>>['o']['api'];
const upload = (api: Api, walletId: string, body: string | Buffer, name = 'bulk.csv') =>
  api.post('/api/disbursements', form({ name: 'November vendors', walletId }, { bytes: body, name }));

const settledValidation = (api: Api, id: string) =>
  waitFor('validation', async () => {
    const d = (await api.get(`/api/disbursements/${id}`)).body.data;
    return d.status !== 'validating' && d;
  });

const approve = (api: Api, approvalId: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${approvalId}`, {
    approvalStatus: 'approved',
    comments: 'Checked the batch',
  });

const allFinal = (api: Api, id: string) =>
  waitFor('all rows final', async () => {
    const d = (await api.get(`/api/disbursements/${id}`)).body.data;
    return d.progress.paying === 0 && d.status !== 'paying' && d;
  });

describe('sheet parser', () => {
  it('reads RFC 4180 CSV: quotes, escaped quotes, CRLF/LF, BOM, blank lines', () => {
    expect(parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n\n1,2')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', '2'],
    ]);
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        (rows) => {
          const text = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
          const want = rows.map((r) => r.map((c) => c.trim())).filter((r) => r.some((c) => c !== ''));
          expect(parseCsv(text)).toEqual(want);
        },
      ),
    );
  });
});

describe('bulk disbursements', () => {
  it('upload CSV: bad rows kept with row numbers, fixed in place, submitted, approved, paid; retry pays failed rows only; report', async () => {
    const { o, admin } = await company();
    const file = csv([
      row(),
      row(ordinaryAccount(), '2000'),
      ['0123456780', '058', '100', 'bad check digit'], // NUBAN fails
      row(undefined, 'ten naira'), // amount unreadable
      ['1000000008', '058', '300', 'no such account'], // valid NUBAN, lookup finds nothing
      row(SANDBOX_TEST_ACCOUNTS.fails, '700'),
      ['123', '058', '50', 'short'],
    ]);
    const res = await upload(o.api, o.wallet.id, file);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(M.created);
    const id = res.body.data.id;
    expect(res.body.data.itemCount).toBe(7);
    const d = await settledValidation(o.api, id);
    expect(d.status).toBe('invalid');
    expect(d.progress).toMatchObject({ rows: 7, valid: 3, invalid: 4, validating: 0 });
    const bad = Object.fromEntries(
      d.items.filter((i: any) => i.status === 'invalid').map((i: any) => [i.row, i.error]),
    );
    expect(bad).toEqual({ 3: M.nuban, 4: M.amount, 5: M.notVerified, 7: M.accountNumber });
    const good = d.items.find((i: any) => i.row === 1);
    expect(good).toMatchObject({ status: 'valid', amount: '1500.50', amountMinor: 150050, bankCode: '058' });
    expect(good.accountName).toBeTruthy();
    expect(good.feeMinor).toBeGreaterThanOrEqual(0);
    // nothing held yet
    const w0 = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect(w0.balance).toBe(10_000_000_00);

    // submit with failed rows: refused, nothing changes
    const early = await o.api.post(`/api/disbursements/${id}/submit`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(M.hasInvalidRows);

    // fix rows in place
    const byRow = (n: number) => d.items.find((i: any) => i.row === n);
    const badFix = await o.api.patch(`/api/disbursements/${id}/items/${byRow(3).id}`, {
      accountNumber: '0123456780',
      bankCode: '058',
    });
    expect(badFix.status).toBe(400);
    expect(badFix.body.errors!.accountNumber).toEqual([M.nuban]);
    const unknownBank = await o.api.patch(`/api/disbursements/${id}/items/${byRow(3).id}`, {
      accountNumber: ordinaryAccount(),
      bankCode: '999',
    });
    expect(unknownBank.body.errors!.bankCode).toEqual([M.unknownBank]);
    for (const n of [3, 5, 7]) {
      const fixed = await o.api.patch(`/api/disbursements/${id}/items/${byRow(n).id}`, {
        accountNumber: ordinaryAccount(),
        bankCode: '058',
      });
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body.message).toBe(M.rowFixed);
    }
    // a row whose amount was unreadable stays failed with that reason after a bank fix
    const amountRow = await o.api.patch(`/api/disbursements/${id}/items/${byRow(4).id}`, {
      accountNumber: ordinaryAccount(),
      bankCode: '058',
    });
    expect(amountRow.status).toBe(200);
    expect(amountRow.body.data.items.map((i: any) => [i.row, i.error])).toEqual([[4, M.amount]]);
    // a valid row is not editable
    const notBad = await o.api.patch(`/api/disbursements/${id}/items/${byRow(1).id}`, {
      accountNumber: ordinaryAccount(),
      bankCode: '058',
    });
    expect(notBad.status).toBe(409);
    // remove the unreadable row from the batch the only way there is: a new upload. Here: mark it via SQL
    // is not allowed; instead check that submit still refuses, then use a clean batch below.
    expect((await o.api.post(`/api/disbursements/${id}/submit`)).status).toBe(409);

    // A clean file (with one row that the bank refuses) goes to approval by itself.
    const clean = await upload(
      o.api,
      o.wallet.id,
      csv([row(), row(ordinaryAccount(), '2000'), row(SANDBOX_TEST_ACCOUNTS.fails, '700')]),
    );
    const cid = clean.body.data.id;
    const cd = await settledValidation(o.api, cid);
    expect(cd.status).toBe('pending');
    expect(cd.totalMinor).toBe(150050 + 200000 + 70000 + cd.feeMinor);
    const item = cd.approvalWorkflowPendingApprovalItem;
    expect(item).toMatchObject({ type: 'disbursement', status: 'pending' });
    expect((await o.api.post(`/api/disbursements/${cid}/submit`)).status).toBe(409);
    const decided = await approve(admin.api, item.id);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    // the whole batch (amounts + fees) is held in the approving transaction
    const w1 = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect(w0.balance - w1.balance).toBe(cd.totalMinor);
    const done = await allFinal(o.api, cid);
    expect(done.status).toBe('partially_failed');
    expect(done.progress).toMatchObject({ paid: 2, failed: 1, paying: 0 });
    const failed = done.items.find((i: any) => i.status === 'failed');
    expect(failed.row).toBe(3);
    expect(failed.error).toBeTruthy();

    // retry: only the failed row, new attempt and reference
    const retryNoKey = await o.api.post(`/api/disbursements/${cid}/retry`);
    expect(retryNoKey.status).toBe(400);
    const key = { 'idempotency-key': `retry-${cid}` };
    const retry = await o.api.post(`/api/disbursements/${cid}/retry`, {}, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.message).toBe(M.retried);
    const again = await o.api.post(`/api/disbursements/${cid}/retry`, {}, key);
    expect(again.status).toBe(200); // the stored answer, no second payment
    await allFinal(o.api, cid);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, cid));
    expect(txs).toHaveLength(4);
    const ref = cd.reference;
    expect(txs.map((x) => x.reference).sort()).toEqual(
      [`${ref}-1-1`, `${ref}-2-1`, `${ref}-3-1`, `${ref}-3-2`].sort(),
    );
    const rows = await t.db.select().from(disbursementItems).where(eq(disbursementItems.disbursementId, cid));
    expect(rows.map((r) => r.attempt).sort()).toEqual([1, 1, 2]);

    const report = await o.api.get(`/api/disbursements/${cid}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = parseCsv(raw(report));
    expect(lines[0]).toEqual([
      'Row',
      'Account number',
      'Bank code',
      'Bank',
      'Account name',
      'Amount',
      'Fee',
      'Narration',
      'Status',
      'Error',
      'Transfer reference',
    ]);
    expect(lines.slice(1).map((l) => [l[0], l[8]])).toEqual([
      ['1', 'paid'],
      ['2', 'paid'],
      ['3', 'failed'],
    ]);
    expect(lines[3][10]).toBe(`${ref}-3-2`);

    // list tabs, search, CSV
    const active = await o.api.get('/api/disbursements?status=active');
    expect(active.body.data.map((x: any) => x.id)).toEqual([cid]);
    const pending = await o.api.get(`/api/disbursements?where=${encodeURIComponent('{"status":"pending"}')}`);
    expect(pending.body.data.map((x: any) => x.id)).toEqual([id]);
    expect((await o.api.get(`/api/disbursements?search=${ref}`)).body.data).toHaveLength(1);
    const listCsv = await o.api.get('/api/disbursements?format=csv');
    expect(parseCsv(raw(listCsv))).toHaveLength(3);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('upload xlsx; the KYB-tier limit applies to the batch total; insufficient funds fails every row, nothing held', async () => {
    const { o, admin } = await company(1_000_00, 1);
    const xlsx = await writeXlsx([
      ['accountNumber', 'bankCode', 'amount', 'narration'],
      [ordinaryAccount(), '058', 60000, 'Xlsx one'],
      [ordinaryAccount(), '058', '60000.00', 'Xlsx two'],
    ]);
    const res = await upload(o.api, o.wallet.id, xlsx, 'bulk.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = await settledValidation(o.api, res.body.data.id);
    expect(d.items.map((i: any) => [i.row, i.status, i.amount])).toEqual([
      [1, 'valid', '60000.00'],
      [2, 'valid', '60000.00'],
    ]);
    // ₦120,000 in total is over the tier-1 cap (each row alone is under it)
    expect(d.status).toBe('invalid');
    expect(d.error).toBe(MSG.kycIncompleteLimit);
    await setKybTier(t, o.account.id, 3);
    const sub = await o.api.post(`/api/disbursements/${d.id}/submit`);
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.message).toBe(M.submitted);
    expect(sub.body.data.status).toBe('pending');
    const ok = await approve(admin.api, sub.body.data.approvalWorkflowPendingApprovalItem.id);
    expect(ok.status).toBe(200);
    const after = (await o.api.get(`/api/disbursements/${d.id}`)).body.data;
    expect(after.status).toBe('failed');
    expect(after.items.map((i: any) => i.error)).toEqual([M.insufficientFunds, M.insufficientFunds]);
    const w = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect(w.balance).toBe(1_000_00);
    expect(await t.db.select().from(transactions).where(eq(transactions.sourceId, d.id))).toEqual([]);
  });

  it('a rejection marks the batch rejected and nothing is paid', async () => {
    const { o, admin } = await company();
    const res = await upload(o.api, o.wallet.id, csv([row()]));
    const d = await settledValidation(o.api, res.body.data.id);
    const rej = await admin.api.post(
      `/api/approval-workflows/pending-approvals/approve/${d.approvalWorkflowPendingApprovalItem.id}`,
      { approvalStatus: 'rejected', comments: 'Wrong vendor list' },
    );
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    const after = (await o.api.get(`/api/disbursements/${d.id}`)).body.data;
    expect(after.status).toBe('rejected');
    expect((await o.api.get('/api/disbursements?status=rejected')).body.data).toHaveLength(1);
  });

  it('bulk-total-equals-rows: after a fee change between validation and approval, the batch total is the fees its rows were charged', async () => {
    const { o, admin } = await company();
    const res = await upload(o.api, o.wallet.id, csv([row(), row(ordinaryAccount(), '2500.00')]));
    const d = await settledValidation(o.api, res.body.data.id);
    expect(d.status).toBe('pending');
    // The platform's transfer fee for this account changes while the batch waits for approval.
    await t.db.execute(sql`insert into fee_policies (account_id, method, currency, flat_minor)
      values (${o.account.id}, 'bank-transfer', 'NGN', 7500)`);
    expect((await approve(admin.api, d.approvalWorkflowPendingApprovalItem.id)).status).toBe(200);
    const after = (await o.api.get(`/api/disbursements/${d.id}`)).body.data;
    const fees = after.items.map((i: any) => i.feeMinor);
    expect(fees).toEqual([7_500, 7_500]);
    const charged = await t.db.select().from(transactions).where(eq(transactions.sourceId, d.id));
    expect(charged.map((x) => Number(x.fee))).toEqual([7_500, 7_500]);
    expect(after.feeMinor).toBe(15_000);
    expect(after.totalMinor).toBe(1500_50 + 2500_00 + 15_000);
  });

  it('refuses bad uploads with field errors and writes nothing', async () => {
    const { o } = await company();
    const bad = async (f: FormData, field: string, message: string) => {
      const r = await o.api.post('/api/disbursements', f);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors![field]).toEqual([message]);
    };
    const w = o.wallet.id;
    await bad(form({ name: 'x', walletId: w }), 'file', M.fileRequired);
    await bad(form({ walletId: w }, { bytes: csv([row()]), name: 'a.csv' }), 'name', M.nameRequired);
    await bad(
      form({ name: 'x', walletId: 'nope' }, { bytes: csv([row()]), name: 'a.csv' }),
      'walletId',
      M.selectWallet,
    );
    await bad(
      form(
        { name: 'x', walletId: '00000000-0000-4000-8000-000000000000' },
        { bytes: csv([row()]), name: 'a.csv' },
      ),
      'walletId',
      M.selectWallet,
    );
    await bad(
      form({ name: 'x', walletId: w }, { bytes: 'a,b,c\r\n1,2,3', name: 'a.csv' }),
      'file',
      M.badHeader,
    );
    await bad(form({ name: 'x', walletId: w }, { bytes: `${HEADER}\r\n`, name: 'a.csv' }), 'file', M.noRows);
    await bad(
      form(
        { name: 'x', walletId: w },
        { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), name: 'a.png' },
      ),
      'file',
      M.fileUnreadable,
    );
    await bad(
      form({ name: 'x', walletId: w }, { bytes: Buffer.from('PK\u0003\u0004garbage'), name: 'a.xlsx' }),
      'file',
      M.fileUnreadable,
    );
    const many = csv(Array.from({ length: 10_001 }, () => ['0000000000', '058', '1', 'x']));
    await bad(form({ name: 'x', walletId: w }, { bytes: many, name: 'a.csv' }), 'file', M.tooManyRows);
    const json = await o.api.post('/api/disbursements', { name: 'x', walletId: w });
    expect(json.status).toBe(400);
    expect(await t.db.select().from(disbursements).where(eq(disbursements.accountId, o.account.id))).toEqual(
      [],
    );

    // fuzz: random cell text never answers 5xx; every row is kept with its row number
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ maxLength: 20 }), { minLength: 0, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (cells) => {
          const body = `${HEADER}\r\n${cells.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n')}`;
          const r = await o.api.post(
            '/api/disbursements',
            form({ name: 'fuzz', walletId: w }, { bytes: body, name: 'f.csv' }),
          );
          expect([201, 400]).toContain(r.status);
          if (r.status === 201)
            expect(r.body.data.items.map((i: any) => i.row)).toEqual(
              r.body.data.items.map((_: any, i: number) => i + 1),
            );
        },
      ),
      { numRuns: 15 },
    );
    // bad inputs on the other routes
    expect((await o.api.get('/api/disbursements?status=nope')).status).toBe(400);
    expect((await o.api.get('/api/disbursements?where=%7B')).status).toBe(400);
    expect((await o.api.get('/api/disbursements/not-a-uuid')).status).toBe(400);
    expect(
      (await o.api.get('/api/disbursements/00000000-0000-4000-8000-000000000000?itemStatus=x')).status,
    ).toBe(400);
    const anyBatch = (await o.api.get('/api/disbursements')).body.data[0];
    const d = (await o.api.get(`/api/disbursements/${anyBatch.id}`)).body.data;
    const patch = await o.api.patch(`/api/disbursements/${d.id}/items/${d.items[0].id}`, {
      accountNumber: '12ab',
    });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toMatchObject({ accountNumber: [M.accountNumber], bankCode: [M.bankCode] });
    expect(raw(await o.api.get('/api/disbursements/template'))).toContain(HEADER);
  });

  it('tenancy: another account answers 404 on every route', async () => {
    const { o } = await company();
    const other = await company();
    const res = await upload(o.api, o.wallet.id, csv([['0123456780', '058', '10', 'x']]));
    const d = await settledValidation(o.api, res.body.data.id);
    const item = d.items[0].id;
    const x = other.o.api;
    expect((await x.get(`/api/disbursements/${d.id}`)).status).toBe(404);
    expect((await x.get(`/api/disbursements/${d.id}/report`)).status).toBe(404);
    expect(
      (
        await x.patch(`/api/disbursements/${d.id}/items/${item}`, {
          accountNumber: ordinaryAccount(),
          bankCode: '058',
        })
      ).status,
    ).toBe(404);
    expect((await x.post(`/api/disbursements/${d.id}/submit`)).status).toBe(404);
    expect(
      (await x.post(`/api/disbursements/${d.id}/retry`, {}, { 'idempotency-key': 'k-other' })).status,
    ).toBe(404);
    expect((await x.get('/api/disbursements')).body.data).toEqual([]);
    // their wallet is not ours either
    const theirs = await x.post(
      '/api/disbursements',
      form({ name: 'x', walletId: o.wallet.id }, { bytes: csv([row()]), name: 'a.csv' }),
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors!.walletId).toEqual([M.selectWallet]);
    // an item of another batch answers 404 under this batch
    const mine2 = await upload(o.api, o.wallet.id, csv([['0123456780', '058', '10', 'x']]));
    expect(
      (
        await o.api.patch(`/api/disbursements/${mine2.body.data.id}/items/${item}`, {
          accountNumber: ordinaryAccount(),
          bankCode: '058',
        })
      ).status,
    ).toBe(404);
  });
});
