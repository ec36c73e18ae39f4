// Insights (000 §2.4): /team-report, /insights/forecast (issue 39 §2); the dashboard panels are shown on /dashboard (money's screen).
import type { RouteObject } from 'react-router-dom';
import { guardedRoute } from '../../app/guarded-route';

export const dashboardRoutes: RouteObject[] = [
  guardedRoute('/team-report', async () => (await import('./team-report-screen')).TeamReportScreen, {
    area: 'team-report',
  }),
  guardedRoute('/insights/forecast', async () => (await import('./forecast-screen')).ForecastScreen, {
    area: 'cash-forecast',
  }),
];
