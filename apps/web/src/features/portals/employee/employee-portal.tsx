// Employee portal entry (002 §2 "Employee portal"): its own sign-in, separate from staff. The
// header shows Profile and Logout when signed in; login-required pages send visitors to the
// employee login (remembering where they were going); the login page sends a signed-in employee
// to the payslip list.
import { Button } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { clearEmployeeSession, useStore } from '../../../lib/store';
import { PortalShell } from '../components/portal-shell';
import { useTranslation } from 'react-i18next';

export type FromState = { from?: string };

export const useIsEmployeeSignedIn = () => useStore((s) => !!s.employee.employeeUser);

export function EmployeePortalLayout() {
  const { t } = useTranslation('portals');
  const signedIn = useIsEmployeeSignedIn();
  const navigate = useNavigate();
  const logout = () => {
    // End the server session (and its cookie) too; sign out locally whatever the answer.
    void api
      .post('/employee-portal/auth/logout', undefined, { skipAuthHandling: true })
      .catch(() => undefined);
    clearEmployeeSession();
    void navigate(paths.employeePortal.login.path, { replace: true });
  };
  return (
    <PortalShell
      name="Employee portal"
      home={signedIn ? paths.employeePortal.payslips.path : paths.employeePortal.login.path}
      actions={
        signedIn ? (
          <>
            <Button component={Link} to={paths.employeePortal.profile.path} variant="subtle">
              {t('employeePortal.profile')}
            </Button>
            <Button variant="secondary" onClick={logout}>
              {t('employeePortal.logout')}
            </Button>
          </>
        ) : null
      }
    >
      <Outlet />
    </PortalShell>
  );
}

export function EmployeeGuard() {
  const signedIn = useIsEmployeeSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.employeePortal.login.path} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}
