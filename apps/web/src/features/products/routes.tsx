// Products and services, payout assets (001 §2 Assets and products; issue 21 §3). They replace the
// Coming-soon entries for /asset-list and /assets/*.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'asset-list' });

export const dashboardRoutes: RouteObject[] = [
  route('/asset-list', async () => (await import('./screens/assets-screen')).AssetsScreen, {
    resource: 'payoutAsset',
  }),
  route('/assets/products', async () => (await import('./screens/products-screen')).ProductsScreen, {
    resource: 'productsAndServices',
  }),
  route('/assets/products/:id', async () => (await import('./screens/product-screen')).ProductScreen, {
    resource: 'productsAndServices',
  }),
  route('/assets/:id', async () => (await import('./screens/asset-screen')).AssetScreen, {
    resource: 'payoutAsset',
  }),
];

/** Full screen, closing to /asset-list: the detail of an asset payout (001 §2). */
export const fullScreenRoutes: RouteObject[] = [
  route(
    '/assets/payout/details',
    async () => (await import('./screens/asset-payout-details-screen')).AssetPayoutDetailsScreen,
    { resource: 'payoutAsset' },
  ),
];
