// Public API of the insights module (docs/ARCHITECTURE.md, Boundaries).
export { type InsightSource } from './sources';
