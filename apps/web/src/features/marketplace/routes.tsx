// Marketplace (001 §2 Marketplace; issue 26): vending lists, assets (meters), Buy Electricity and the
// vending detail. They replace the Coming-soon entries for /marketplace/*.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'marketplace', resource: 'marketplaceVendings' });

const list = async () => (await import('./screens/marketplace-screen')).MarketplaceScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/marketplace', list),
  route('/marketplace/vending-history', list),
  route('/marketplace/pending', list),
  route('/marketplace/rejected', list),
  route('/marketplace/transactions', list, { resource: 'marketplaceTransactions' }),
  route('/marketplace/meters', async () => (await import('./screens/meters-screen')).MetersScreen, {
    resource: 'marketplaceAssets',
  }),
  route(
    '/marketplace/buy-electricity',
    async () => (await import('./screens/bulk-buy-screen')).BulkBuyScreen,
    { action: 'post' },
  ),
  route(
    '/marketplace/buy-electricity/review',
    async () => (await import('./screens/bulk-review-screen')).BulkReviewScreen,
    { action: 'post' },
  ),
  route(
    '/marketplace/import-meters',
    async () => (await import('./screens/import-meters-screen')).ImportMetersScreen,
    { resource: 'marketplaceAssets', action: 'post' },
  ),
  route(
    '/marketplace/import-meters/summary',
    async () => (await import('./screens/import-meters-screen')).ImportSummaryScreen,
    { resource: 'marketplaceAssets', action: 'post' },
  ),
  route(
    '/marketplace/reports/meters',
    async () => (await import('./screens/meter-report-screen')).MeterReportScreen,
    { resource: 'marketplaceTransactions' },
  ),
  route('/marketplace/vendings/:id', async () => (await import('./screens/vending-screen')).VendingScreen),
];
