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
  describeManifestChange,
  editedAfterApproval,
  fundCardOutflow,
  isOutflowRefusal,
  manifestChange,
  outflowManifest,
  OUTFLOW_MSG,
  OutflowRefused,
  payOut,
  payOutBatch,
  reserveOutflow,
  SYSTEM_AUTHORITIES,
  type BatchManifest,
  type OutflowAuthority,
  type OutflowBatchRow,
  type OutflowDraft,
  type OutflowManifest,
  type OutflowRequest,
  type OutflowResult,
  type SystemAuthority,
} from './outflow';
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
