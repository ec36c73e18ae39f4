// The deposit seam's contract (money/seams.ts): what a deposit is, what crediting answers, and what
// a module that matches collection accounts (`depositMatcher`) or listens to wallet deposits
// (`walletDeposit`) is given. Crediting itself is in deposits.ts.
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';

export type CreditDepositInput = {
  accountNumber: string;
  amount: number;
  providerRef: string;
  senderName: string;
  /** The sender's own account, when the provider reported it. */
  sender?: SenderAccount;
  provider: string;
  narration?: string;
  /**
   * The currency the provider says it credited, when it says: a deposit whose currency is not the
   * wallet's is never credited to it (it goes to suspense in that currency).
   */
  currency?: string;
};
export type SenderAccount = {
  accountNumber: string | null;
  bankCode: string | null;
  bankName: string | null;
};

/**
 * A module that issues its own collection accounts (receivables: one per invoice) registers a
 * matcher. A deposit to a number no wallet owns is offered to each matcher; a match credits the
 * matcher's wallet exactly as a wallet deposit, and `onCredited` runs in the SAME transaction as
 * the ledger entry (after the inbound_credits dedupe, so a redelivered webhook never runs it twice).
 * What it returns runs after the commit (e.g. dispatching payouts it started).
 */
export type InboundMatch = {
  walletId: string;
  onCredited: (
    tx: Tx,
    credit: {
      accountId: string;
      transactionId: string;
      amount: number;
      providerRef: string;
      senderName: string;
      sender: SenderAccount | null;
    },
    batch: DepositBatch,
  ) => Promise<AfterCommitFns | void>;
};
export type AfterCommitFns = (() => Promise<void> | void)[];
/**
 * The crediting transaction of one or many deposits (`creditDeposits`). A matcher that has set-based
 * work to do for the whole batch (receivables: every collection's partner payouts started in one
 * statement) registers it once by key; it runs after every credit of the batch was applied, still
 * in the same transaction, and what it returns runs after the commit.
 */
export type DepositBatch = {
  beforeCommit(key: string, fn: (tx: Tx) => Promise<AfterCommitFns | void>): void;
  /**
   * Set-based work over every credit of the batch that must come BEFORE the shared wallet rows
   * (e.g. locking and updating the matcher's own rows, so that those locks are taken in the same
   * order as the one-at-a-time paths take them: the record first, the wallet after). Runs once by
   * key, after every `onCredited` of the batch, in the same transaction.
   */
  afterCredits(key: string, fn: (tx: Tx) => Promise<void>): void;
  /** Per-batch scratch space of a matcher (e.g. the payouts to start), by key. */
  state<T>(key: string, init: () => T): T;
};
export type InboundMatcher = (db: Db, accountNumber: string) => Promise<InboundMatch | null>;
/** A matcher for many account numbers at once (one query for a batch of deposits). */
export type InboundMatcherMany = (db: Db, accountNumbers: string[]) => Promise<Map<string, InboundMatch>>;
/** The `depositMatcher` seam (money/seams.ts): a matcher for collection accounts, optionally with its batch form. */
export type DepositMatcher = { one: InboundMatcher; many?: InboundMatcherMany };
/**
 * A wallet deposit (money to a wallet's own virtual account, not a matcher's collection account),
 * offered to listeners INSIDE the crediting transaction, after the ledger entry and the
 * inbound_credits dedupe (a redelivered webhook never runs them twice). Payment invitations mark an
 * expected payment paid here (the `walletDeposit` seam, money/seams.ts).
 */
export type WalletDeposit = {
  accountId: string;
  walletId: string;
  transactionId: string;
  amount: number;
  currency: string;
  senderName: string;
  /** The sender's narration as the provider reported it (a payment invitation's reference is read here). */
  narration: string | null;
};

export type CreditResult = { credited: boolean; transactionId: string | null };

/** What crediting needs of the app: its database and its seams (matchers, listeners). */
export type MoneyDeps = Pick<AppDeps, 'db' | 'seams'>;
