// Teams (002 §2 Teams): the Teams page, Manage Roles and member detail. The old /team paths
// redirect here (app/legacy-redirects.tsx).
import { Outlet, type RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
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
      {
        path: 'manage-roles',
        lazy: async () => {
          const { ManageRolesScreen } = await import('./screens/manage-roles-screen');
          return {
            element: (
              <RequirePermission resource="roles">
                <ManageRolesScreen />
              </RequirePermission>
            ),
          };
        },
      },
      {
        path: 'member',
        lazy: async () => {
          const { MemberScreen } = await import('./screens/member-screen');
          return {
            element: (
              <RequirePermission resource="accountAccess">
                <MemberScreen />
              </RequirePermission>
            ),
          };
        },
      },
    ],
  },
];
