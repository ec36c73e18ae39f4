// The auth layout's redirects, kept apart from the other guards: the sign-in page loads this
// file, and nothing of the dashboard's permission logic.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FullPageLoader } from '../../components/page-states';
import { useHydrated } from '../../lib/hydrated';
import { paths } from '../../lib/paths';
import { useHasSession, useProfile } from '../../lib/session';
import { useStore } from '../../lib/store';

/**
 * The auth layout's redirects (000 §2.1): a signed-in unverified user goes to confirm-email, a
 * verified one to where they were going (or the dashboard). Signed-out visitors see the page.
 * A prerendered page hydrates as the signed-out page it was built as; the redirect follows.
 */
export function GuestOnly(props: { children: ReactNode }) {
  const hydrated = useHydrated();
  const hasSession = useHasSession() && hydrated;
  const profile = useProfile(hasSession);
  const redirectTo = useStore((s) => s.staff.redirectTo);
  if (!hasSession || profile.isError) return props.children;
  if (profile.isPending) return <FullPageLoader />;
  if (!profile.data.verified) return <Navigate to={paths.auth.confirmEmail.path} replace />;
  return <Navigate to={redirectTo ?? paths.dashboard.path} replace />;
}
