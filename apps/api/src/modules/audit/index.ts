// Public API of the audit module (docs/ARCHITECTURE.md, Boundaries).
export { recordAuditChange } from './service';
