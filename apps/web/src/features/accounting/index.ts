// Public API of the accounting feature (docs/ARCHITECTURE.md, Boundaries).
export { useAccountingAuthCheck } from './auth-check';
