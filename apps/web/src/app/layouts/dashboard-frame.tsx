import { lazy, Suspense, type ReactNode } from 'react';
import { FullPageLoader } from '../../components/page-states';

// The dashboard frame (sidebar, menus, notifications, tour) is its own chunk: /auth/login never loads it.
const DashboardLayout = lazy(async () => ({ default: (await import('./dashboard-layout')).DashboardLayout }));

export function DashboardFrame(props: { children?: ReactNode }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <DashboardLayout>{props.children}</DashboardLayout>
    </Suspense>
  );
}
