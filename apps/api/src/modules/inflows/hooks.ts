// The receivables' seam for other areas (agent commissions): listeners registered at module
// registration, called INSIDE the transaction that applies a collection or starts a refund, so
// what they write commits or rolls back with the money movement (like registerInboundMatcher).
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
  name: string;
  onCollected?: (tx: Tx, e: CollectedEvent) => Promise<void>;
  onRefundStarted?: (tx: Tx, e: RefundStartedEvent) => Promise<void>;
};

function listeners(deps: Pick<AppDeps, 'services'>): Map<string, InflowListener> {
  return ((deps.services.inflowListeners as Map<string, InflowListener> | undefined) ??= new Map()) as Map<
    string,
    InflowListener
  >;
}

/** Registers (or replaces, by name) a listener of collections and refunds. */
export function registerInflowListener(deps: Pick<AppDeps, 'services'>, l: InflowListener) {
  listeners(deps).set(l.name, l);
}

export async function emitCollected(tx: Tx, deps: Pick<AppDeps, 'services'>, e: CollectedEvent) {
  for (const l of listeners(deps).values()) if (l.onCollected) await l.onCollected(tx, e);
}

export async function emitRefundStarted(tx: Tx, deps: Pick<AppDeps, 'services'>, e: RefundStartedEvent) {
  for (const l of listeners(deps).values()) if (l.onRefundStarted) await l.onRefundStarted(tx, e);
}
