// Marketplace (001 §2 Marketplace; issue 26): vending lists, assets (meters), Buy Electricity and the
// vending detail. They replace the Coming-soon entries for /marketplace/*.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
import type { Resource } from '@owo/contract/permissions';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  resource: Resource = 'marketplaceVendings',
  action: 'get' | 'post' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="marketplace">
          <RequirePermission resource={resource} action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const list = async () => (await import('./screens/marketplace-screen')).MarketplaceScreen;

export const dashboardRoutes: RouteObject[] = [
  page('/marketplace', list),
  page('/marketplace/vending-history', list),
  page('/marketplace/pending', list),
  page('/marketplace/rejected', list),
  page('/marketplace/transactions', list, 'marketplaceTransactions'),
  page(
    '/marketplace/meters',
    async () => (await import('./screens/meters-screen')).MetersScreen,
    'marketplaceAssets',
  ),
  page(
    '/marketplace/buy-electricity',
    async () => (await import('./screens/bulk-buy-screen')).BulkBuyScreen,
    'marketplaceVendings',
    'post',
  ),
  page(
    '/marketplace/buy-electricity/review',
    async () => (await import('./screens/bulk-review-screen')).BulkReviewScreen,
    'marketplaceVendings',
    'post',
  ),
  page(
    '/marketplace/import-meters',
    async () => (await import('./screens/import-meters-screen')).ImportMetersScreen,
    'marketplaceAssets',
    'post',
  ),
  page(
    '/marketplace/import-meters/summary',
    async () => (await import('./screens/import-meters-screen')).ImportSummaryScreen,
    'marketplaceAssets',
    'post',
  ),
  page(
    '/marketplace/reports/meters',
    async () => (await import('./screens/meter-report-screen')).MeterReportScreen,
    'marketplaceTransactions',
  ),
  page('/marketplace/vendings/:id', async () => (await import('./screens/vending-screen')).VendingScreen),
];
