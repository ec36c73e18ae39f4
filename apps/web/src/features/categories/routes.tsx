// Payout categories and budgets (001 §2 settings; issue 21 §3).
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'settings', resource: 'payouts' });
const screen = async () => (await import('./categories-screen')).CategoriesScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/settings/payout-categories', screen),
  route('/settings/categories', screen),
];
