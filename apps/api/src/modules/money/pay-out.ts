// Paying an outward movement (see outflow.ts for the manifest and the authority it moves under):
// one (`payOut`), a batch (`payOutBatch`), a reservation before approval (`reserveOutflow`), a card
// funded from the company's wallet (`fundCardOutflow`).
import type { ApprovalType } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { railsOf } from '../../rails';
import { manifestDigest } from '../approvals';
import { fundCard } from './cards';
import { checkPayoutLimit } from './limits';
import {
  authorizeOutflow,
  batchManifest,
  outflowManifest,
  type BatchManifest,
  type OutflowAuthority,
  type OutflowDraft,
  type OutflowManifest,
} from './outflow';
import { startTransfer, startTransfers } from './start-transfer';
import type { TransactionRow } from './transfers';

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
