// The only way the product talks to an electricity vending provider (issue 26 §3), shaped like the
// bill aggregators (NIGERIA.md "Electricity (prepaid tokens)"): verify a meter, pay with a caller-chosen
// request id, requery a pending result by that id. Amounts are kobo.
import type { VendType } from '@owo/contract';

export type MeterQuery = { disco: string; meterNo: string; vendType: VendType };
export type VerifiedMeter = { name: string; address: string };

export type VendRequest = MeterQuery & {
  /** Caller-chosen; the same request id never vends twice (a repeat answers the first vend). */
  requestId: string;
  amountMinor: number;
  phone: string;
};
export type VendResult = {
  requestId: string;
  status: 'success' | 'failed' | 'pending';
  token: string | null;
  units: string | null;
  receiptNo: string | null;
  orderId: string | null;
  debtAmountMinor: number | null;
  debtRemainingMinor: number | null;
  failureReason: string | null;
};

/** The provider's outcome is unknown (timeout, 5xx): requery with the same request id, never re-vend blindly. */
export class VendUnknownOutcome extends Error {}

export interface VendingPort {
  readonly name: string;
  /** The customer's name and address, or null when the disco does not know the meter. */
  verifyMeter(q: MeterQuery): Promise<VerifiedMeter | null>;
  /** Idempotent by requestId. Throws VendUnknownOutcome when the answer was lost. */
  vend(req: VendRequest): Promise<VendResult>;
  /** The vend under this request id, or null if the provider never saw it. */
  requery(requestId: string): Promise<VendResult | null>;
}
