import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { AppError } from '../../platform/errors';
import { transactions, wallets } from './tables';
import { fundWallet, TEST_BENEFICIARY } from './test-utils';
import type { SettleOutcome } from './settle-shared';
import { settleTransfer } from './settle-transfer';
import { markProcessing, startTransfer } from './start-transfer';
import { verifyLedger } from './verify';

// Random sequences of deposits, transfers, settlements (duplicated, reordered, concurrent) against a
// plain model; after every step the ledger invariants hold and the wallet matches the model.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Cmd =
  | { kind: 'deposit'; amount: number }
  | { kind: 'transfer'; amount: number; fee: number }
  | { kind: 'processing'; pick: number }
  | { kind: 'settle'; pick: number; outcome: SettleOutcome; concurrent: boolean };

type ModelTransfer = {
  reference: string;
  total: number;
  status: 'pending' | 'processing' | 'success' | 'failed' | 'reversed';
};

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      amount: fc.integer({ min: 1, max: 300_000 }),
      fee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('processing' as const), pick: fc.nat() }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom<SettleOutcome>('success', 'failed', 'reversed'),
      concurrent: fc.boolean(),
    }),
  },
);

function expectedChange(status: ModelTransfer['status'], outcome: SettleOutcome): boolean {
  const inFlight = status === 'pending' || status === 'processing';
  return inFlight || (outcome === 'reversed' && status === 'success');
}

describe('ledger properties', () => {
  it('random movement sequences keep every invariant (>= 1,000 steps)', async () => {
    const o = await ownerWithAccount(t);
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 20, maxLength: 30 }), async (cmds) => {
        // A fresh wallet per run: a new company each time (the NGN wallet comes with it).
        const acct = await ownerWithAccount(t);
        const [wallet] = await t.db.select().from(wallets).where(eq(wallets.accountId, acct.account.id));
        const m = { balance: 0, pending: 0, transfers: [] as ModelTransfer[] };
        for (const c of cmds) {
          steps++;
          if (c.kind === 'deposit') {
            const r = await fundWallet(t.app.deps, wallet.id, c.amount);
            expect(r.credited).toBe(true);
            m.balance += c.amount;
          } else if (c.kind === 'transfer') {
            const total = c.amount + c.fee;
            try {
              const tr = await startTransfer(t.db, {
                accountId: acct.account.id,
                walletId: wallet.id,
                amount: c.amount,
                fee: c.fee,
                ...TEST_BENEFICIARY,
                accountName: 'ADA OBI',
                initiatedBy: o.user.id,
                provider: 'sandbox',
              });
              expect(m.balance).toBeGreaterThanOrEqual(total);
              m.balance -= total;
              m.pending += total;
              m.transfers.push({ reference: tr.reference, total, status: 'pending' });
            } catch (err) {
              expect(err instanceof AppError && err.status === 'insufficient-funds').toBe(true);
              expect(m.balance).toBeLessThan(total);
            }
          } else if (m.transfers.length) {
            const tr = m.transfers[c.pick % m.transfers.length];
            if (c.kind === 'processing') {
              const r = await markProcessing(t.db, tr.reference, `prov-${c.pick}`);
              expect(r.changed).toBe(tr.status === 'pending');
              if (r.changed) tr.status = 'processing';
            } else {
              const attempts = c.concurrent ? 3 : 1;
              const results = await Promise.all(
                Array.from({ length: attempts }, () =>
                  settleTransfer(t.app.deps, { reference: tr.reference, outcome: c.outcome }),
                ),
              );
              const willChange = expectedChange(tr.status, c.outcome);
              expect(results.filter((r) => r.changed)).toHaveLength(willChange ? 1 : 0);
              if (willChange) {
                const inFlight = tr.status === 'pending' || tr.status === 'processing';
                if (inFlight) m.pending -= tr.total;
                if (c.outcome !== 'success') m.balance += tr.total;
                tr.status = c.outcome;
              }
              expect(results[0].transaction.status).toBe(tr.status);
            }
          }
          const [w] = await t.db.select().from(wallets).where(eq(wallets.id, wallet.id));
          expect([w.balance, w.pendingBalance]).toEqual([m.balance, m.pending]);
          expect(await verifyLedger(t.db)).toEqual([]);
        }
        const rows = await t.db.select().from(transactions).where(eq(transactions.walletId, wallet.id));
        for (const tr of m.transfers)
          expect(rows.find((r) => r.reference === tr.reference)?.status).toBe(tr.status);
        // Each reversal after success has exactly one linked payout_fund_reversal row.
        const reversedAfterSuccess = rows.filter(
          (r) => r.type === 'payout' && r.status === 'reversed' && r.relatedTransactionId,
        );
        const reversalRows = rows.filter((r) => r.type === 'payout_fund_reversal');
        expect(reversalRows.map((r) => r.relatedTransactionId).sort()).toEqual(
          reversedAfterSuccess.map((r) => r.id).sort(),
        );
      }),
      { numRuns: 50, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
    );
    expect(steps).toBeGreaterThanOrEqual(1000);
  });
});
