// Accounting integration (001 §2 settings and the import payment tags flow; issue 27 §1).
import type { RouteObject } from 'react-router-dom';
import type { Resource } from '@owo/contract/permissions';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (
  path: string,
  resource: Resource,
  load: () => Promise<React.ComponentType>,
  area = true,
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    const inner = (
      <RequirePermission resource={resource}>
        <Screen />
      </RequirePermission>
    );
    return { element: area ? <AreaGuard area="settings">{inner}</AreaGuard> : inner };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page(
    '/settings/integrations',
    'accountingIntegrations',
    async () => (await import('./integrations-screen')).IntegrationsScreen,
  ),
];

/** Full screen: the import flow (closing to /settings/categories), the consent page and the callback. */
export const fullScreenRoutes: RouteObject[] = [
  page(
    '/integrations/import-payment-tags',
    'paymentTags',
    async () => (await import('./import-screens')).ChooseSoftwareScreen,
    false,
  ),
  page(
    '/integrations/map-tags',
    'paymentTags',
    async () => (await import('./import-screens')).MapTagsScreen,
    false,
  ),
  page(
    '/integrations/finish',
    'paymentTags',
    async () => (await import('./import-screens')).FinishImportScreen,
    false,
  ),
  page(
    '/accounting/sandbox/consent',
    'accountingIntegrations',
    async () => (await import('./oauth-screens')).SandboxConsentScreen,
    false,
  ),
  page(
    '/accounting/callback/:provider',
    'accountingIntegrations',
    async () => (await import('./oauth-screens')).AccountingCallbackScreen,
    false,
  ),
];
