// One way money leaves (issue 34 §1): every outward movement starts here, with the authority it
// moves under and the manifest of what it pays.
//
// The manifest is what is to be paid: amount, currency, fee, source wallet, destination bank code +
// account number (+ name), payee, date (and a wire's foreign details). The approvals engine writes
// its digest (sha256 of its canonical JSON) into the trail at every approving decision and onto the
// approval item at the final approval. `payOut` / `payOutBatch` build the manifest again from the
// record at the moment of paying, and move money only when the record's approval is final-approved
// and the digests match: an edit after approval, or after a failure, cannot be paid by a retry.
//
// How an area uses it (payouts/payment.ts is the worked example):
//   1. Its approvable handler declares `manifest: (db, accountId, id) => outflowManifest(db, accountId,
//      draftOf(record))` (a batch: `batchManifest(db, accountId, rows.map(draftOf))`), from the SAME
//      `draftOf` it pays with. The fee is never part of the draft: `outflowManifest` applies the fee
//      rule (a wire's quoted exchange fee is passed as `statedFeeMinor`).
//   2. It pays with `payOut(tx, deps, { authority: { approval: type, resourceId }, draft, reference,
//      ... })`, which checks the approval and the digest, then the payout limit, then holds amount +
//      fee through `startTransfer` in its own savepoint. A movement the wallet or the limit refuses
//      answers `{ ok: false, reason }` (nothing moved; the area marks its record failed); a payment
//      without final approval or with another manifest throws 409 (`isOutflowRefusal`), nothing moved.
//   3. An edit of a record after approval or after a failure calls `manifestChange`: when a payment
//      field changed it answers the change ("amount ₦100.00 → ₦90,000.00; account ******6789 →
//      ******4321"); the area sets its record pending and calls `resubmitForApproval` with the
//      comment `editedAfterApproval(change)`, so the trail keeps the old decisions and shows the change.
//   4. A movement that has no approval by design names its authority: `{ system: 'card-funding',
//      resourceId }` (SYSTEM_AUTHORITIES): no bypass flag; the authority is written on the transaction.
//   5. A batch (bulk disbursement, payroll run) declares `manifest: batchManifest(...)` over its rows
//      and pays with `payOutBatch` from the SAME rows in the SAME order; a retry of its failed rows
//      passes `pay` (their indexes), still under the whole batch's digest. Per-row fee: the fee rule.
//   7. The item keeps the digest and a copy of the manifest with account numbers masked
//      (`storedManifest`): enough for the trail's "what changed", never a payroll account in clear.
//   6. Occurrences of an approved series (a recurring payout, a scheduled expense) pay under the
//      series' approval: authority = the approved record, manifest built from the approved record.
import type { ApprovalType } from '@owo/contract';
import { formatMoney } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { railsOf } from '../../rails';
import { approvedManifest, currentManifest, manifestDigest, storedManifest } from '../approvals';
import { fundCard } from './cards';
import { applyFeeRule, computeFee, getFeePolicy } from './fees';
import { checkPayoutLimit } from './limits';
import { startTransfer, startTransfers } from './start-transfer';
import type { TransactionRow } from './transfers';

/** What one outward movement pays. Integer minor units; `date` YYYY-MM-DD or null (at approval). */
export type OutflowManifest = {
  amountMinor: number;
  currency: string;
  feeMinor: number;
  walletId: string;
  bankCode: string;
  bankName: string | null;
  accountNumber: string;
  accountName: string;
  /** The payee record paid (a vendor's id), or null when the destination is typed on the record. */
  payee: string | null;
  date: string | null;
  /** A wire (USD/GBP): what the rails carry in the recipient's currency, and to which foreign bank. */
  wire?: { currency: string; amount: number } & Record<string, unknown>;
};

/** A manifest before the fee rule: what the area reads from its record. */
export type OutflowDraft = Omit<OutflowManifest, 'feeMinor'> & {
  /** A fee stated by a quote at creation (a wire's exchange fee); otherwise the fee rule applies. */
  statedFeeMinor?: number;
};

/** A batch (bulk disbursement, payroll run): one digest over every row, in order. */
export type BatchManifest = { batch: OutflowManifest[] };

