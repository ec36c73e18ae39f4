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
// This file: the manifest and the authority. Paying is in pay-out.ts (`payOut`, `payOutBatch`,
// `reserveOutflow`, `fundCardOutflow`), an edit's change in manifest-change.ts.
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
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { approvedManifest, manifestDigest } from '../approvals';
import { applyFeeRule, computeFee, getFeePolicy } from './fees';

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
