// The list periods of 002 §4 Transactions, without the list's schemas: the filter bar of every
// list shows them (issue 38 §3). transactions.ts re-exports them.

export const TRANSACTION_PERIODS = ['24h', '7d', '30d'] as const;
export type TransactionPeriod = (typeof TRANSACTION_PERIODS)[number];
export const PERIOD_LABELS: Record<TransactionPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
