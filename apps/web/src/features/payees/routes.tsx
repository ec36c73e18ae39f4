// Vendors (001 §2 Vendors; issue 23 §1): list and detail (create/edit are a modal). Import and
// invite pages stay on Coming soon until they land.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (path: string, load: () => Promise<React.ComponentType>): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="vendors">
          <RequirePermission resource="payee" action="get">
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page('/vendors', async () => (await import('./screens/vendors-screen')).VendorsScreen),
  page('/vendors/:id', async () => (await import('./screens/vendor-screen')).VendorScreen),
];
