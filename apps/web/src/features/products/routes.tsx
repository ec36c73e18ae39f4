// Products and services, payout assets (001 §2 Assets and products; issue 21 §3). They replace the
// Coming-soon entries for /asset-list and /assets/*.
import type { RouteObject } from 'react-router-dom';
import type { Resource } from '@owo/contract/permissions';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (path: string, resource: Resource, load: () => Promise<React.ComponentType>): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="asset-list">
          <RequirePermission resource={resource}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page('/asset-list', 'payoutAsset', async () => (await import('./screens/assets-screen')).AssetsScreen),
  page(
    '/assets/products',
    'productsAndServices',
    async () => (await import('./screens/products-screen')).ProductsScreen,
  ),
  page(
    '/assets/products/:id',
    'productsAndServices',
    async () => (await import('./screens/product-screen')).ProductScreen,
  ),
  page('/assets/:id', 'payoutAsset', async () => (await import('./screens/asset-screen')).AssetScreen),
];

/** Full screen, closing to /asset-list: the detail of an asset payout (001 §2). */
export const fullScreenRoutes: RouteObject[] = [
  page(
    '/assets/payout/details',
    'payoutAsset',
    async () => (await import('./screens/asset-payout-details-screen')).AssetPayoutDetailsScreen,
  ),
];
