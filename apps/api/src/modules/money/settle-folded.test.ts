// The in-flight settle does its own trigger work (settle-folded.ts, migration 0035): the same rollup,
// list changes, shards and balanced entry as the triggers write for any other writer, the triggers
// skipping that one statement only, and the settle's own balance check refusing an unbalanced entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import type { DbOrTx } from '../../platform/db';
import { foldedCtes, foldedMarkSql } from './settle-folded';
import { settleLocked } from './settle-locked';
import { settleTransfer, settleTransfers } from './settle-transfer';
import { startTransfer } from './start-transfer';
import { fundWallet, TEST_BENEFICIARY } from './test-utils';
import { verifyLedger } from './verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A company with a funded wallet and one payout in flight. */
async function inFlight(amount: number, fee: number) {
  const o = await ownerWithAccount(t);
  const walletId = (await o.api.get('/api/wallet')).body.data[0].id as string;
  await fundWallet(t.app.deps, walletId, 100_000);
  const tr = await startTransfer(t.db, {
    accountId: o.account.id,
    walletId,
    amount,
    fee,
    ...TEST_BENEFICIARY,
    accountName: 'ADA OBI',
    initiatedBy: o.user.id,
    provider: 'sandbox',
  });
  return { accountId: o.account.id, walletId, tr, userId: o.user.id };
}

const one = async (db: DbOrTx, q: ReturnType<typeof sql>) =>
  (await db.execute(q)).rows[0] as Record<string, unknown>;

/** A company with a funded wallet and payouts in flight to one beneficiary (one rollup key). */
async function manyInFlight(amounts: [amount: number, fee: number][]) {
  const { accountId, walletId, tr, userId } = await inFlight(amounts[0][0], amounts[0][1]);
  const refs = [tr.reference];
  for (const [amount, fee] of amounts.slice(1)) {
    const next = await startTransfer(t.db, {
      accountId,
      walletId,
      amount,
      fee,
      ...TEST_BENEFICIARY,
      accountName: 'ADA OBI',
      initiatedBy: userId,
      provider: 'sandbox',
    });
    refs.push(next.reference);
  }
  return { accountId, refs };
}

/** What the settle's trigger work leaves behind for one company, and the system shards' totals. */
async function footprint(accountId: string) {
  return {
    rollup: await one(
      t.db,
      sql`select coalesce(sum(amount_minor), 0)::int as amount, coalesce(sum(fee_minor), 0)::int as fee,
                 coalesce(sum(count), 0)::int as count
            from insight_daily where account_id = ${accountId} and type = 'payout'`,
    ),
    listChanges: (
      await one(t.db, sql`select count(*)::int as n from list_changes where account_id = ${accountId}`)
    ).n as number,
    shards: await one(
      t.db,
      sql`select coalesce(sum(s.balance) filter (where la.code = 'clearing:sandbox'), 0)::bigint::text as clearing,
                 coalesce(sum(s.balance) filter (where la.code = 'fees-revenue'), 0)::bigint::text as fees
            from ledger_balance_shards s join ledger_accounts la on la.id = s.ledger_account_id
           where la.account_id is null and la.currency = 'NGN'`,
    ),
  };
}

/** Settles by `settle` and answers what changed: the company's rollup and notes, the shards' growth. */
async function settledBy(settle: (reference: string) => Promise<unknown>) {
  const { accountId, tr } = await inFlight(40_000, 1_000);
  const before = await footprint(accountId);
  await settle(tr.reference);
  const after = await footprint(accountId);
  return {
    rollup: after.rollup,
    listChanges: after.listChanges - before.listChanges,
    clearing: BigInt(after.shards.clearing as string) - BigInt(before.shards.clearing as string),
    fees: BigInt(after.shards.fees as string) - BigInt(before.shards.fees as string),
  };
}

