// What other features may import from payouts (the rest is reached through its routes).
export { BillsTable, type BillRow } from './components/bills-table';
export { PayoutsTable } from './components/payouts-table';
export { useAssetPayouts, usePayouts } from './api';
