// Customer portal entry (000 §2.11): login is the index; the invoice list and details sit behind
// a guard that sends visitors without a customer email to the login, remembering where they were
// going. The layout has a Logout button.
import { Button } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { clearCustomerSession, useStore } from '../../../lib/store';
import { PortalShell } from '../components/portal-shell';
import { logoutCustomer } from './api';
import { useTranslation } from 'react-i18next';

export type FromState = { from?: string };

export function CustomerLayout() {
  const { t } = useTranslation('portals');
  const email = useStore((s) => s.customer.email);
  const navigate = useNavigate();
  const logout = () => {
    // Ends the server's customer session too; staff sessions are untouched.
    void logoutCustomer().catch(() => undefined);
    clearCustomerSession();
    void navigate(paths.customer.login.path, { replace: true });
  };
  return (
    <PortalShell
      name="Customer portal"
      home={email ? paths.customer.invoices.path : paths.customer.login.path}
      actions={
        email ? (
          <Button variant="secondary" onClick={logout}>
            {t('customerPortal.logout')}
          </Button>
        ) : null
      }
    >
      <Outlet />
    </PortalShell>
  );
}

export function CustomerGuard() {
  const email = useStore((s) => s.customer.email);
  const location = useLocation();
  if (!email) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.customer.login.path} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}
