// Receivables (002 §2 Inflows; issue 24): the tabbed page and details in the dashboard frame, the
// full-screen invoice flow, and the public pay page. They replace the Coming-soon entries.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
import type { Resource } from '@owo/contract/permissions';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  resource: Resource = 'inflows',
  action: 'get' | 'post' | 'put' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="inflows">
          <RequirePermission resource={resource} action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const tabs = async () => (await import('./screens/inflows-screen')).InflowsScreen;
const wizard = () => import('./screens/invoice-wizard');
const details = () => import('./screens/details-screens');

export const dashboardRoutes: RouteObject[] = [
  page('/inflows', tabs),
  page('/inflows/:tab', tabs),
  page('/inflows/invoices/:id', async () => (await import('./screens/invoice-screen')).InvoiceScreen),
  page('/inflows/customers/:id', async () => (await details()).CustomerScreen, 'inflowsCustomers'),
  page('/inflows/partners/:id', async () => (await details()).PartnerScreen, 'inflowsPartners'),
];

export const fullScreenRoutes: RouteObject[] = [
  page('/inflows/new-invoice', async () => (await wizard()).InvoiceDetailsScreen, 'inflows', 'post'),
  page('/inflows/payment-terms-invoice', async () => (await wizard()).PaymentTermsScreen, 'inflows', 'post'),
  page('/inflows/review-invoice', async () => (await wizard()).ReviewInvoiceScreen, 'inflows', 'post'),
  page('/inflows/edit-invoice', async () => (await wizard()).EditInvoiceScreen, 'inflows', 'post'),
];

export const publicRoutes: RouteObject[] = [
  {
    path: '/payment-collection/invoice/:token',
    lazy: async () => ({ Component: (await import('./screens/pay-screen')).PayInvoiceScreen }),
  },
];
