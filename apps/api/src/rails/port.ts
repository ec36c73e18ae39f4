// The only way the product talks to banks (ARCHITECTURE §3 "Rails"). Amounts are minor units.
// Shaped on Paystack's transfer API; see ../shared/domain/NIGERIA.md "How real transfer providers behave".
import type { RailsError } from './errors';

export type Bank = {
  code: string;
  name: string;
  nipCode: string | null;
  type: 'dmb' | 'mfb' | 'fintech' | 'merchant';
  active: boolean;
  currency: 'NGN';
};

export const FINAL_TRANSFER_STATUSES = [
  'success',
  'failed',
  'reversed',
  'abandoned',
  'blocked',
  'rejected',
] as const;
export type TransferStatus = 'pending' | 'otp' | 'received' | (typeof FINAL_TRANSFER_STATUSES)[number];

/**
 * A foreign (USD/GBP) beneficiary's bank beyond bankCode (= SWIFT/BIC) and accountNumber (= IBAN
 * or the local account number): sort code (UK), routing number (US), country and address.
 */
export type ForeignBeneficiary = {
  swiftCode: string;
  sortCode?: string | null;
  routingNumber?: string | null;
  bankName: string;
  country: string;
  address: string;
  /** The wire purpose the sender stated (required by the correspondent bank). */
  purpose: string;
};

export type TransferRequest = {
  /** Caller-chosen, lowercase letters, digits, '-' and '_'. The same reference never pays twice. */
  reference: string;
  amount: number;
  /** NGN: a NUBAN transfer. USD/GBP: a wire to `beneficiary` (bankCode is its SWIFT/BIC). */
  currency: 'NGN' | 'USD' | 'GBP';
  bankCode: string;
  accountNumber: string;
  accountName: string;
  reason?: string;
  beneficiary?: ForeignBeneficiary;
};
export type TransferResult = {
  reference: string;
  status: TransferStatus;
  providerRef: string | null;
  failureReason?: string | null;
};

export type VirtualAccount = {
  accountNumber: string;
  bankCode: string;
  bankName: string;
  accountName: string;
  providerRef: string;
};

/**
 * Foreign receiving details for a USD or GBP wallet (a named account at a correspondent bank):
 * bankCode is the SWIFT/BIC; USD adds the US routing (ABA) number, GBP the sort code and IBAN.
 */
export type ForeignReceivingAccount = VirtualAccount & {
  currency: 'USD' | 'GBP';
  swiftCode: string;
  routingNumber: string | null;
  sortCode: string | null;
  iban: string | null;
};

/** A verified, parsed webhook. `reference` is ours for transfers; for deposits it is the provider's. */
export type RailsEvent =
  | {
      event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
      reference: string;
      amount: number;
      reason?: string | null;
      eventId: string;
    }
  | {
      event: 'charge.success';
      reference: string;
      amount: number;
      accountNumber: string;
      senderName: string;
      /** The sender's own account, when the provider reports it (bank code, else the bank's name). */
      senderAccountNumber?: string | null;
      senderBankCode?: string | null;
      senderBankName?: string | null;
      /** The currency credited, when the provider reports it (NGN, or USD/GBP on foreign details). */
      currency?: string | null;
      /** The sender's transfer narration, when the provider reports it. */
      narration?: string | null;
      eventId: string;
    };

/**
 * A deposit (charge) as the provider's own books hold it: what a `charge.success` webhook is checked
 * against before anything is credited (the body alone is never trusted).
 */
export type ChargeRecord = {
  reference: string;
  /** Only `success` is credited. */
  status: string;
  amount: number;
  currency: string | null;
  accountNumber: string;
  narration: string | null;
};

export interface RailsPort {
  readonly name: string;
  listBanks(): Promise<Bank[]>;
  /** The account name, or null when the number does not exist at that bank. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<{ accountName: string } | null>;
  /** Idempotent by reference: a second call with the same reference answers the first transfer. */
  createTransfer(req: TransferRequest): Promise<TransferResult>;
  /**
   * Optional: many transfers in one request (Paystack's bulk transfer, `POST /transfer/bulk`), with
   * createTransfer's idempotency per reference. Answers per request, in order, its result or the
   * RailsError that createTransfer would have thrown. Without it, the dispatcher sends one by one.
   */
  createTransfers?(reqs: TransferRequest[]): Promise<(TransferResult | RailsError)[]>;
  /** Re-verification by reference (before finalising on a webhook); null if the provider never saw it. */
  getTransfer(reference: string): Promise<TransferResult | null>;
  /**
   * Optional: getTransfer for many references in one call (a webhook batch of transfer outcomes);
   * answers the transfers the provider knows, by reference. Without it, each is asked on its own.
   */
  getTransfers?(references: string[]): Promise<Map<string, TransferResult>>;
  /**
   * The provider's own record of a deposit by its reference (Paystack: `GET /transaction/verify/:ref`;
   * the sandbox: the charges its engine issued); null when it never saw that reference.
   */
  getCharge(reference: string): Promise<ChargeRecord | null>;
  /** Optional: getCharge for many references in one call (a webhook batch of deposits). */
  getCharges?(references: string[]): Promise<Map<string, ChargeRecord>>;
  createVirtualAccount(input: { customerRef: string; name: string }): Promise<VirtualAccount>;
  /**
   * Optional: USD/GBP receiving details for a wallet, idempotent by customer reference like
   * createVirtualAccount (a second call answers the first details). Deposits to them arrive as
   * charge.success with the foreign account number. Without it, USD/GBP wallets have no details.
   */
  createForeignAccount?(input: {
    customerRef: string;
    name: string;
    currency: 'USD' | 'GBP';
  }): Promise<ForeignReceivingAccount>;
  /** Units of `to` per 1 unit of `from`, as a decimal string (e.g. '1550.00'). */
  fxRate(from: string, to: string): Promise<string>;
  /** HMAC check over the raw body, constant time. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  parseWebhook(rawBody: Buffer): RailsEvent | null;
}
