// The receivables' seam for other areas (agent commissions), `inflowListener` (inflows/seams.ts):
// listeners registered at module registration, called INSIDE the transaction that applies a
// collection or starts a refund, so what they write commits or rolls back with the money movement
// (like money's `depositMatcher`).
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';

export type CollectedEvent = {
  accountId: string;
  invoiceId: string;
  paymentId: string;
  /** The deposit (cash collected) and the part applied to installments (the rest is overage). */
  amountMinor: number;
  appliedMinor: number;
  /** The invoice after this collection. */
  invoice: {
    reference: string;
    makerUserId: string;
    agentId: string | null;
    amountMinor: number;
    amountPaidMinor: number;
    status: string;
    approvalStatus: string;
  };
};

export type RefundStartedEvent = {
  accountId: string;
  invoiceId: string;
  refundId: string;
  paymentId: string;
  /** The refunded amount and the deposit it came from. */
  amountMinor: number;
  paymentAmountMinor: number;
};

export type InflowListener = {
  onCollected?: (tx: Tx, e: CollectedEvent) => Promise<void>;
  onRefundStarted?: (tx: Tx, e: RefundStartedEvent) => Promise<void>;
};

export async function emitCollected(tx: Tx, deps: Pick<AppDeps, 'seams'>, e: CollectedEvent) {
  for (const l of deps.seams.hooks('inflowListener')) if (l.onCollected) await l.onCollected(tx, e);
}

export async function emitRefundStarted(tx: Tx, deps: Pick<AppDeps, 'seams'>, e: RefundStartedEvent) {
  for (const l of deps.seams.hooks('inflowListener')) if (l.onRefundStarted) await l.onRefundStarted(tx, e);
}
