// Insights (000 §2.4): /team-report; the dashboard panels are shown on /dashboard (money's screen).
import type { RouteObject } from 'react-router-dom';
import { AreaGuard } from '../../app/guards/guards';

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/team-report',
    lazy: async () => {
      const { TeamReportScreen } = await import('./team-report-screen');
      return {
        element: (
          <AreaGuard area="team-report">
            <TeamReportScreen />
          </AreaGuard>
        ),
      };
    },
  },
];
