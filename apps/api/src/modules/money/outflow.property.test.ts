// Issue 34 §1, as a property: random edit / bank-failure / retry / approve sequences on an expense
// and on a payout never move money that differs from the record's last approved manifest. After
// every step, each transfer the step started must carry exactly the manifest the record's approval
// item holds as final-approved (amount, fee, wallet, bank account) and its digest.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { SANDBOX_TEST_ACCOUNTS } from '../../rails/sandbox/test-accounts';
import { approvedManifest } from '../approvals';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import type { OutflowManifest } from './outflow';
import { transactions } from './tables';
import { verifyLedger } from './verify';

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

type Op =
  | { kind: 'approve' }
  | { kind: 'retry' }
  | { kind: 'edit'; amount: string; account: 'fails' | 'a' | 'b' }
  | { kind: 'tamper'; amountMinor: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: 'approve' }),
  fc.constant<Op>({ kind: 'retry' }),
  fc.record({
    kind: fc.constant('edit' as const),
    amount: fc.constantFrom('100', '250', '90000'),
    account: fc.constantFrom('fails' as const, 'a' as const, 'b' as const),
  }),
  fc.record({ kind: fc.constant('tamper' as const), amountMinor: fc.constantFrom(12_300, 9_000_000) }),
);

const approveItem = (api: any, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Looks right',
  });

/** Checks every transfer of `sourceId` not yet seen against the item's approved manifest now. */
async function checkNew(accountId: string, type: 'expense' | 'payout', sourceId: string, seen: Set<string>) {
  const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, sourceId));
  const fresh = txs.filter((x) => !seen.has(x.id));
  if (!fresh.length) return;
  const item = await approvedManifest(t.db, { accountId, type, resourceId: sourceId });
  expect(fresh).toHaveLength(1); // one step starts at most one attempt
  expect(item?.status).toBe('approved');
  const m = item!.manifest as OutflowManifest;
  for (const x of fresh) {
    expect({
      amount: x.amount,
      fee: x.fee,
      walletId: x.walletId,
      // The item keeps the manifest with account numbers masked; the digest covers the whole.
      accountNumber: `******${String(x.counterparty.accountNumber).slice(-4)}`,
      bankCode: x.counterparty.bankCode,
      digest: (x.metadata as { manifestDigest?: string }).manifestDigest,
    }).toEqual({
      amount: m.amountMinor,
      fee: m.feeMinor,
      walletId: m.walletId,
      accountNumber: m.accountNumber,
      bankCode: m.bankCode,
      digest: item!.manifestDigest,
    });
    seen.add(x.id);
  }
}

/** Waits while a transfer is in flight, so the sandbox's failure (or success) has landed. */
const settle = (read: () => Promise<string>) =>
  waitFor('settled', async () => !['paying', 'approved'].includes(await read()));

describe('one way money leaves (property)', () => {
  it('expenses: random edit / fail / retry / approve never pay other than the last approved manifest', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    const accounts = { fails: SANDBOX_TEST_ACCOUNTS.fails, a: ordinaryAccount(), b: ordinaryAccount() };
    const body = (amount: string, account: keyof typeof accounts) => ({
      amount,
      walletId: o.wallet.id,
      currency: 'NGN',
      bankCode: '058',
      bankAccountNumber: accounts[account],
      purpose: { description: 'Printer toner' },
      approverId: a.user.id,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 6 }), async (ops) => {
        const e = (await o.api.post('/api/expense', body('100', 'fails'))).body.data;
        const seen = new Set<string>();
        const status = async () => (await o.api.get(`/api/expense/${e.id}`)).body.data.status as string;
        for (const s of [{ kind: 'approve' } as Op, ...ops]) {
          if (s.kind === 'approve') {
            const item = (await o.api.get(`/api/expense/${e.id}`)).body.data
              .approvalWorkflowPendingApprovalItem;
            if (item?.status === 'pending') await approveItem(a.api, item.id);
          } else if (s.kind === 'retry') await o.api.post(`/api/expense/${e.id}/retry`, {});
          else if (s.kind === 'edit') await o.api.put(`/api/expense/${e.id}`, body(s.amount, s.account));
          else
            await t.db.execute(
              // Behind every edit path: the row itself.
              `update expenses set amount_minor = ${s.amountMinor} where id = '${e.id}'`,
            );
          await settle(status);
          await checkNew(o.account.id, 'expense', e.id, seen);
        }
      }),
      { numRuns: 6 },
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('payouts: random edit / fail / approve never pay other than the last approved manifest', async () => {
    const o = await fundedOwner(t, 10_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const vendor = async (accountNumber: string) =>
      (
        await o.api.post('/api/payee', {
          name: 'Ikeja Diesel Supplies',
          email: `accounts.${Math.random().toString(36).slice(2, 8)}@ikejadiesel.ng`,
          phone: '08031234567',
          billingAddress: '12 Allen Avenue, Ikeja',
          bankCode: '058',
          accountNumber,
        })
      ).body.data;
    const failing = await vendor(SANDBOX_TEST_ACCOUNTS.fails);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 6 }), async (ops) => {
        const p = (
          await o.api.post(
            '/api/payouts',
            {
              payoutOption: 'standard',
              walletId: o.wallet.id,
              payeeId: failing.id,
              amount: '100',
              currency: 'NGN',
              narration: 'Diesel for March',
            },
            { 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` },
          )
        ).body.data;
        const seen = new Set<string>();
        const status = async () => (await o.api.get(`/api/payouts/${p.id}`)).body.data.status as string;
        for (const s of [{ kind: 'approve' } as Op, ...ops]) {
          if (s.kind === 'approve' || s.kind === 'retry') {
            // A payout has no retry: a failed one is paid again only through a new approval.
            const item = (await o.api.get(`/api/payouts/${p.id}`)).body.data
              .approvalWorkflowPendingApprovalItem;
            if (item?.status === 'pending') await approveItem(a.api, item.id);
          } else if (s.kind === 'edit') await o.api.put(`/api/payouts/${p.id}`, { amount: s.amount });
          else await t.db.execute(`update payouts set amount_minor = ${s.amountMinor} where id = '${p.id}'`);
          await settle(status);
          await checkNew(o.account.id, 'payout', p.id, seen);
        }
      }),
      { numRuns: 6 },
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
