// Test harness for the public site, notifications, tour, portals and dev pages: Mantine, a fresh
// QueryClient and a memory router, plus the browser APIs jsdom lacks and Mantine needs.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `routes` (or `ui` at `path`) at `initial`, returns the router to inspect navigation. */
export function renderWithRouter(opts: { ui?: ReactNode; routes?: RouteObject[]; initial?: string; path?: string }) {
  const client = newQueryClient();
  const routes: RouteObject[] = opts.routes ?? [{ path: opts.path ?? '*', element: opts.ui }];
  const catchAll: RouteObject = { path: '*', element: <div data-testid="elsewhere" /> };
  const router = createMemoryRouter(opts.routes ? routes : [...routes, catchAll], { initialEntries: [opts.initial ?? '/'] });
  const utils = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, client };
}

type Reply = { status?: number; body: unknown };
/** Replaces global fetch: `routes` maps 'METHOD /api/path' (no query) to a reply or a function. */
export function mockFetch(routes: Record<string, Reply | ((url: URL, init?: RequestInit) => Reply)>) {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    const reply = typeof handler === 'function' ? handler(url, init) : handler;
    if (!reply) return new Response(JSON.stringify({ status: 'not-found', message: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
