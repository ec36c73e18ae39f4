// Account settings (000 §2.2): /account/settings/{profile,organisation,security,notifications}.
// Business settings (002 §2): /settings, /settings/business, /settings/subsidiaries(/:id), /settings/fee-policy.
import { Navigate, type RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';
import { paths } from '../../lib/paths';

const route = guardedRoutes({ area: 'settings' });

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/account/settings',
    element: <Navigate to={paths.account.settings.href({ section: 'profile' })} replace />,
  },
  {
    path: paths.account.settings.path,
    lazy: async () => ({
      Component: (await import('./screens/account-settings-screen')).AccountSettingsScreen,
    }),
  },
  route('/settings', async () => {
    const { BusinessScreen } = await import('./screens/business-screen');
    return function BusinessIndexScreen() {
      return <BusinessScreen withIndex />;
    };
  }),
  route('/settings/business', async () => (await import('./screens/business-screen')).BusinessScreen, {
    resource: 'parameters',
  }),
  route(
    '/settings/subsidiaries',
    async () => (await import('./subsidiaries/subsidiaries-screen')).SubsidiariesScreen,
    { resource: 'subsidiaries' },
  ),
  route(
    '/settings/subsidiaries/:id',
    async () => (await import('./subsidiaries/subsidiary-screen')).SubsidiaryScreen,
    { resource: 'subsidiaries' },
  ),
  route(
    '/settings/fee-policy',
    async () => (await import('./fee-policy/fee-policy-screen')).FeePolicyScreen,
    { resource: 'feePolicies' },
  ),
];