/** Movements with no approval by design: each named, never a bypass flag. */
export const SYSTEM_AUTHORITIES = {
  /** An invoice's partner settlement, to the partner account configured for the invoice. */
  'invoice-partner-settlement': 'Settlement of a paid invoice to its configured partner account',
  /** A card funded from the company's own wallet (money stays the company's). */
  'card-funding': "Card funding from the company's own wallet",
  /**
   * An invoice's overpayment paid back (inflows/refunds.ts initRefund): at most what was received
   * over the invoice, to the sender's account or one named at refund (no approval today: see
   * docs/decisions/012 for the open question).
   */
  'invoice-overpayment-refund': 'Refund of the overpayment of an invoice',
} as const;
export type SystemAuthority = keyof typeof SYSTEM_AUTHORITIES;

/** Who allows this movement: a record's final approval, or a declared system authority. */
export type OutflowAuthority =
  { approval: ApprovalType; resourceId: string } | { system: SystemAuthority; resourceId: string };

export const OUTFLOW_MSG = {
  notApproved: 'This payment is not approved: nothing was paid',
  manifestChanged:
    'This payment differs from what was approved (amount, fee, wallet, bank account, payee or date): nothing was paid. Send it for approval again.',
  noManifest: 'This payment was approved before its details were recorded: send it for approval again',
} as const;

/** A refusal by authority (409): nothing moved, whatever the caller does with it. */
export class OutflowRefused extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
export const isOutflowRefusal = (err: unknown): err is OutflowRefused => err instanceof OutflowRefused;

/** The trail comment of an edit that sends a record back for approval. */
export const editedAfterApproval = (change: string) => `Edited after approval: ${change}`;

function complete(draft: OutflowDraft, feeMinor: number): OutflowManifest {
  const { statedFeeMinor, ...rest } = draft;
  void statedFeeMinor;
  return { ...rest, feeMinor };
}

/** The manifest of one movement: the draft with the fee rule applied (or the quote's stated fee). */
export async function outflowManifest(
  db: DbOrTx,
  accountId: string,
  draft: OutflowDraft,
): Promise<OutflowManifest> {
  const fee =
    draft.statedFeeMinor ??
    (await computeFee(db, {
      accountId,
      method: 'bank-transfer',
      amount: draft.amountMinor,
      currency: draft.currency,
    }));
  return complete(draft, fee);
}

/** The manifest of a batch: the fee rule read once per currency, applied to every row. */
export async function batchManifest(
  db: DbOrTx,
  accountId: string,
  drafts: OutflowDraft[],
): Promise<BatchManifest> {
  const rules = new Map<string, Awaited<ReturnType<typeof getFeePolicy>>>();
  const batch: OutflowManifest[] = [];
  for (const d of drafts) {
    if (d.statedFeeMinor !== undefined) {
      batch.push(complete(d, d.statedFeeMinor));
      continue;
    }
    let rule = rules.get(d.currency);
    if (!rule) {
      rule = await getFeePolicy(db, { accountId, method: 'bank-transfer', currency: d.currency });
      rules.set(d.currency, rule);
    }
    batch.push(complete(d, applyFeeRule(rule, d.amountMinor)));
  }
  return { batch };
}

/**
 * Refuses (409 OutflowRefused, nothing moved) a movement its authority does not cover: under an
 * approval, one not final-approved or approved for another manifest. Answers the transaction
 * metadata that names the authority.
 */
export async function authorizeOutflow(
  db: DbOrTx,
  p: {
    accountId: string;
    authority: OutflowAuthority;
    manifest: OutflowManifest | BatchManifest;
  },
): Promise<Record<string, string>> {
  const a = p.authority;
  if ('system' in a) {
    if (!(a.system in SYSTEM_AUTHORITIES)) throw new Error(`unknown system authority ${String(a.system)}`);
    return { authority: `system:${a.system}`, authorityResourceId: a.resourceId };
  }
  const item = await approvedManifest(db, {
    accountId: p.accountId,
    type: a.approval,
    resourceId: a.resourceId,
  });
  if (!item || item.status !== 'approved') throw new OutflowRefused(OUTFLOW_MSG.notApproved);
  if (!item.manifestDigest) throw new OutflowRefused(OUTFLOW_MSG.noManifest);
  const digest = manifestDigest(p.manifest);
  if (digest !== item.manifestDigest) throw new OutflowRefused(OUTFLOW_MSG.manifestChanged);
  return {
    authority: `approval:${a.approval}`,
    authorityResourceId: a.resourceId,
    approvalItemId: item.id,
    manifestDigest: item.manifestDigest,
  };
}

export type OutflowResult =
  | { ok: true; transaction: TransactionRow; manifest: OutflowManifest }
  | { ok: false; reason: string; code: string; manifest: OutflowManifest };

