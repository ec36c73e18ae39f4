// Public API of the audit module (docs/ARCHITECTURE.md, Boundaries).
export { maskAccountNumber, maskedBank, recordAuditChange, type BankDetails } from './service';
