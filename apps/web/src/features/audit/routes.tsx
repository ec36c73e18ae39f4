// Settings > Audit log.
import { Navigate, type RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/settings/audit-log',
    lazy: async () => {
      const { AuditLogScreen } = await import('./audit-log-screen');
      return {
        element: (
          <AreaGuard area="settings">
            <RequirePermission resource="parameters">
              <AuditLogScreen />
            </RequirePermission>
          </AreaGuard>
        ),
      };
    },
  },
  // 002 §2: team settings live on the Teams page.
  { path: '/settings/teams', element: <Navigate to="/teams" replace /> },
];
