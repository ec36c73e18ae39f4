// Payout categories and budgets (001 §2 settings; issue 21 §3).
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (path: string): RouteObject => ({
  path,
  lazy: async () => {
    const { CategoriesScreen } = await import('./categories-screen');
    return {
      element: (
        <AreaGuard area="settings">
          <RequirePermission resource="payouts">
            <CategoriesScreen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page('/settings/payout-categories'),
  page('/settings/categories'),
];
