// ledger:verify from a checkpoint (decision 019): the entries written after it are checked one by
// one; a row changed before it is seen only by the full mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { fundWallet } from './test-utils';
import { verifyLedgerFrom } from './verify-checkpoint';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Adds `by` to one posting of `entryId`, past the append-only triggers (a tampering). */
async function tamper(entryId: string, by: number) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update postings set amount = amount + ${by}
      where id = (select id from postings where entry_id = ${entryId} order by id limit 1)`);
  });
}
const lastEntry = async (walletId: string) =>
  (
    await t.db.execute(sql`select e.id from journal_entries e join transactions x on x.id = e.transaction_id
      where x.wallet_id = ${walletId} order by e.created_at desc limit 1`)
  ).rows[0].id as string;

describe('ledger:verify from a checkpoint', () => {
  it('checks only what came after the checkpoint; the full mode sees a change before it', async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0] as { id: string };
    // Enough entries before the checkpoint that one more is checked incrementally (not a fifth).
    for (let i = 0; i < 10; i++) await fundWallet(t.app.deps, wallet.id, 70);
    const first = await verifyLedgerFrom(t.db);
    expect(first).toMatchObject({ mode: 'full', problems: [] });
    const before = await lastEntry(wallet.id);

    // Nothing new: an incremental run reads no entry.
    expect(await verifyLedgerFrom(t.db)).toMatchObject({ mode: 'incremental', entries: 0, problems: [] });

    // An entry after the checkpoint that does not balance: caught by the incremental run.
    await fundWallet(t.app.deps, wallet.id, 300);
    const after = await lastEntry(wallet.id);
    await tamper(after, 1);
    const caught = await verifyLedgerFrom(t.db);
    expect(caught.mode).toBe('incremental');
    expect(caught.problems.some((p) => p.includes(after) && p.startsWith('entry balanced'))).toBe(true);
    await tamper(after, -1);
    expect(await verifyLedgerFrom(t.db)).toMatchObject({ mode: 'incremental', problems: [] });

    // A cached balance that drifts is caught from the checkpoint's sums.
    await t.db.execute(sql`update wallets set balance = balance + 1 where id = ${wallet.id}`);
    expect((await verifyLedgerFrom(t.db)).problems.some((p) => p.startsWith('wallet balance'))).toBe(true);
    await t.db.execute(sql`update wallets set balance = balance - 1 where id = ${wallet.id}`);

    // An entry before the checkpoint changed: the incremental run cannot see it, the full one does.
    await tamper(before, 5);
    expect(await verifyLedgerFrom(t.db)).toMatchObject({ mode: 'incremental', problems: [] });
    const full = await verifyLedgerFrom(t.db, { full: true });
    expect(full.mode).toBe('full');
    expect(full.problems.some((p) => p.includes(before) && p.startsWith('entry balanced'))).toBe(true);
    await tamper(before, -5);
    expect(await verifyLedgerFrom(t.db, { full: true })).toMatchObject({ mode: 'full', problems: [] });
  });

  it('reads a larger increment once and still sees each kind of break in it', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0] as { id: string };
    const elsewhere = (await other.api.get('/api/wallet')).body.data[0] as { id: string };
    // At least as many entries before the checkpoint as after it (else the run is a full one).
    for (let i = 0; i < 12; i++) await fundWallet(t.app.deps, wallet.id, 70);
    expect(await verifyLedgerFrom(t.db, { full: true })).toMatchObject({ mode: 'full', problems: [] });
    // An increment of many entries (each fundWallet is one).
    for (let i = 0; i < 12; i++) await fundWallet(t.app.deps, wallet.id, 100 + i);
    const entry = await lastEntry(wallet.id);
    const txId = (await t.db.execute(sql`select transaction_id from journal_entries where id = ${entry}`))
      .rows[0].transaction_id as string;
    // Past the triggers: the wallet's posting of a new entry gone (so the cached wallet balance no longer
    // matches the postings), its transaction moved to another company's wallet.
    const gone = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const row = (
        await tx.execute(sql`delete from postings where id = (select p.id from postings p
            join ledger_accounts la on la.id = p.ledger_account_id
            where p.entry_id = ${entry} and la.wallet_id = ${wallet.id} and la.code = 'wallet')
          returning id, entry_id, ledger_account_id, amount, currency`)
      ).rows[0];
      await tx.execute(sql`update transactions set wallet_id = ${elsewhere.id} where id = ${txId}`);
      return row;
    });
    const run = await verifyLedgerFrom(t.db);
    expect(run.mode).toBe('incremental');
    expect(run.entries).toBe(12);
    const has = (rule: string, id: string) => run.problems.some((p) => p.startsWith(rule) && p.includes(id));
    expect(has('entry balanced per currency', entry)).toBe(true);
    expect(has('entry has postings', entry)).toBe(true);
    expect(has('references resolve', txId)).toBe(true);
    expect(run.problems.some((p) => p.startsWith('wallet balance'))).toBe(true);
    // Put back: the same increment is checked again (the failed run kept the checkpoint) and passes.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into postings (id, entry_id, ledger_account_id, amount, currency)
        values (${gone.id}, ${gone.entry_id}, ${gone.ledger_account_id}, ${gone.amount}, ${gone.currency})`);
      await tx.execute(sql`update transactions set wallet_id = ${wallet.id} where id = ${txId}`);
    });
    expect(await verifyLedgerFrom(t.db)).toMatchObject({ mode: 'incremental', entries: 12, problems: [] });
    expect(await verifyLedgerFrom(t.db)).toMatchObject({ mode: 'incremental', entries: 0, problems: [] });
  });
});
