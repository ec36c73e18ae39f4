// What the simulator's areas share: amounts, approvals, and picking records to act on.
import { and, eq, sql } from 'drizzle-orm';
import type { ApprovalType } from '@owo/contract';
import { approvalItems } from '../../src/modules/approvals/tables';
import type { Rng } from '../rng';
import type { Company, World } from '../types';

/** Minor units as the API's decimal string of major units. */
export const major = (minor: number) => (minor / 100).toFixed(2);

/** An idempotency key from the step's stream (a retry of the same step sends the same key). */
export const idemKey = (rng: Rng) => `sim-${rng.seed().toString(36)}-${rng.seed().toString(36)}`;

/**
 * Answers `res` when its status is one of `ok` (or 0: the process was killed under the request, no
 * answer came), else throws naming the call (op-failed).
 */
export function expectStatus<T extends { status: number; body: unknown }>(
  what: string,
  res: T,
  ...ok: number[]
) {
  if (res.status !== 0 && !ok.includes(res.status))
    throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

/** A pending approval item of `type` of the company, picked by `rng` (null when none). */
export async function pendingItem(w: World, c: Company, type: ApprovalType, rng: Rng) {
  const items = await w.primary.db
    .select({ id: approvalItems.id, resourceId: approvalItems.resourceId })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, c.id),
        eq(approvalItems.type, type),
        eq(approvalItems.status, 'pending'),
      ),
    )
    .orderBy(approvalItems.createdAt)
    .limit(20);
  return items.length ? rng.pick(items) : null;
}

/**
 * The approver decides a pending item of `type`: approves (or rejects, with `rejectChance`). Any 2xx or
 * a 4xx (the item moved on meanwhile: another process decided it) is an answer; a 5xx breaks the run.
 */
export async function decideSome(w: World, c: Company, type: ApprovalType, rng: Rng, rejectChance = 0.2) {
  const item = await pendingItem(w, c, type, rng);
  if (!item) return `no pending ${type}`;
  const approvalStatus = rng.chance(rejectChance) ? 'rejected' : 'approved';
  const res = await w.as(c, 'approver', rng)(
    'POST',
    `/api/approval-workflows/pending-approvals/approve/${item.id}`,
    { approvalStatus, comments: `Simulated ${approvalStatus}` },
  );
  return `${approvalStatus} ${type} ${item.resourceId}: ${res.status}`;
}

/** Rows of a raw query (the areas read their own tables for what to act on). */
export const rowsOf = async <T>(w: World, q: ReturnType<typeof sql>) =>
  (await w.primary.db.execute(q)).rows as T[];

/** One row of `q` (its first 20, in a stable order) picked by `rng`, or null. */
export async function pickRow<T>(w: World, rng: Rng, q: ReturnType<typeof sql>): Promise<T | null> {
  const rows = await rowsOf<T>(w, q);
  return rows.length ? rng.pick(rows) : null;
}

/**
 * How far back a step invariant looks ("rows changed recently"): every step is checked, so a row is
 * looked at for the steps of this window after it changed (a transaction open longer than this
 * would be missed by the step checks; the final checks look at every row).
 */
export const RECENT = sql.raw(`interval '15 seconds'`);
