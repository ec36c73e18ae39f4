// Public entry of the insights feature (docs/ARCHITECTURE.md, Boundaries).
export { InsightPanels } from './insight-panels';