describe('the settle folds its trigger work', () => {
  it('writes the rollup, the list change and the shards exactly as the triggers do for another path', async () => {
    const folded = await settledBy((reference) =>
      settleTransfer(t.app.deps, { reference, outcome: 'success' }),
    );
    // The transactional path: plain statements, the triggers do the work.
    const triggered = await settledBy((reference) =>
      settleLocked(t.app.deps, { reference, outcome: 'success' }),
    );
    expect(folded).toEqual({
      rollup: { amount: 40_000, fee: 1_000, count: 1 },
      listChanges: 1,
      clearing: 40_000n,
      fees: 1_000n,
    });
    expect(triggered.rollup).toEqual(folded.rollup);
    expect(triggered.clearing).toBe(folded.clearing);
    expect(triggered.fees).toBe(folded.fees);
    // settleLocked writes the transaction row in more statements; each notes the company once.
    expect(triggered.listChanges).toBeGreaterThanOrEqual(1);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('rolls up a batch under one key, over a key already there, as the triggers do', async () => {
    const amounts: [number, number][] = [
      [10_000, 100],
      [20_000, 200],
      [30_000, 0],
    ];
    const rollupOf = async (settle: (refs: string[]) => Promise<void>) => {
      const { accountId, refs } = await manyInFlight(amounts);
      await settle(refs);
      return (
        await t.db.execute(
          sql`select payee, amount_minor::int as amount, fee_minor::int as fee, count from insight_daily
               where account_id = ${accountId} and type = 'payout' order by day, payee`,
        )
      ).rows;
    };
    // The first alone (a new key), then the other two in one statement (summed, onto that key).
    const folded = await rollupOf(async ([first, ...rest]) => {
      await settleTransfer(t.app.deps, { reference: first, outcome: 'success' });
      const settled = await settleTransfers(
        t.app.deps,
        rest.map((reference) => ({ reference, outcome: 'success' as const })),
      );
      expect(settled.map((x) => x?.transaction.status)).toEqual(['success', 'success']);
    });
    const triggered = await rollupOf(async (refs) => {
      for (const reference of refs) await settleLocked(t.app.deps, { reference, outcome: 'success' });
    });
    expect(folded).toEqual([{ payee: 'ADA OBI', amount: 60_000, fee: 300, count: 3 }]);
    expect(triggered).toEqual(folded);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('marks its own statement only: a later statement of the same transaction fires the triggers', async () => {
    const { accountId, tr } = await inFlight(30_000, 500);
    await t.db
      .transaction(async (tx) => {
        const s = await settleTransfer(
          { ...t.app.deps, db: tx as never },
          { reference: tr.reference, outcome: 'success' },
        );
        expect(s.transaction.status).toBe('success');
        // Not a path the app takes: a later statement taking the success back, which only the
        // triggers can account for.
        await tx.execute(sql`update transactions set status = 'failed' where id = ${tr.id}`);
        const r = await one(
          tx,
          sql`select sum(count)::int as count, sum(amount_minor)::int as amount from insight_daily
             where account_id = ${accountId} and type = 'payout'`,
        );
        expect(r).toEqual({ count: 0, amount: 0 });
        expect(
          (
            await one(
              tx,
              sql`select count(*)::int as n from list_changes where account_id = ${accountId}
        and xid = pg_current_xact_id()::text::bigint`,
            )
          ).n,
        ).toBe(2);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
  });

  it('its own balance check refuses an unbalanced entry, and nothing is written', async () => {
    const { walletId, tr } = await inFlight(20_000, 0);
    const wallet = () => one(t.db, sql`select balance, pending_balance from wallets where id = ${walletId}`);
    const was = await wallet();
    // The settle's shape with one posting missing: marked, so the ledger trigger skips it.
    const unbalanced = sql`
      with u as (
        update transactions set updated_at = now() where id = ${tr.id} and ${foldedMarkSql} returning *
      ), t as (select id, account_id, wallet_id, currency from u
      ), w as (
        update wallets set pending_balance = pending_balance - 20000 from t where wallets.id = t.wallet_id
        returning wallets.id, wallets.hold_ledger_account_id
      ), e as (
        insert into journal_entries (account_id, transaction_id, kind) select t.account_id, t.id, 'payout.settle' from t
        returning id
      ), v as (
        select e.id as entry_id, w.hold_ledger_account_id as la, -20000::bigint as amt, t.currency, false as sys
          from e, t, w
      )${foldedCtes(false)}
      select u.id from u, ck`;
    await expect(t.db.execute(unbalanced)).rejects.toMatchObject({
      cause: {
        code: '23514',
        message: expect.stringMatching(/unbalanced journal entry .* in NGN: postings sum to -20000/),
      },
    });
    expect(await wallet()).toEqual(was);
    expect(
      (await one(t.db, sql`select count(*)::int as n from journal_entries where transaction_id = ${tr.id}`))
        .n,
    ).toBe(1);
  });
});
