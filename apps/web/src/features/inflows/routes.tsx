// Receivables (002 §2 Inflows; issue 24): the tabbed page and details in the dashboard frame, the
// full-screen invoice flow, and the public pay page. They replace the Coming-soon entries.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'inflows', resource: 'inflows' });

const tabs = async () => (await import('./screens/inflows-screen')).InflowsScreen;
const wizard = () => import('./screens/invoice-wizard');
const details = () => import('./screens/details-screens');

export const dashboardRoutes: RouteObject[] = [
  route('/inflows', tabs),
  route('/inflows/:tab', tabs),
  route('/inflows/invoices/:id', async () => (await import('./screens/invoice-screen')).InvoiceScreen),
  route('/inflows/customers/:id', async () => (await details()).CustomerScreen, {
    resource: 'inflowsCustomers',
  }),
  route('/inflows/partners/:id', async () => (await details()).PartnerScreen, {
    resource: 'inflowsPartners',
  }),
];

export const fullScreenRoutes: RouteObject[] = [
  route('/inflows/new-invoice', async () => (await wizard()).InvoiceDetailsScreen, { action: 'post' }),
  route('/inflows/payment-terms-invoice', async () => (await wizard()).PaymentTermsScreen, {
    action: 'post',
  }),
  route('/inflows/review-invoice', async () => (await wizard()).ReviewInvoiceScreen, { action: 'post' }),
  route('/inflows/edit-invoice', async () => (await wizard()).EditInvoiceScreen, { action: 'post' }),
];

export const publicRoutes: RouteObject[] = [
  {
    path: '/payment-collection/invoice/:token',
    lazy: async () => ({ Component: (await import('./screens/pay-screen')).PayInvoiceScreen }),
  },
];
