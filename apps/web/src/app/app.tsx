import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setApiHooks } from '../lib/api';
import { expireCookie } from '../lib/cookies';
import '../lib/i18n';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query';
import { ErrorBoundary } from './errors/crash-screen';
import type { ForbiddenState } from './layouts/dashboard-layout';
import { createAppRoutes, createRouteDiscovery } from './routes';
import { theme } from './theme';

export const router = createBrowserRouter(createAppRoutes(), {
  patchRoutesOnNavigation: createRouteDiscovery(),
});

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

export function App() {
  return (
    <ErrorBoundary>
      <MantineProvider theme={theme}>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </ErrorBoundary>
  );
}
