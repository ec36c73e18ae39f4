// Settings > Developers (002 §2): API keys, webhooks, signature samples.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/settings/developers',
    lazy: async () => {
      const { DevelopersScreen } = await import('./developers-screen');
      return {
        element: (
          <AreaGuard area="settings">
            <RequirePermission resource="developer">
              <DevelopersScreen />
            </RequirePermission>
          </AreaGuard>
        ),
      };
    },
  },
];
