// The tamper-evident trail (issue 21 §1 "Trail"): each decision's hash is SHA-256 over the previous
// hash and the decision (who, what, when, comments, the item's amount and payee), so editing or
// deleting any row breaks every later link. The genesis link is SHA-256 of the item id.
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { canonicalJson } from '../../platform/idempotency';
import { approvalDecisions, approvalItems } from './tables';

export type DecisionRow = typeof approvalDecisions.$inferSelect;

export const genesisHash = (itemId: string) => createHash('sha256').update(`genesis:${itemId}`).digest('hex');

/** The fields a link covers, in one canonical form. */
export function decisionHash(
  prevHash: string,
  d: Pick<
    DecisionRow,
    'itemId' | 'seq' | 'round' | 'level' | 'status' | 'userId' | 'comments' | 'amountMinor' | 'payee'
  > & { decidedAt: Date; manifestDigest?: string | null },
): string {
  const payload = canonicalJson({
    itemId: d.itemId,
    seq: d.seq,
    round: d.round,
    level: d.level,
    status: d.status,
    userId: d.userId,
    comments: d.comments,
    amountMinor: d.amountMinor,
    payee: d.payee,
    decidedAt: d.decidedAt.toISOString(),
    // Only approving decisions of records that move money carry one; rows before it hash as before.
    ...(d.manifestDigest ? { manifestDigest: d.manifestDigest } : {}),
  });
  return createHash('sha256').update(`${prevHash}\n${payload}`).digest('hex');
}

/**
 * The digest of a payment manifest (issue 34 §1): SHA-256 of its canonical JSON (keys sorted), so
 * the same manifest always digests the same, whoever builds it. money/outflow.ts compares the
 * manifest it is about to pay with the digest the final approval wrote.
 */
export const manifestDigest = (manifest: unknown): string =>
  createHash('sha256')
    .update(`manifest:${canonicalJson(manifest)}`)
    .digest('hex');

/**
 * The copy of a manifest an approval item keeps beside its digest: every `accountNumber` masked to
 * its last four digits (payroll accounts are sealed in the vault; the trail's "what changed" needs
 * no more). The digest is always of the whole manifest.
 */
export function storedManifest<T>(manifest: T): T {
  const mask = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(mask);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) =>
        k === 'accountNumber' && typeof x === 'string' ? [k, `******${x.slice(-4)}`] : [k, mask(x)],
      ),
    );
  };
  return mask(manifest) as T;
}

export type BrokenLink = { itemId: string; seq: number; reason: string };

/** Re-computes one item's chain; returns the broken links (empty when the trail is intact). */
export function verifyChain(itemId: string, rows: DecisionRow[], lastHash: string | null): BrokenLink[] {
  const broken: BrokenLink[] = [];
  let prev = genesisHash(itemId);
  let expectedSeq = 1;
  for (const r of rows) {
    if (r.seq !== expectedSeq) broken.push({ itemId, seq: r.seq, reason: `expected seq ${expectedSeq}` });
    if (r.prevHash !== prev) broken.push({ itemId, seq: r.seq, reason: 'previous hash does not match' });
    const h = decisionHash(prev, r);
    if (h !== r.hash) broken.push({ itemId, seq: r.seq, reason: 'hash does not match the decision' });
    prev = r.hash;
    expectedSeq = r.seq + 1;
  }
  if ((lastHash ?? null) !== (rows.length ? prev : null))
    broken.push({ itemId, seq: expectedSeq, reason: 'item head does not match the last decision' });
  return broken;
}

export async function trailOf(db: DbOrTx, itemId: string): Promise<DecisionRow[]> {
  return db
    .select()
    .from(approvalDecisions)
    .where(eq(approvalDecisions.itemId, itemId))
    .orderBy(asc(approvalDecisions.seq));
}

/** Every chain in the database (or one account's), in batches; used by `npm run approvals:verify`. */
export async function verifyAllChains(
  db: DbOrTx,
  opts: { accountId?: string; batch?: number } = {},
): Promise<{ items: number; decisions: number; broken: BrokenLink[] }> {
  const batch = opts.batch ?? 500;
  let after = '00000000-0000-0000-0000-000000000000';
  let items = 0;
  let decisions = 0;
  const broken: BrokenLink[] = [];
  for (;;) {
    const heads = await db
      .select({ id: approvalItems.id, lastHash: approvalItems.lastHash })
      .from(approvalItems)
      .where(
        opts.accountId
          ? sql`${approvalItems.id} > ${after}::uuid and ${approvalItems.accountId} = ${opts.accountId}::uuid`
          : sql`${approvalItems.id} > ${after}::uuid`,
      )
      .orderBy(asc(approvalItems.id))
      .limit(batch);
    if (!heads.length) break;
    const rows = await db
      .select()
      .from(approvalDecisions)
      .where(
        sql`${approvalDecisions.itemId} in (${sql.join(
          heads.map((h) => sql`${h.id}::uuid`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(approvalDecisions.itemId), asc(approvalDecisions.seq));
    const byItem = new Map<string, DecisionRow[]>();
    for (const r of rows) (byItem.get(r.itemId) ?? byItem.set(r.itemId, []).get(r.itemId)!).push(r);
    for (const h of heads) {
      const chain = byItem.get(h.id) ?? [];
      decisions += chain.length;
      broken.push(...verifyChain(h.id, chain, h.lastHash));
    }
    items += heads.length;
    after = heads[heads.length - 1].id;
  }
  return { items, decisions, broken };
}