/** What a movement carries besides its manifest. */
export type OutflowRequest = {
  accountId: string;
  authority: OutflowAuthority;
  draft: OutflowDraft;
  /** One transfer reference per attempt (transactions.reference is unique: no attempt pays twice). */
  reference: string;
  narration?: string;
  initiatedBy: string;
  sourceType: string;
  sourceId: string;
  metadata?: Record<string, unknown>;
};

const limitOf = (m: OutflowManifest) =>
  m.wire ? { amountMinor: m.wire.amount, currency: m.wire.currency } : m;

/** The transfer of one manifest: what `startTransfer` is given, from the manifest and the request. */
function transferOf(
  req: OutflowRequest,
  manifest: OutflowManifest,
  provider: string,
  metadata: Record<string, unknown>,
): Parameters<typeof startTransfer>[1] {
  return {
    accountId: req.accountId,
    walletId: manifest.walletId,
    amount: manifest.amountMinor,
    fee: manifest.feeMinor,
    bankCode: manifest.bankCode,
    ...(manifest.bankName ? { bankName: manifest.bankName } : {}),
    accountNumber: manifest.accountNumber,
    accountName: manifest.accountName,
    narration: req.narration?.slice(0, 100),
    reference: req.reference,
    initiatedBy: req.initiatedBy,
    sourceType: req.sourceType,
    sourceId: req.sourceId,
    provider,
    metadata,
  };
}

/**
 * THE start of one outward movement. Builds the manifest (fee rule), checks the authority (409
 * OutflowRefused when it does not cover this manifest), then in its own savepoint checks the payout
 * limit and holds amount + fee (`startTransfer`). The wallet or the limit refusing answers
 * `{ ok: false, reason }` with nothing moved and the caller's transaction intact.
 */
export async function payOut(tx: Tx, deps: AppDeps, req: OutflowRequest): Promise<OutflowResult> {
  const manifest = await outflowManifest(tx, req.accountId, req.draft);
  const authority = await authorizeOutflow(tx, {
    accountId: req.accountId,
    authority: req.authority,
    manifest,
  });
  try {
    const transaction = await tx.transaction(async (sp) => {
      await checkPayoutLimit(deps, sp, { accountId: req.accountId, ...limitOf(manifest) });
      return startTransfer(
        sp,
        transferOf(req, manifest, railsOf(deps).name, {
          ...req.metadata,
          ...(manifest.wire ? { wire: manifest.wire } : {}),
          ...authority,
        }),
      );
    });
    return { ok: true, transaction, manifest };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    return { ok: false, reason: err.message, code: err.status, manifest };
  }
}

/** One row of a batch movement: its draft and what its transfer carries. */
export type OutflowBatchRow = {
  draft: OutflowDraft;
  reference: string;
  narration?: string;
  sourceId?: string;
  initiatedBy?: string;
  metadata?: Record<string, unknown>;
};

/**
 * The batch form (bulk disbursement, payroll run, commission batch): one authority and one digest
 * over EVERY row of the record as approved (`rows`), then the rows to start now (`pay`: indexes into
 * `rows`, all when absent: a retry pays only the failed rows, still under the whole batch's digest):
 * the payout limit (once per currency, at its largest row: the limit only grows with the amount) and
 * one `startTransfers` from the rows' single wallet, in one savepoint (all or nothing). 409
 * OutflowRefused as `payOut`; the wallet or a limit refusing: `{ ok: false, reason, code }`.
 * `transactions` answers the started rows in the order of `pay`.
 */
export async function payOutBatch(
  tx: Tx,
  deps: AppDeps,
  req: Omit<OutflowRequest, 'draft' | 'reference' | 'narration'> & {
    rows: OutflowBatchRow[];
    /**
     * The rows to start now (indexes into `rows`, the whole batch as approved): a retry of the failed
     * rows, still under the whole batch's digest, so no row of the batch can have changed.
     */
    pay?: number[];
  },
): Promise<
  | { ok: true; transactions: TransactionRow[]; manifest: BatchManifest }
  | { ok: false; reason: string; code: string; manifest: BatchManifest }
