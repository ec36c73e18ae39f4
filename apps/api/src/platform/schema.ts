// Every module's tables, gathered for drizzle's relational queries and drizzle-kit.
export * from '../modules/identity/tables';
export * from '../modules/accounts/tables';
export * from '../modules/teams/tables';
export * from './tables';
export * from '../modules/mail/tables';
export * from '../modules/notifications/tables';
