// Test harness for the public site, notifications, tour, portals and dev pages: Mantine, a fresh
// QueryClient and a memory router, plus the browser APIs the test DOM lacks and Mantine needs.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `routes` (or `ui` at `path`) at `initial`, returns the router to inspect navigation. */
export function renderWithRouter(opts: {
  ui?: ReactNode;
  routes?: RouteObject[];
  initial?: string;
  path?: string;
}) {
  const client = newQueryClient();
  const routes: RouteObject[] = opts.routes ?? [{ path: opts.path ?? '*', element: opts.ui }];
  const catchAll: RouteObject = { path: '*', element: <div data-testid="elsewhere" /> };
  const router = createMemoryRouter(opts.routes ? routes : [...routes, catchAll], {
    initialEntries: [opts.initial ?? '/'],
  });
  const utils = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, client };
}

export { mockFetch } from '../../app/test-utils';
