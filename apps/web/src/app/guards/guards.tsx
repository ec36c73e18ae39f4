// Route guards of 000 §2.4 and the auth layout's redirects (000 §2.1).
// Rules: 1 unauthenticated -> login (location remembered); 2 unverified -> confirm-email;
// 3 no accounts -> create-account; 4 accounts but none active -> accounts/switch; 5 verified with
// an active account on confirm-email / create-account -> dashboard; 6 no permission -> Access
// Forbidden; 7 /dashboard without permission -> first permitted area.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { STATUS, type Action, type Resource, can } from '@owo/contract';
import { FullPageLoader } from '../../components/page-states';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import {
  isDeliberateLogout,
  useAccounts,
  useActiveAccount,
  useHasSession,
  useProfile,
  useResources,
} from '../../lib/session';
import { updateStaff } from '../../lib/store';
import { AREAS, canViewArea, firstPermittedArea, type AreaKey } from '../areas';
import { ForbiddenPage } from '../errors/forbidden-page';

function RememberAndLogin() {
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (!isDeliberateLogout()) updateStaff({ redirectTo: from });
  }, [from]);
  return <Navigate to={paths.auth.login.path} replace state={{ from }} />;
}

/**
 * Staff pages. `level="verified"` stops after rule 2 (create account, switch account);
 * `level="account"` (default) also applies rules 3 and 4.
 */
export function RequireStaff(props: { level?: 'verified' | 'account'; children: ReactNode }) {
  const level = props.level ?? 'account';
  const hasSession = useHasSession();
  const profile = useProfile(hasSession);
  const wantAccounts = hasSession && level === 'account' && profile.data?.verified === true;
  const accounts = useAccounts(wantAccounts);
  const active = useActiveAccount(wantAccounts);

  if (!hasSession) return <RememberAndLogin />;
  if (profile.isPending) return <FullPageLoader />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === STATUS.twoFaRequired)
      return <Navigate to={paths.auth.twoFactor.path} replace />;
    if (isApiError(profile.error) && profile.error.httpStatus === 401) return <RememberAndLogin />;
    throw profile.error;
  }
  if (!profile.data.verified) return <Navigate to={paths.auth.confirmEmail.path} replace />;
  if (level === 'verified') return props.children;
  if (accounts.isPending || active.isPending) return <FullPageLoader />;
  if (accounts.isError) throw accounts.error;
  if (accounts.data.length === 0 && !active.data?.activeAccount)
    return <Navigate to={paths.account.create.path} replace />;
  if (active.isError || !active.data?.activeAccount)
    return <Navigate to={paths.account.switch.path} replace />;
  return props.children;
}

/** Rule 5 for /account/create (and confirm-email): a verified user with an active account goes to the dashboard. */
export function RedirectIfActiveAccount(props: { children: ReactNode }) {
  const hasSession = useHasSession();
  const profile = useProfile(hasSession);
  const verified = profile.data?.verified === true;
  const active = useActiveAccount(hasSession && verified);
  if (hasSession && verified && active.isPending) return <FullPageLoader />;
  if (verified && active.data?.activeAccount) return <Navigate to={paths.dashboard.path} replace />;
  return props.children;
}

export { GuestOnly } from './guest-only';

/** Rule 6 for a whole area: no view permission -> Access Forbidden at this path. */
export function AreaGuard(props: { area: AreaKey; children: ReactNode }) {
  const resources = useResources();
  return canViewArea(resources, props.area) ? props.children : <ForbiddenPage />;
}

/** Rule 6 for one page needing a specific action, e.g. <RequirePermission resource="payouts" action="post">. */
export function RequirePermission(props: { resource: Resource; action?: Action; children: ReactNode }) {
  return can(useResources(), props.resource, props.action ?? 'get') ? props.children : <ForbiddenPage />;
}

/** Rule 7: /dashboard without the insights permission goes to the first permitted area. */
export function DashboardGate(props: { children: ReactNode }) {
  const resources = useResources();
  if (canViewArea(resources, 'dashboard')) return props.children;
  const first = firstPermittedArea(resources);
  if (!first || first.key === AREAS.dashboard.key) return <ForbiddenPage />;
  return <Navigate to={first.path} replace />;
}
