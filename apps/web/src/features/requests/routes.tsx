// Fund requests (issue 23 §0 "Requests"): one model owns /requests and /request/:ref.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (path: string, load: () => Promise<React.ComponentType>): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="requests">
          <RequirePermission resource="requests" action="get">
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page('/requests', async () => (await import('./screens/requests-screen')).RequestsScreen),
  page('/request/:ref', async () => (await import('./screens/request-screen')).RequestScreen),
];
