// Settings > Audit log.
import { Navigate, type RouteObject } from 'react-router-dom';
import { guardedRoute } from '../../app/guarded-route';
import { paths } from '../../lib/paths';

export const dashboardRoutes: RouteObject[] = [
  guardedRoute('/settings/audit-log', async () => (await import('./audit-log-screen')).AuditLogScreen, {
    area: 'settings',
    resource: 'parameters',
  }),
  // 002 §2: team settings live on the Teams page.
  { path: '/settings/teams', element: <Navigate to={paths.teams.root.href()} replace /> },
];
