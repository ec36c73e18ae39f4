// Public API of the insights module (docs/ARCHITECTURE.md, Boundaries).
export { registerInsightSource, type InsightSource } from './sources';
