// One way money leaves (issue 34 §1) for payroll runs: the final approval writes the digest of the
// whole run (every line's net pay, fee, bank and account, the wallet, the pay date) into the trail; a
// retry of the failed lines pays exactly those lines as approved, or nothing. A line changed after the
// failure (any edit path: here the row itself) is refused with 409 and no money moves.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { vaultFor } from '../../platform/vault';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { ROW_ACCOUNT_FIELD } from './shared';
import { payrollRows } from './tables';

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

let n = 0;
const employee = (accountNumber: string) => ({
  name: `Employee ${++n}`,
  email: `outflow${n}.${Date.now()}@example.ng`,
  salaryAmount: '80000',
  bankCode: '058',
  accountNumber,
});

describe('payroll runs pay only what was approved (issue 34 §1)', () => {
  it('a failed line changed after approval is not paid by the retry', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const added = await o.api.post('/api/payrolls/employees/add', {
      employees: [employee(ordinaryAccount()), employee(SANDBOX_TEST_ACCOUNTS.fails)],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const created = await o.api.post('/api/payrolls', {
      name: 'November 2026 salaries',
      type: 'once',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: added.body.data.map((e: any) => e.id),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const p = created.body.data;
    const item = (await o.api.post(`/api/payrolls/${p.id}/approve`)).body.data
      .approvalWorkflowPendingApprovalItem;
    const ok = await admin.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
      approvalStatus: 'approved',
      comments: 'Checked the payroll',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const started = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(started).toHaveLength(2);
    for (const x of started) expect(x.metadata).toMatchObject({ authority: 'approval:payroll' });
    await waitFor(
      'one line fails at the bank',
      async () => (await o.api.get(`/api/payrolls/${p.id}`)).body.data.status === 'partially_failed',
    );

    // After the failure the line is changed: another account, a larger net pay.
    const other = ordinaryAccount();
    const [failed] = await t.db
      .select()
      .from(payrollRows)
      .where(and(eq(payrollRows.payrollId, p.id), eq(payrollRows.rowNo, 2)));
    await t.db
      .update(payrollRows)
      .set({
        accountNumber: vaultFor(t.config).encrypt(ROW_ACCOUNT_FIELD, other),
        netMinor: failed.netMinor * 10,
      })
      .where(eq(payrollRows.id, failed.id));
    const before = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    const retry = await o.api.post(`/api/payrolls/${p.id}/payment/retry`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(409);
    const after = (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0];
    expect([after.balance, after.pendingBalance]).toEqual([before.balance, before.pendingBalance]);
    const toOther = await t.db
      .select()
      .from(transactions)
      .where(sql`${transactions.counterparty}->>'accountNumber' = ${other}`);
    expect(toOther).toEqual([]);

    // Put back as approved: the retry pays the line exactly as approved.
    await t.db.update(payrollRows).set(failed).where(eq(payrollRows.id, failed.id));
    const again = await o.api.post(`/api/payrolls/${p.id}/payment/retry`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const all = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(all).toHaveLength(3);
    const third = all.find((x) => x.reference.endsWith('-2-2'))!;
    expect([third.amount, third.counterparty.accountNumber]).toEqual([
      failed.netMinor,
      SANDBOX_TEST_ACCOUNTS.fails,
    ]);
    await waitFor(
      'settled',
      async () => (await o.api.get(`/api/payrolls/${p.id}`)).body.data.status !== 'paying',
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
