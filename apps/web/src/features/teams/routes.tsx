// Teams (002 §2 Teams): the Teams page, Manage Roles and member detail. The old /team paths
// redirect here (app/legacy-redirects.tsx).
import { Outlet, type RouteObject } from 'react-router-dom';
import { guardedRoute } from '../../app/guarded-route';
import { AreaGuard } from '../../app/guards/guards';
import { paths } from '../../lib/paths';

export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.teams.root.path,
    element: (
      <AreaGuard area="teams">
        <Outlet />
      </AreaGuard>
    ),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./screens/teams-screen')).TeamsScreen }),
      },
      guardedRoute(
        'manage-roles',
        async () => (await import('./screens/manage-roles-screen')).ManageRolesScreen,
        {
          resource: 'roles',
        },
      ),
      guardedRoute('member', async () => (await import('./screens/member-screen')).MemberScreen, {
        resource: 'accountAccess',
      }),
    ],
  },
];
