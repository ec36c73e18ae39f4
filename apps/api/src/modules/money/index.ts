// Public API of the money module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { creditDeposit, creditDeposits } from './deposits';
export {
  type CreditDepositInput,
  type DepositBatch,
  type DepositMatcher,
  type MoneyDeps,
  type WalletDeposit,
  type InboundMatch,
  type InboundMatcher,
  type SenderAccount,
} from './deposit-types';
export { markProcessing, markProcessingMany } from './start-transfer';
export { settleTransfer, settleTransfers } from './settle-transfer';
export { type RecordPaid, type SettleOutcome } from './settle-shared';
export { setWalletVirtualAccount } from './wallets';
export { applyFeeRule, computeFee, getFeePolicy } from './fees';
export { checkPayoutLimit } from './limits';
export { startTransfer, startTransfers, type BatchTransferItem } from './start-transfer';
export {
  authorizeOutflow,
  batchManifest,
  isOutflowRefusal,
  outflowManifest,
  OUTFLOW_MSG,
  OutflowRefused,
  SYSTEM_AUTHORITIES,
  type BatchManifest,
  type OutflowAuthority,
  type OutflowDraft,
  type OutflowManifest,
  type SystemAuthority,
} from './outflow';
export {
  fundCardOutflow,
  payOut,
  payOutBatch,
  reserveOutflow,
  type OutflowBatchRow,
  type OutflowRequest,
  type OutflowResult,
} from './pay-out';
export { describeManifestChange, editedAfterApproval, manifestChange } from './manifest-change';
export { getWallet, getWalletByCurrency } from './wallets';
export { startOfDay, endOfDayExclusive } from './history';
export { lagosDateTime } from './documents';
/** The money PDFs' pieces (fonts with ₦, header band, en-NG amounts), reused by payslips. */
export { drawHeader, lagosDate, money, newPdf, pdfToBuffer, type Pdf } from './documents';
export {
  cardIssuerClearingId,
  cardBalance,
  cardSpendCtes,
  fundCard,
  markCardSpend,
  openCardLedgerAccount,
  postCardRefund,
  postCardSpend,
  unloadCard,
} from './cards';
export { quoteExchange } from './exchange';
