// Public API of the commissions module (docs/ARCHITECTURE.md, Boundaries).
export { createBatchFor, periodOf } from './batches';
