// Public API of the accounting module (docs/ARCHITECTURE.md, Boundaries).
export { registerPostingSource, type PaidRecord, type PostingSource } from './posting';
