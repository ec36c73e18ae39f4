// money/outflow.ts (issue 34 §1): the one entry point refuses what its authority does not cover and
// moves nothing then; the batch form digests every row; a system authority is named on the transfer.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { manifestDigest } from '../approvals';
import { approvalItems } from '../approvals/tables';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';
import { describeManifestChange } from './manifest-change';
import { batchManifest, OUTFLOW_MSG, type OutflowDraft } from './outflow';
import { payOut, payOutBatch } from './pay-out';
import { transactions, wallets } from './tables';
import { verifyLedger } from './verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function setup() {
  const o = await fundedOwner(t, 10_000_000_00);
  const draft = (amountMinor: number, accountNumber = ordinaryAccount()): OutflowDraft => ({
    amountMinor,
    currency: 'NGN',
    walletId: o.wallet.id,
    bankCode: '058',
    bankName: 'GTBank',
    accountNumber,
    accountName: 'ADA OBI',
    payee: null,
    date: null,
  });
  /** An approval item of a batch record, approved for `manifest`. */
  const approved = async (manifest: unknown, status: 'approved' | 'pending' = 'approved') => {
    const resourceId = randomUUID();
    await t.db.insert(approvalItems).values({
      accountId: o.account.id,
      type: 'payroll',
      resourceId,
      workflowName: 'Test',
      levels: [],
      makerUserId: o.user.id,
      amountMinor: 1,
      status,
      manifest,
      manifestDigest: manifestDigest(manifest),
    });
    return resourceId;
  };
  const balance = async () =>
    (await t.db.select().from(wallets).where(eq(wallets.id, o.wallet.id)))[0].balance;
  return { o, draft, approved, balance };
}

const rows = (drafts: OutflowDraft[]) =>
  drafts.map((d) => ({ draft: d, reference: `bat_${randomUUID().slice(0, 18)}`, narration: 'Salary' }));

describe('money/outflow', () => {
  it('a batch pays under one digest over its rows; a changed row, or a pending approval, moves nothing', async () => {
    const { o, draft, approved, balance } = await setup();
    const drafts = [draft(10_000_00), draft(20_000_00), draft(30_000_00)];
    const id = await approved(await batchManifest(t.db, o.account.id, drafts));
    const before = await balance();
    const run = (ds: OutflowDraft[], resourceId = id, pay?: number[]) =>
      t.db.transaction((tx) =>
        payOutBatch(tx, t.app.deps, {
          accountId: o.account.id,
          authority: { approval: 'payroll', resourceId },
          initiatedBy: o.user.id,
          sourceType: 'payroll',
          sourceId: resourceId,
          rows: rows(ds),
          pay,
        }),
      );

    const changed = [drafts[0], { ...drafts[1], amountMinor: 90_000_00 }, drafts[2]];
    await expect(run(changed)).rejects.toMatchObject({
      statusCode: 409,
      message: OUTFLOW_MSG.manifestChanged,
    });
    await expect(run(drafts.slice(0, 2))).rejects.toMatchObject({ statusCode: 409 });
    const pending = await approved(await batchManifest(t.db, o.account.id, drafts), 'pending');
    await expect(run(drafts, pending)).rejects.toMatchObject({ message: OUTFLOW_MSG.notApproved });
    expect(await balance()).toBe(before);

    const paid = await run(drafts);
    expect(paid.ok).toBe(true);
    const txs = await t.db.select().from(transactions).where(eq(transactions.sourceId, id));
    expect(txs.map((x) => x.amount).sort()).toEqual([10_000_00, 20_000_00, 30_000_00]);
    expect(txs[0].metadata).toMatchObject({ authority: 'approval:payroll', authorityResourceId: id });

    // A retry of some rows (`pay`) is still checked over the whole approved batch: a changed row
    // refuses it, whichever rows are paid now.
    expect((await run(drafts, id, [1])).ok).toBe(true);
    await expect(
      run([drafts[0], { ...drafts[1], accountNumber: ordinaryAccount() }, drafts[2]], id, [1]),
    ).rejects.toMatchObject({ statusCode: 409 });
    // Another row edited to equal an already-paid row (the same account twice) is refused too.
    await expect(run([drafts[0], drafts[0], drafts[2]], id, [1])).rejects.toMatchObject({ statusCode: 409 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a system authority is named on the transfer; the wallet or the limit refusing answers ok: false, nothing moved', async () => {
    const { o, draft, balance } = await setup();
    const pay = (amountMinor: number) =>
      t.db.transaction((tx) =>
        payOut(tx, t.app.deps, {
          accountId: o.account.id,
          authority: { system: 'invoice-partner-settlement', resourceId: randomUUID() },
          draft: draft(amountMinor),
          reference: `set_${randomUUID().slice(0, 18)}`,
          initiatedBy: o.user.id,
          sourceType: 'invoice-settlement',
          sourceId: randomUUID(),
        }),
      );
    const ok = await pay(5_000_00);
    expect(ok.ok && ok.transaction.metadata).toMatchObject({
      authority: 'system:invoice-partner-settlement',
    });
    const before = await balance();
    const short = await pay(before + 1);
    expect(short.ok).toBe(false);
    expect(await balance()).toBe(before);
  });

  it('describes what an edit changed, field by field', () => {
    const m = (over: Record<string, unknown>) => ({
      amountMinor: 10_000,
      currency: 'NGN',
      feeMinor: 1_000,
      walletId: 'w',
      bankCode: '058',
      bankName: null,
      accountNumber: '0123456789',
      accountName: 'ADA OBI',
      payee: null,
      date: null,
      ...over,
    });
    expect(describeManifestChange(m({}), m({}))).toBeNull();
    expect(describeManifestChange(m({}), m({ amountMinor: 9_000_000, accountNumber: '0987654321' }))).toBe(
      'amount ₦100.00 → ₦90,000.00; account 0123456789 → 0987654321',
    );
  });
});
