// Payment invitations (issue 23 §0): the company's list in the inflows area, and the payer's public
// pages `/payment-invitation/:ref/<step>` (they replace the Coming-soon entry).
import type { RouteObject } from 'react-router-dom';
import { guardedRoute } from '../../app/guarded-route';

export const dashboardRoutes: RouteObject[] = [
  guardedRoute(
    '/inflows/payment-invitations',
    async () => (await import('./screens/invitations-screen')).PaymentInvitationsScreen,
    { area: 'inflows', resource: 'inflows' },
  ),
];

const wizard = async () => ({ Component: (await import('./screens/pay-wizard')).PaymentInvitationScreen });

/** The payer's pages: no sign-in. */
export const publicRoutes: RouteObject[] = [
  { path: '/payment-invitation/:ref', lazy: wizard },
  { path: '/payment-invitation/:ref/:step', lazy: wizard },
];
