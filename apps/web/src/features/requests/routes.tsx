// Fund requests (issue 23 §0 "Requests"): one model owns /requests and /request/:ref.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'requests', resource: 'requests' });

export const dashboardRoutes: RouteObject[] = [
  route('/requests', async () => (await import('./screens/requests-screen')).RequestsScreen),
  route('/request/:ref', async () => (await import('./screens/request-screen')).RequestScreen),
];
