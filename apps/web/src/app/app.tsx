import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setApiHooks } from '../lib/api';
import { expireCookie } from '../lib/cookies';
import '../lib/i18n';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query';
import { ErrorBoundary } from './errors/crash-screen';
import type { ForbiddenState } from './layouts/dashboard-layout';
import { createAppRoutes } from './routes';
import { theme } from './theme';

export const router = createBrowserRouter(createAppRoutes());

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

export function App() {
  return (
    <ErrorBoundary>
      <MantineProvider theme={theme}>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </ErrorBoundary>
  );
}
