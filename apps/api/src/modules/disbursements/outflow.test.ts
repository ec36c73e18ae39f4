// One way money leaves (issue 34 §1) for bulk disbursements: the final approval writes the digest of
// the whole batch (every row's amount, fee, bank and account, the wallet) into the trail; a retry of
// the failed rows pays exactly those rows as approved, or nothing. A row changed after the failure
// (any edit path: here the row itself) is refused with 409 and no money moves.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { disbursementItems } from './tables';

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

const HEADER = 'accountNumber,bankCode,amount,narration';
const csv = (rows: string[][]) => [HEADER, ...rows.map((r) => r.join(','))].join('\r\n') + '\r\n';

describe('bulk disbursements pay only what was approved (issue 34 §1)', () => {
  it('a failed row changed after approval is not paid by the retry', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const f = new FormData();
    f.append('name', 'November vendors');
    f.append('walletId', o.wallet.id);
    const body = csv([
      [ordinaryAccount(), '058', '1500', 'Vendor one'],
      [SANDBOX_TEST_ACCOUNTS.fails, '058', '700', 'Vendor two'],
    ]);
    f.append('file', new Blob([body], { type: 'text/csv' }), 'bulk.csv');
    const up = await o.api.post('/api/disbursements', f);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const id = up.body.data.id;
    const d = await waitFor('validation', async () => {
      const x = (await o.api.get(`/api/disbursements/${id}`)).body.data;
      return x.status !== 'validating' && x;
    });
    expect(d.status).toBe('pending');
    const ok = await admin.api.post(
      `/api/approval-workflows/pending-approvals/approve/${d.approvalWorkflowPendingApprovalItem.id}`,
      { approvalStatus: 'approved', comments: 'Checked the batch' },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const paid = await t.db.select().from(transactions).where(eq(transactions.sourceId, id));
    expect(paid).toHaveLength(2);
    for (const x of paid) expect(x.metadata).toMatchObject({ authority: 'approval:disbursement' });
    await waitFor('row 2 fails at the bank', async () => {
      const x = (await o.api.get(`/api/disbursements/${id}`)).body.data;
      return x.progress.failed === 1 && x.progress.paying === 0;
    });

    // After the failure the row is changed: another account, ten times the amount.
    const other = ordinaryAccount();
    await t.db
      .update(disbursementItems)
      .set({ accountNumber: other, amountMinor: 7_000_00 })
      .where(and(eq(disbursementItems.disbursementId, id), eq(disbursementItems.rowNo, 2)));
    const before = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    const retry = await o.api.post(`/api/disbursements/${id}/retry`, {}, { 'idempotency-key': `r-${id}` });
    expect(retry.status, JSON.stringify(retry.body)).toBe(409);
    const after = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect([after.balance, after.pendingBalance]).toEqual([before.balance, before.pendingBalance]);
    const toOther = await t.db
      .select()
      .from(transactions)
      .where(sql`${transactions.counterparty}->>'accountNumber' = ${other}`);
    expect(toOther).toEqual([]);

    // Put back as approved: the retry pays it, exactly as approved.
    await t.db
      .update(disbursementItems)
      .set({ accountNumber: SANDBOX_TEST_ACCOUNTS.fails, amountMinor: 700_00 })
      .where(and(eq(disbursementItems.disbursementId, id), eq(disbursementItems.rowNo, 2)));
    const again = await o.api.post(`/api/disbursements/${id}/retry`, {}, { 'idempotency-key': `r2-${id}` });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const all = await t.db.select().from(transactions).where(eq(transactions.sourceId, id));
    expect(all).toHaveLength(3);
    const third = all.find((x) => x.reference.endsWith('-2-2'))!;
    expect([third.amount, third.counterparty.accountNumber]).toEqual([700_00, SANDBOX_TEST_ACCOUNTS.fails]);
    await waitFor(
      'settled',
      async () => (await o.api.get(`/api/disbursements/${id}`)).body.data.progress.paying === 0,
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
