import type { ChildProcess } from 'node:child_process';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memberWithRole, setKybTier, type TestApp } from '../../../test/helpers';
import { freePort } from '../../platform/db';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
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
import { disbursementItems } from './tables';

// KILL test (issue 23 §5): a real worker process (the app as `npm start` boots it, jobs on) is
// SIGKILLed while a bulk disbursement's rows are being dispatched, settled and webhooked, then
// restarted: every row must end paid exactly once (one transfer per row, one provider transfer per
// reference) and the ledger must balance.

const ROWS = 150;

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

describe('bulk disbursement survives a killed worker', () => {
  it('SIGKILL mid-payment, restart: every row paid exactly once, ledger sound', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    await setKybTier(t, o.account.id, 3);
    const admin = await memberWithRole(t, o.account.id, 'admin');
    const lines = ['accountNumber,bankCode,amount,narration'];
    for (let i = 0; i < ROWS; i++)
      lines.push(
        `${i === 7 ? SANDBOX_TEST_ACCOUNTS.fails : ordinaryAccount()},058,${1000 + i}.25,Row ${i + 1}`,
      );
    child = await startCrashServer(t, port);
    const f = new FormData();
    f.append('name', 'Kill test');
    f.append('walletId', o.wallet.id);
    f.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'kill.csv');
    const up = await o.api.post('/api/disbursements', f);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const id = up.body.data.id;
    const d = await waitFor('validated', async () => {
      const b = (await o.api.get(`/api/disbursements/${id}`)).body.data;
      return b.status === 'pending' && b;
    });
    const approved = await admin.api.post(
      `/api/approval-workflows/pending-approvals/approve/${d.approvalWorkflowPendingApprovalItem.id}`,
      { approvalStatus: 'approved', comments: 'Kill test approval' },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // Kill the worker while dispatches, outcomes and webhooks are in flight.
    const inFlight = await killWhileAtProvider(t, child, {
      prefix: d.reference,
      min: 10,
      sourceId: id,
      timeoutMs: 30_000,
    });
    expect(inFlight).toBeGreaterThan(0);
    child = await startCrashServer(t, port);

    const done = await waitFor(
      'every row final',
      async () => {
        const b = (await o.api.get(`/api/disbursements/${id}`)).body.data;
        return b.progress.paying === 0 && b;
      },
      180_000,
      1000,
    );
    expect(done.progress).toMatchObject({ rows: ROWS, paid: ROWS - 1, failed: 1 });
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, id));
    expect(txs).toHaveLength(ROWS); // one transfer per row: nobody paid twice
    expect(new Set(txs.map((x) => x.reference)).size).toBe(ROWS);
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
    expect(perRef).toHaveLength(ROWS);
    expect(perRef.every((p) => p.n === 1)).toBe(true);
    const items = await t.db
      .select()
      .from(disbursementItems)
      .where(and(eq(disbursementItems.disbursementId, id)));
    expect(items.every((i) => i.attempt === 1)).toBe(true);
    const paid = txs.filter((x) => x.status === 'success').reduce((s, x) => s + x.amount + x.fee, 0);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id));
    expect([w.balance, w.pendingBalance]).toEqual([10_000_000_00 - paid, 0]);
    expect(await verifyLedger(t.db)).toEqual([]);
    child.kill('SIGTERM');
  });
});
