// The route tree. At start the router knows only the shell, the auth screens and the fallback:
// that is all /auth/login loads. Every other route (features/*/routes.tsx, discovered by export
// name, see feature-routes.tsx and src/README.md) is patched in on the first navigation that
// needs it (React Router's patchRoutesOnNavigation), from chunks of their own.
// Screens inside route modules must be lazy (`lazy:` or React.lazy) to keep /auth/login small.
import {
  matchRoutes,
  Outlet,
  ScrollRestoration,
  useRouteError,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { authGuestRoutes, authOpenRoutes } from '../features/identity/routes';
import { FullPageLoader } from '../components/page-states';
import { loadNamespaces } from '../lib/i18n';
import { CrashScreen } from './errors/crash-screen';
import { OfflineGuard } from './errors/offline-guard';
import { GuestOnly } from './guards/guest-only';
import { AuthLayout } from './layouts/auth-layout';

export const ROOT_ROUTE_ID = 'root';

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

const authRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      {
        element: (
          <GuestOnly>
            <Outlet />
          </GuestOnly>
        ),
        children: authGuestRoutes,
      },
      ...authOpenRoutes,
    ],
  },
];

/** The routes known at start. The feature routes join through `createRouteDiscovery()`. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <RootShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        ...authRoutes,
        {
          path: '*',
          // Signed in, it renders the dashboard frame: the on-demand text first (see feature-routes.tsx).
          lazy: async () => {
            const [{ NotFoundSwitch }] = await Promise.all([
              import('./errors/not-found-switch'),
              loadNamespaces(),
            ]);
            return { Component: NotFoundSwitch };
          },
        },
      ],
    },
  ];
}

/**
 * `patchRoutesOnNavigation` for a router made from createAppRoutes(): the first navigation outside
 * the auth screens loads the feature routes and adds them under the root route (their text
 * namespaces load with the routes that need them, see feature-routes.tsx). One discovery per router.
 */
export function createRouteDiscovery(alreadyPatched = false): PatchRoutesOnNavigationFunction {
  let patched = alreadyPatched;
  return async ({ path, patch, signal }) => {
    if (patched || matchRoutes(authRoutes, path)) return;
    const { loadFeatureRoutes } = await import('./feature-routes');
    const routes = loadFeatureRoutes();
    if (patched || signal.aborted) return;
    patch(ROOT_ROUTE_ID, routes);
    patched = true;
  };
}

/**
 * Makes `routes` (from createAppRoutes()) able to render `pathname` at once, with no fallback: the
 * feature routes are added under the root route when the path lies outside the auth screens, and
 * every lazy route the path matches is resolved in place. The build's prerender (entry-server.tsx)
 * and the hydration of a prerendered page (main.tsx) both call it, so they render the same tree.
 * Returns whether the feature routes were added (pass it to createRouteDiscovery).
 */
export async function resolveRoutesFor(routes: RouteObject[], pathname: string): Promise<boolean> {
  let patched = false;
  if (!matchRoutes(authRoutes, pathname)) {
    const { loadFeatureRoutes } = await import('./feature-routes');
    const root = routes.find((r) => r.id === ROOT_ROUTE_ID)!;
    root.children = [...(root.children ?? []), ...loadFeatureRoutes()];
    patched = true;
  }
  // The matched lazy routes load in parallel (layout and page: one round trip, not two).
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  return patched;
}
