import type { ChildProcess } from 'node:child_process';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { freePort } from '../../platform/db';
import { sandboxTransfers } from '../../rails/sandbox/tables';
import {
  fundedOwner,
  killWhileAtProvider,
  ordinaryAccount,
  startCrashServer,
  waitFor,
} from '../funding/test-support';
import { transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { payrollRows } from './tables';

// KILL test (issue 25 §6): a real worker process (the app as `npm start` boots it, jobs on: the
// funding crash harness) is SIGKILLed while an approved payroll's employees are being dispatched,
// settled and webhooked, then restarted: every employee row must end paid exactly once (one
// transfer per row, one provider transfer per reference, attempt 1) and the ledger must balance.

const EMPLOYEES = 60;
const START = 10_000_000_00;

let t: TestApp;
let port: number;
let child: ChildProcess | null = null;

beforeAll(async () => {
  t = await createTestApp();
  port = await freePort();
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await t?.close();
});

describe('payroll survives a killed worker', () => {
  it('SIGKILL mid-payment, restart: every employee paid exactly once, ledger sound', async () => {
    const o = await fundedOwner(t, START);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const employees = Array.from({ length: EMPLOYEES }, (_, i) => ({
      name: `Kill Test Employee ${i + 1}`,
      email: `kill${i + 1}.${Date.now()}@example.ng`,
      salaryAmount: String(100_000 + i * 1_000),
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    }));
    const added = await o.api.post('/api/payrolls/employees/add', { employees });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const created = await o.api.post('/api/payrolls', {
      name: 'Kill test salaries',
      type: 'once',
      mode: 'instant',
      walletId: o.wallet.id,
      employees: added.body.data.map((e: any) => e.id),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const p = created.body.data;
    const submitted = await o.api.post(`/api/payrolls/${p.id}/approve`);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    child = await startCrashServer(t, port);
    const approved = await admin.api.post(
      `/api/approval-workflows/pending-approvals/approve/${submitted.body.data.approvalWorkflowPendingApprovalItem.id}`,
      { approvalStatus: 'approved', comments: 'Kill test approval' },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // Kill the worker while dispatches, outcomes and webhooks are in flight.
    const inFlight = await killWhileAtProvider(t, child, {
      prefix: p.reference,
      min: 5,
      sourceId: p.id,
      timeoutMs: 60_000,
    });
    expect(inFlight).toBeGreaterThan(0); // the kill really hit work in flight
    child = await startCrashServer(t, port);

    const done = await waitFor(
      'every row final',
      async () => {
        const d = (await o.api.get(`/api/payrolls/${p.id}`)).body.data;
        return d.status !== 'paying' && d;
      },
      180_000,
      1000,
    );
    expect(done).toMatchObject({ status: 'completed', paidCount: EMPLOYEES, failedCount: 0 });
    const rows = (await o.api.get(`/api/payrolls/${p.id}/employees?limit=1000`)).body.data;
    expect(rows).toHaveLength(EMPLOYEES);
    expect(rows.every((r: any) => r.status === 'paid')).toBe(true);

    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, p.id));
    expect(txs).toHaveLength(EMPLOYEES); // one transfer per employee: nobody paid twice
    expect(new Set(txs.map((x) => x.reference)).size).toBe(EMPLOYEES);
    expect(txs.every((x) => x.status === 'success')).toBe(true);
    const dbRows = await t.db.select().from(payrollRows).where(eq(payrollRows.payrollId, p.id));
    expect(dbRows.every((r) => r.attempt === 1)).toBe(true);
    expect(new Set(dbRows.map((r) => r.transactionId)).size).toBe(EMPLOYEES);
    const perRef = await t.db
      .select({ reference: sandboxTransfers.reference, n: count() })
      .from(sandboxTransfers)
      .where(
        inArray(
          sandboxTransfers.reference,
          txs.map((x) => x.reference),
        ),
      )
      .groupBy(sandboxTransfers.reference);
    expect(perRef).toHaveLength(EMPLOYEES);
    expect(perRef.every((x) => x.n === 1)).toBe(true);
    // each row's transfer carries that row's net pay
    const byId = new Map(txs.map((x) => [x.id, x]));
    for (const r of dbRows) expect(byId.get(r.transactionId!)!.amount).toBe(r.netMinor);

    const paid = txs.reduce((s, x) => s + x.amount + x.fee, 0);
    expect(paid).toBe(done.netAmountMinor + txs.reduce((s, x) => s + x.fee, 0));
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id));
    expect([w.balance, w.pendingBalance]).toEqual([START - paid, 0]);
    expect(await verifyLedger(t.db)).toEqual([]);
    child.kill('SIGTERM');
  });
});
