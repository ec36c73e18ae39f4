// Bulk disbursements: the validation job (NUBAN, then the name lookup) and its sweeper.
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { defineQueue, defineTicker, sendJob } from '../../platform/jobs';
import { runAfterCommit } from '../approvals';
import { listBanks } from '../banks';
import {
  checkAccount,
  counts,
  feeRuleOf,
  lockBatch,
  Q_VALIDATE,
  setStatus,
  storeTotals,
  type Resolved,
} from './shared';
import { sendForApproval } from './submit';
import { disbursementItems, disbursements } from './tables';

const VALIDATE_CHUNK = 500;
/** Name lookups in flight at once per batch (the provider's own limits apply beyond this). */
const RESOLVE_CONCURRENCY = 16;

async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/**
 * The job: checks the batch's `validating` rows 500 at a time (lookups cached per bank + account for
 * the batch, 16 in flight), writes each chunk's results in one statement, then finishes the batch.
 * Safe to run twice or after a crash: it only ever picks rows still `validating`.
 */
export async function validateBatch(deps: AppDeps, id: string): Promise<void> {
  const [b] = await deps.db.select().from(disbursements).where(eq(disbursements.id, id));
  if (!b || b.status !== 'validating') return;
  const banks = new Map((await listBanks(deps)).map((x) => [x.code, x]));
  const fee = await feeRuleOf(deps.db, b.accountId);
  const cache = new Map<string, Promise<Resolved>>();
  for (;;) {
    const rows = await deps.db
      .select({
        id: disbursementItems.id,
        accountNumber: disbursementItems.accountNumber,
        bankCode: disbursementItems.bankCode,
        amountMinor: disbursementItems.amountMinor,
      })
      .from(disbursementItems)
      .where(and(eq(disbursementItems.disbursementId, id), eq(disbursementItems.status, 'validating')))
      .orderBy(disbursementItems.rowNo)
      .limit(VALIDATE_CHUNK);
    if (!rows.length) break;
    const results = await pool(rows, RESOLVE_CONCURRENCY, async (r) => {
      const key = `${r.bankCode}:${r.accountNumber}`;
      let hit = cache.get(key);
      if (!hit) {
        hit = checkAccount(deps, banks, r.bankCode, r.accountNumber);
        cache.set(key, hit);
      }
      const v = await hit;
      return {
        id: r.id,
        status: v.status,
        error: v.error,
        bank_name: v.bankName,
        account_name: v.accountName,
        fee_minor: r.amountMinor === null ? null : fee(r.amountMinor),
      };
    });
    await deps.db.execute(sql`
      update disbursement_items d set status = x.status, error = x.error, bank_name = x.bank_name,
        account_name = x.account_name, fee_minor = x.fee_minor, updated_at = now()
      from json_to_recordset(${JSON.stringify(results)}::json)
        as x(id uuid, status text, error text, bank_name text, account_name text, fee_minor bigint)
      where d.id = x.id and d.status = 'validating'`);
    await deps.db
      .update(disbursements)
      .set({ updatedAt: sql`now()` })
      .where(eq(disbursements.id, id));
  }
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const batch = await lockBatch(tx, b.accountId, id);
    if (batch.status !== 'validating') return;
    const c = await counts(tx, id);
    if (c.validating) return; // a late row: the next run finishes
    await storeTotals(tx, id);
    if (c.invalid) {
      await setStatus(tx, id, 'invalid');
      return;
    }
    // A fully valid batch goes to approval by itself.
    await sendForApproval(tx, deps, batch, (fn) => after.push(fn), false);
  });
  await runAfterCommit(after);
}

/** Re-queues batches whose validation job was lost (crash between commit and enqueue). */
async function sweepValidating(deps: AppDeps) {
  const stale = await deps.db
    .select({ id: disbursements.id })
    .from(disbursements)
    .where(
      and(
        eq(disbursements.status, 'validating'),
        sql`${disbursements.updatedAt} < now() - interval '30 seconds'`,
      ),
    )
    .limit(100);
  for (const s of stale) await sendJob(deps, Q_VALIDATE, { id: s.id }, { singletonKey: s.id });
}

export function registerValidation(deps: AppDeps) {
  defineQueue<{ id: string }>(deps, Q_VALIDATE, (d) => validateBatch(deps, d.id), {
    policy: 'short',
    concurrency: 2,
    retryLimit: 5,
    retryDelay: 2,
    expireInSeconds: 600,
    pollSeconds: 0.5,
  });
  defineTicker(deps, 'disbursements', 10_000, sweepValidating);
}
