// Public entry of the insights feature (docs/ARCHITECTURE.md, Boundaries).
export { InsightPanels } from './insight-panels';
export { InsightKpis } from './insight-kpis';
export { InsightFilters } from './components';
export { useDashboard, type InsightFilter } from './api';
