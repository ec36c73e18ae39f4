import { useHasSession } from '../../lib/session';
import { RequireStaff } from '../guards/guards';
import { DashboardFrame } from '../layouts/dashboard-frame';
import { DashboardNotFoundPage, NotFoundPage } from './not-found-page';

/** Unknown paths: the dashboard's 'We Lost that Page...' when signed in, else 'Page Not Found'. */
export function NotFoundSwitch() {
  if (!useHasSession()) return <NotFoundPage />;
  return (
    <RequireStaff>
      <DashboardFrame>
        <DashboardNotFoundPage />
      </DashboardFrame>
    </RequireStaff>
  );
}