> {
  const manifest = await batchManifest(
    tx,
    req.accountId,
    req.rows.map((r) => r.draft),
  );
  const wallets = new Set(manifest.batch.map((m) => m.walletId));
  if (wallets.size > 1) throw new Error('a batch movement pays from one wallet');
  const authority = await authorizeOutflow(tx, {
    accountId: req.accountId,
    authority: req.authority,
    manifest,
  });
  const pay = req.pay ?? req.rows.map((_, i) => i);
  if (pay.some((i) => !Number.isInteger(i) || i < 0 || i >= req.rows.length))
    throw new Error('pay names a row outside the batch');
  if (!pay.length) return { ok: true, transactions: [], manifest };
  const largest = new Map<string, { amountMinor: number; currency: string }>();
  for (const i of pay) {
    const l = limitOf(manifest.batch[i]);
    if ((largest.get(l.currency)?.amountMinor ?? -1) < l.amountMinor)
      largest.set(l.currency, { amountMinor: l.amountMinor, currency: l.currency });
  }
  try {
    const transactions = await tx.transaction(async (sp) => {
      for (const l of largest.values()) await checkPayoutLimit(deps, sp, { accountId: req.accountId, ...l });
      return startTransfers(sp, {
        accountId: req.accountId,
        walletId: manifest.batch[0].walletId,
        initiatedBy: req.initiatedBy,
        sourceType: req.sourceType,
        sourceId: req.sourceId,
        provider: railsOf(deps).name,
        items: pay.map((i) => {
          const r = req.rows[i];
          const m = manifest.batch[i];
          return {
            amount: m.amountMinor,
            fee: m.feeMinor,
            bankCode: m.bankCode,
            ...(m.bankName ? { bankName: m.bankName } : {}),
            accountNumber: m.accountNumber,
            accountName: m.accountName,
            narration: r.narration?.slice(0, 100),
            reference: r.reference,
            sourceId: r.sourceId,
            initiatedBy: r.initiatedBy,
            metadata: { ...req.metadata, ...r.metadata, ...(m.wire ? { wire: m.wire } : {}), ...authority },
          };
        }),
      });
    });
    return { ok: true, transactions, manifest };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    return { ok: false, reason: err.message, code: err.status, manifest };
  }
}

/**
 * A record that reserves its money when it is made, before its approval (an electricity order: 001
 * "the total held, the order sent to approval"): holds amount + fee of the manifest through
 * `startTransfer` (no payout limit: nothing leaves here), the transaction naming
 * `reserved:<type>`. The money leaves only when the area releases it to the payee, and the area
 * calls `authorizeOutflow` with the record's approval right before that release (the vend), so the
 * final approval's digest decides, as for every movement. Throws what the wallet refuses (422/404).
 */
export async function reserveOutflow(
  tx: Tx,
  req: OutflowRequest & { authority: { approval: ApprovalType; resourceId: string }; provider: string },
): Promise<{ transaction: TransactionRow; manifest: OutflowManifest }> {
  const manifest = await outflowManifest(tx, req.accountId, req.draft);
  const transaction = await startTransfer(
    tx,
    transferOf(req, manifest, req.provider, {
      ...req.metadata,
      authority: `reserved:${req.authority.approval}`,
      authorityResourceId: req.authority.resourceId,
    }),
  );
  return { transaction, manifest };
}

/**
 * Card funding (wallet -> the company's own card, no fee; SYSTEM_AUTHORITIES 'card-funding'): the
 * manifest names the card as the destination (`bankCode` 'card', `accountNumber` the card id), the
 * authority is checked like any movement and written on the transaction with the manifest's digest;
 * the money moves through `fundCard` (its conditional wallet update is the overdraft guard). Throws
 * what the wallet refuses (422 insufficient funds, 404), as the card route answers it.
 */
export async function fundCardOutflow(
  tx: Tx,
  req: {
    accountId: string;
    authority: OutflowAuthority;
    walletId: string;
    currency: string;
    amountMinor: number;
    card: { id: string; ledgerAccountId: string; label: string };
    holderUserId: string;
    reference: string;
    narration: string;
    initiatedBy: string;
  },
): Promise<{ transaction: TransactionRow; manifest: OutflowManifest }> {
  const manifest: OutflowManifest = {
    amountMinor: req.amountMinor,
    currency: req.currency,
    feeMinor: 0,
    walletId: req.walletId,
    bankCode: 'card',
    bankName: null,
    accountNumber: req.card.id,
    accountName: req.card.label,
    payee: req.holderUserId,
    date: null,
  };
  const authority = await authorizeOutflow(tx, {
    accountId: req.accountId,
    authority: req.authority,
    manifest,
  });
  const transaction = await fundCard(tx, {
    accountId: req.accountId,
    walletId: req.walletId,
    cardId: req.card.id,
    cardLedgerAccountId: req.card.ledgerAccountId,
    amount: req.amountMinor,
    reference: req.reference,
    initiatedBy: req.initiatedBy,
    narration: req.narration,
    metadata: { ...authority, manifestDigest: manifestDigest(manifest) },
  });
  return { transaction, manifest };
}

// ---- edits after approval ----

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
