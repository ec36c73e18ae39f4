// Every table in one place, for a module's reads of another area's tables (queries and joins; a write
// goes through the owning module's index.ts, see .dependency-cruiser.cjs) and for tests. Nothing in
// platform/ imports this file: the platform's own code reads only its own tables.
export * from './tenancy-tables';
export * from '../modules/identity/tables';
export * from '../modules/accounts/tables';
export * from '../modules/teams/tables';
export * from './tables';
export * from '../modules/mail/tables';
export * from '../modules/notifications/tables';
export * from '../modules/files/tables';
export * from '../modules/money/tables';
export * from '../modules/banks/tables';
export * from '../modules/money/fees-tables';
export * from '../modules/funding/tables';
export * from '../rails/sandbox/tables';
export * from './vault/tables';
export * from '../modules/approvals/tables';
export * from '../modules/products/tables';
export * from '../modules/expenses/tables';
export * from '../modules/categories/tables';
export * from '../modules/projects/tables';
export * from '../modules/payroll/tables';
export * from '../modules/marketplace/tables';
export * from '../modules/cards/tables';
export * from '../modules/developers/tables';
export * from '../modules/audit/tables';
export * from '../modules/inflows/tables';
export * from '../modules/payees/tables';
export * from '../modules/payouts/tables';
export * from '../modules/requests/tables';
export * from '../modules/commissions/tables';
export * from '../modules/accounting/tables';
export * from '../modules/disbursements/tables';
export * from '../modules/payment-invitations/tables';
