// Accounting integration (001 §2 settings and the import payment tags flow; issue 27 §1).
import type { RouteObject } from 'react-router-dom';
import { guardedRoute } from '../../app/guarded-route';

const integrations = { resource: 'accountingIntegrations' } as const;
const tags = { resource: 'paymentTags' } as const;

export const dashboardRoutes: RouteObject[] = [
  guardedRoute(
    '/settings/integrations',
    async () => (await import('./integrations-screen')).IntegrationsScreen,
    { ...integrations, area: 'settings' },
  ),
];

/** Full screen: the import flow (closing to /settings/categories), the consent page and the callback. */
export const fullScreenRoutes: RouteObject[] = [
  guardedRoute(
    '/integrations/import-payment-tags',
    async () => (await import('./import-screens')).ChooseSoftwareScreen,
    tags,
  ),
  guardedRoute('/integrations/map-tags', async () => (await import('./import-screens')).MapTagsScreen, tags),
  guardedRoute(
    '/integrations/finish',
    async () => (await import('./import-screens')).FinishImportScreen,
    tags,
  ),
  guardedRoute(
    '/accounting/sandbox/consent',
    async () => (await import('./oauth-screens')).SandboxConsentScreen,
    integrations,
  ),
  guardedRoute(
    '/accounting/callback/:provider',
    async () => (await import('./oauth-screens')).AccountingCallbackScreen,
    integrations,
  ),
];
