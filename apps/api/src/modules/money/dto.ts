// API shapes of wallets and transactions: exact decimal strings for display plus integer minor units.
import { fromMinor, type TransactionDto, type WalletDto } from '@owo/contract';
import type { TransactionRow } from './transfers';
import type { Wallet } from './wallets';

export function walletDto(w: Wallet): WalletDto {
  return {
    id: w.id,
    currency: w.currency,
    name: w.name,
    balance: fromMinor(w.balance),
    balanceMinor: w.balance,
    pendingBalance: fromMinor(w.pendingBalance),
    pendingBalanceMinor: w.pendingBalance,
    virtualAccount: w.virtualAccountNumber
      ? { accountNumber: w.virtualAccountNumber, bankCode: w.virtualBankCode, bankName: w.virtualBankName }
      : null,
    createdAt: w.createdAt.toISOString(),
  };
}

/** The columns a transaction's DTO reads (lists select only these). */
export type TransactionDtoRow = Pick<
  TransactionRow,
  | 'id'
  | 'walletId'
  | 'type'
  | 'status'
  | 'amount'
  | 'fee'
  | 'currency'
  | 'reference'
  | 'counterparty'
  | 'narration'
  | 'failureReason'
  | 'relatedTransactionId'
  | 'sourceType'
  | 'sourceId'
  | 'createdAt'
  | 'updatedAt'
>;

export function transactionDto(t: TransactionDtoRow): TransactionDto {
  return {
    id: t.id,
    walletId: t.walletId,
    type: t.type,
    status: t.status,
    amount: fromMinor(t.amount),
    amountMinor: t.amount,
    fee: fromMinor(t.fee),
    feeMinor: t.fee,
    currency: t.currency,
    reference: t.reference,
    counterparty: t.counterparty ?? {},
    narration: t.narration,
    failureReason: t.failureReason,
    relatedTransactionId: t.relatedTransactionId,
    sourceType: t.sourceType,
    sourceId: t.sourceId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
