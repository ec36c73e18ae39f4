// The route tree. Feature route modules are discovered from features/*/routes.tsx by export name,
// so areas plug in without editing this file (see src/README.md):
//   publicRoutes, portalRoutes, devRoutes  -> top level, unguarded (own layouts)
//   dashboardRoutes, notificationsRoutes   -> signed in + active account, inside the dashboard frame
//   fullScreenRoutes                       -> signed in + active account, no frame (flows, imports)
//   verifiedRoutes                         -> signed in + verified, before an account is active
// Screens inside those modules must be lazy (`lazy:` or React.lazy) to keep /auth/login small.
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, ScrollRestoration, useRouteError, type RouteObject } from 'react-router-dom';
import { comingSoonDashboardRoutes, comingSoonPublicRoutes, comingSoonVerifiedRoutes } from '../features/coming-soon/routes';
import { authGuestRoutes, authOpenRoutes } from '../features/identity/routes';
import { FullPageLoader } from '../components/page-states';
import { paths } from '../lib/paths';
import { useHasSession } from '../lib/session';
import { CrashScreen } from './errors/crash-screen';
import { DashboardNotFoundPage, NotFoundPage } from './errors/not-found-page';
import { OfflineGuard } from './errors/offline-guard';
import { GuestOnly, RedirectIfActiveAccount, RequireStaff } from './guards/guards';
import { AuthLayout } from './layouts/auth-layout';
import { PlainLayout } from './layouts/public-layout';
import { legacyRoutes } from './legacy-redirects';

type FeatureRoutes = Partial<Record<
  'publicRoutes' | 'portalRoutes' | 'devRoutes' | 'dashboardRoutes' | 'notificationsRoutes' | 'fullScreenRoutes' | 'verifiedRoutes',
  RouteObject[]
>>;
// The dashboard frame (sidebar, menus, notifications, tour) is its own chunk: /auth/login never loads it.
const DashboardLayout = lazy(async () => ({ default: (await import('./layouts/dashboard-layout')).DashboardLayout }));
function DashboardFrame(props: { children?: ReactNode }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <DashboardLayout>{props.children}</DashboardLayout>
    </Suspense>
  );
}

const featureModules = import.meta.glob<FeatureRoutes>('../features/*/routes.tsx', { eager: true });
const collect = (name: keyof FeatureRoutes) => Object.values(featureModules).flatMap((m) => m[name] ?? []);

function RootShell() {
  return (
    <OfflineGuard>
      <Outlet />
      <ScrollRestoration />
    </OfflineGuard>
  );
}

function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  return <CrashScreen />;
}

/** Unknown paths: the dashboard's 'We Lost that Page...' when signed in, else 'Page Not Found'. */
function NotFoundSwitch() {
  if (!useHasSession()) return <NotFoundPage />;
  return (
    <RequireStaff>
      <DashboardFrame>
        <DashboardNotFoundPage />
      </DashboardFrame>
    </RequireStaff>
  );
}

const createAccountRoutes = (routes: RouteObject[]) => routes.filter((r) => r.path === paths.account.create.path).slice(0, 1);

export function createAppRoutes(): RouteObject[] {
  const publicRoutes = collect('publicRoutes');
  const hasHome = publicRoutes.some(function hasIndex(r): boolean {
    return r.index === true || r.path === '/' || (!r.path && !!r.children?.some(hasIndex));
  });
  const verified = [...collect('verifiedRoutes'), ...comingSoonVerifiedRoutes];
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      children: [
        ...publicRoutes,
        ...collect('portalRoutes'),
        ...collect('devRoutes'),
        ...(hasHome ? [] : [{ path: '/', element: <Navigate to={paths.dashboard.path} replace /> }]),
        { element: <PlainLayout />, children: comingSoonPublicRoutes },
        {
          element: <AuthLayout />,
          children: [
            { element: <GuestOnly><Outlet /></GuestOnly>, children: authGuestRoutes },
            ...authOpenRoutes,
          ],
        },
        {
          element: (
            <RequireStaff level="verified">
              <PlainLayout />
            </RequireStaff>
          ),
          children: [
            // Rule 5: /account/create with an active account goes to the dashboard.
            { element: <RedirectIfActiveAccount><Outlet /></RedirectIfActiveAccount>, children: createAccountRoutes(verified) },
            ...verified.filter((r) => r.path !== paths.account.create.path),
          ],
        },
        {
          element: (
            <RequireStaff>
              <PlainLayout />
            </RequireStaff>
          ),
          children: collect('fullScreenRoutes'),
        },
        {
          element: (
            <RequireStaff>
              <DashboardFrame />
            </RequireStaff>
          ),
          children: [...collect('dashboardRoutes'), ...collect('notificationsRoutes'), ...comingSoonDashboardRoutes],
        },
        ...legacyRoutes,
        { path: '*', element: <NotFoundSwitch /> },
      ],
    },
  ];
}
