// Cards (001 §2 Cards; issue 26 §4): /cards, /cards/create-card, /cards/fund-card.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'cards', resource: 'wallets' });

export const dashboardRoutes: RouteObject[] = [
  route('/cards', async () => (await import('./screens/cards-screen')).CardsScreen),
  route('/cards/create-card', async () => (await import('./screens/create-card-screen')).CreateCardScreen, {
    action: 'post',
  }),
  route('/cards/fund-card', async () => (await import('./screens/fund-card-screen')).FundCardScreen, {
    action: 'post',
  }),
];
