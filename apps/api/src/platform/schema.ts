// Every module's tables, gathered for drizzle's relational queries and drizzle-kit.
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
