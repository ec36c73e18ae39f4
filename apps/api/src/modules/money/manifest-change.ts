// Edits after approval (outflow.ts, step 3): what changed in a record's manifest since its last
// final approval, as the trail's text.
import type { ApprovalType } from '@owo/contract';
import { formatMoney } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { approvedManifest, currentManifest, storedManifest } from '../approvals';
import type { BatchManifest, OutflowManifest } from './outflow';

/** The trail comment of an edit that sends a record back for approval. */
export const editedAfterApproval = (change: string) => `Edited after approval: ${change}`;

const LABELS: [keyof OutflowManifest, string][] = [
  ['amountMinor', 'amount'],
  ['currency', 'currency'],
  ['feeMinor', 'fee'],
  ['walletId', 'source wallet'],
  ['bankCode', 'bank'],
  ['accountNumber', 'account'],
  ['accountName', 'account name'],
  ['payee', 'payee'],
  ['date', 'date'],
  ['wire', 'wire details'],
];

function shown(m: OutflowManifest, k: keyof OutflowManifest): string {
  const v = m[k];
  if (k === 'amountMinor' || k === 'feeMinor') return formatMoney(v as number, m.currency);
  if (k === 'bankCode') return m.bankName ? `${m.bankName} (${m.bankCode})` : m.bankCode;
  if (v === null || v === undefined) return 'none';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between two manifests, for the trail: "amount ₦100.00 → ₦90,000.00; account
 * 0123456789 → 0987654321" (a batch: its rows and total). Null when no payment field changed.
 */
export function describeManifestChange(before: unknown, after: unknown): string | null {
  if (before && typeof before === 'object' && 'batch' in before) {
    const b = (before as BatchManifest).batch;
    const a = (after as BatchManifest | null)?.batch ?? [];
    if (same(b, a)) return null;
    const total = (rows: OutflowManifest[]) => rows.reduce((s, r) => s + r.amountMinor, 0);
    const cur = b[0]?.currency ?? a[0]?.currency ?? 'NGN';
    const changed = a.filter((r, i) => !same(r, b[i])).length + Math.max(0, b.length - a.length);
    return `${b.length} rows → ${a.length} rows; total ${formatMoney(total(b), cur)} → ${formatMoney(total(a), cur)}; ${changed} row(s) changed`;
  }
  const b = before as OutflowManifest;
  const a = after as OutflowManifest;
  if (!b || !a) return null;
  const parts = LABELS.filter(([k]) => !same(b[k], a[k])).map(
    ([k, label]) => `${label} ${shown(b, k)} → ${shown(a, k)}`,
  );
  return parts.length ? parts.join('; ') : null;
}

/**
 * What an edit changed against the manifest of the record's last final approval (its handler builds
 * the current one): the trail text, or null when it was never approved or no payment field changed.
 * Call it after writing the edit, in the same transaction.
 */
export async function manifestChange(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  p: { accountId: string; type: ApprovalType; resourceId: string },
): Promise<string | null> {
  const item = await approvedManifest(tx, p);
  if (!item?.manifest) return null;
  return describeManifestChange(item.manifest, storedManifest(await currentManifest(tx, deps, p)));
}
