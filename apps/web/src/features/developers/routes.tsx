// Settings > Developers (002 §2): API keys, webhooks, signature samples.
import type { RouteObject } from 'react-router-dom';
import { guardedRoute } from '../../app/guarded-route';

export const dashboardRoutes: RouteObject[] = [
  guardedRoute('/settings/developers', async () => (await import('./developers-screen')).DevelopersScreen, {
    area: 'settings',
    resource: 'developer',
  }),
];
