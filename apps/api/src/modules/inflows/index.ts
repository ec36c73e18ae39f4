// Public API of the receivables module (docs/ARCHITECTURE.md, Boundaries).
export { type CollectedEvent, type InflowListener, type RefundStartedEvent } from './hooks';
