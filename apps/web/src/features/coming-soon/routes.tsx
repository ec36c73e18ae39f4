// Every dashboard area of 000 §2.3 / 001 / 002 is routed, guarded by its view permission and
// titled. Every path the spec names has its screen now (app/spec-routes.test.ts checks it); these
// entries only catch other paths under an area, so they show "Coming soon" rather than a 404. A feature replaces its entry simply by
// exporting `dashboardRoutes` for the same paths from features/<area>/routes.tsx: feature routes
// are mounted first, so they win over these.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
import type { AreaKey } from '../../app/areas';
import { ComingSoonPanel } from './coming-soon-panel';

const area = (key: AreaKey, path: string): RouteObject => ({
  path,
  element: (
    <AreaGuard area={key}>
      <ComingSoonPanel />
    </AreaGuard>
  ),
});

export const comingSoonDashboardRoutes: RouteObject[] = [
  // /dashboard, /transactions, /transaction/:id and /wallet/add-funds live in features/money.
  area('agent-insight', '/agent-insight/*'),
  area('team-report', '/team-report/*'),
  area('requests', '/requests/*'),
  area('requests', '/request/:ref'),
  area('commissions', '/commissions/*'),
  // /disbursements/* lives in features/disbursements; /payouts/*, /payout/*, /bill/*, /bills/* and
  // /bill-csv/* in features/payouts (every path of 001 §2 Payouts and Bills is built; others are 404).
  // /expenses and /expense/* live in features/expenses.
  area('payroll', '/payroll/*'),
  area('payroll', '/contacts/employees'),
  area('marketplace', '/marketplace/*'),
  area('inflows', '/inflows/*'),
  area('vendors', '/vendors/*'),
  // /projects/*, /asset-list and /assets/* live in features/projects and features/products.
  area('settings', '/settings/*'),
  area('cards', '/cards/*'),
  // /payment-invitation/* lives in features/payment-invitations (public pages).
  {
    path: '/integrations/*',
    element: (
      <RequirePermission resource="paymentTags" action="post">
        <ComingSoonPanel titleKey="importPaymentTags" />
      </RequirePermission>
    ),
  },
];

/** Signed-in pages before an account is active (rules 3–5 send users here). */
export const comingSoonVerifiedRoutes: RouteObject[] = [];

/** Unguarded vendor pages (001 §2 Vendors, 000 §2.10) until the payables feature lands. */
export const comingSoonPublicRoutes: RouteObject[] = [
  { path: '/send-bill/*', element: <ComingSoonPanel titleKey="sendBill" /> },
  { path: '/vendor-onboarding/*', element: <ComingSoonPanel titleKey="vendorOnboarding" /> },
  { path: '/payment-collection/*', element: <ComingSoonPanel titleKey="invoicePayment" /> },
];
