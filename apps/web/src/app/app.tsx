import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { setApiHooks } from '../lib/api';
import { expireCookie } from '../lib/cookies';
import '../lib/i18n';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query';
import { ErrorBoundary } from './errors/crash-screen';
import type { ForbiddenState } from './layouts/dashboard-layout';
import { createAppRoutes, createRouteDiscovery } from './routes';
import { theme } from './theme';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
export let router: AppRouter;

/**
 * Creates the app's router (call once, before rendering <App />). A prerendered page passes the
 * routes resolveRoutesFor() prepared and `hydrate: true`: the router starts initialised (no
 * loaders to wait for), so the first render matches the static HTML.
 */
export function createAppRouter(opts: { routes?: RouteObject[]; patched?: boolean; hydrate?: boolean } = {}) {
  router = createBrowserRouter(opts.routes ?? createAppRoutes(), {
    patchRoutesOnNavigation: createRouteDiscovery(opts.patched),
    ...(opts.hydrate ? { hydrationData: { loaderData: {}, actionData: null, errors: null } } : {}),
  });
  return router;
}

// 000 §8 global handling, wired to the router and the query cache.
setApiHooks({
  onForbidden: (message) => {
    const { pathname, search, hash } = router.state.location;
    const state: ForbiddenState = { forbidden: true, message };
    void router.navigate(`${pathname}${search}${hash}`, { replace: true, state });
  },
  onLoggedOut: (scope) => {
    if (scope === 'staff' || scope === 'all') {
      expireCookie('owo_csrf');
      queryClient.clear();
    }
  },
  onTwoFactorRequired: () => {
    void router.navigate(paths.auth.twoFactor.path, { replace: true });
  },
});

// The toast container (transitions, portal) loads with the first toast: most pages never show one.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));
export function Toasts() {
  const queued = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  if (queued && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}

/** The providers around the routes; the build's prerender (entry-server.tsx) uses the same. */
export function AppProviders(props: { children: ReactNode }) {
  // Marks the page as live (rendered or hydrated): E2E checks of prerendered pages wait for it.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    performance.mark('owo:ready');
  }, []);
  return (
    <ErrorBoundary>
      <MantineProvider theme={theme}>
        <Toasts />
        <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
      </MantineProvider>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router ?? createAppRouter()} />
    </AppProviders>
  );
}
