// Public API of the accounting module (docs/ARCHITECTURE.md, Boundaries).
export { type PaidRecord, type PostingSource } from './posting-sources';
