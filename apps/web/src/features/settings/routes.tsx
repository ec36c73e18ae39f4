// Account settings (000 §2.2): /account/settings/{profile,organisation,security,notifications}.
// Business settings (002 §2): /settings, /settings/business, /settings/subsidiaries(/:id), /settings/fee-policy.
import { Navigate, type RouteObject } from 'react-router-dom';
import type { Resource } from '@owo/contract';
import type { ReactNode } from 'react';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
import { paths } from '../../lib/paths';

const settingsPage = (path: string, resource: Resource, load: () => Promise<ReactNode>): RouteObject => ({
  path,
  lazy: async () => ({
    element: (
      <AreaGuard area="settings">
        <RequirePermission resource={resource}>{await load()}</RequirePermission>
      </AreaGuard>
    ),
  }),
});

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
  {
    path: '/settings',
    lazy: async () => {
      const { BusinessScreen } = await import('./screens/business-screen');
      return {
        element: (
          <AreaGuard area="settings">
            <BusinessScreen withIndex />
          </AreaGuard>
        ),
      };
    },
  },
  settingsPage('/settings/business', 'parameters', async () => {
    const { BusinessScreen } = await import('./screens/business-screen');
    return <BusinessScreen />;
  }),
  settingsPage('/settings/subsidiaries', 'subsidiaries', async () => {
    const { SubsidiariesScreen } = await import('./subsidiaries/subsidiaries-screen');
    return <SubsidiariesScreen />;
  }),
  settingsPage('/settings/subsidiaries/:id', 'subsidiaries', async () => {
    const { SubsidiaryScreen } = await import('./subsidiaries/subsidiary-screen');
    return <SubsidiaryScreen />;
  }),
  settingsPage('/settings/fee-policy', 'feePolicies', async () => {
    const { FeePolicyScreen } = await import('./fee-policy/fee-policy-screen');
    return <FeePolicyScreen />;
  }),
];
