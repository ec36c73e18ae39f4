// Cards (001 §2 Cards; issue 26 §4): /cards, /cards/create-card, /cards/fund-card.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  action: 'get' | 'post' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="cards">
          <RequirePermission resource="wallets" action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page('/cards', async () => (await import('./screens/cards-screen')).CardsScreen),
  page(
    '/cards/create-card',
    async () => (await import('./screens/create-card-screen')).CreateCardScreen,
    'post',
  ),
  page('/cards/fund-card', async () => (await import('./screens/fund-card-screen')).FundCardScreen, 'post'),
];
