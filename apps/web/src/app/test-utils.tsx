// Test harness for the app frame: the REAL route tree on a memory router, a mocked fetch and a
// seeded session. `renderApp('/payouts', { session: ownerSession() })`.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { AccountEntry, Resources } from '@owo/contract';
import { setApiHooks } from '../lib/api';
import '../lib/i18n';
import { queryClient } from '../lib/query';
import { store, type AuthUser } from '../lib/store';
import { createAppRoutes, createRouteDiscovery } from './routes';
import { theme } from './theme';

export type Reply = { status?: number; body: unknown };
export type Handler = Reply | ((url: URL, init?: RequestInit) => Reply | Promise<Reply>);

/** Replaces fetch: 'METHOD /api/path' -> reply. Unknown calls answer 404. Records every call. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; url: URL; headers: Record<string, string>; body?: unknown }[] =
    [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'object' && 'url' in input ? input.url : String(input),
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      url,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body,
    });
    const handler = routes[`${method} ${url.pathname}`];
    const reply = typeof handler === 'function' ? await handler(url, init) : handler;
    if (!reply)
      return new Response(JSON.stringify({ status: 'not-found', message: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export const ok = (data: unknown, message = 'OK', status = 'success'): Reply => ({
  body: { status, message, data },
});
/** A paged list's answer (000 §8 metadata), one page holding `items`. */
export const listOk = (items: unknown[] = []): Reply => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: {
      pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: items.length ? 1 : 0 },
    },
  },
});
export const fail = (
  httpStatus: number,
  status: string,
  message: string,
  errors?: Record<string, string[]>,
): Reply => ({
  status: httpStatus,
  body: { status, message, data: null, errors },
});

export const testUser: AuthUser = { id: 'u1', email: 'ada@acme.ng', verified: true, _2fa: false };

export function accountEntry(overrides: Partial<AccountEntry> = {}): AccountEntry {
  return {
    id: 'm1',
    accountId: 'a1',
    account: { id: 'a1', name: 'Acme Ltd', type: 'business' },
    tiers: [],
    role: 'owner',
    subaccess: [],
    ...overrides,
  };
}

export type SessionSeed = {
  verified?: boolean;
  accounts?: AccountEntry[];
  active?: AccountEntry | null;
  resources?: Resources | null;
};

/** API answers of a signed-in user (profile, accounts, active account) plus any extra routes. */
export function sessionRoutes(
  seed: SessionSeed = {},
  extra: Record<string, Handler> = {},
): Record<string, Handler> {
  const verified = seed.verified ?? true;
  const accounts = seed.accounts ?? [accountEntry()];
  const active = seed.active === undefined ? (accounts[0] ?? null) : seed.active;
  return {
    'GET /api/me/settings/profile': ok({
      profile: {
        id: 'u1',
        firstName: 'Ada',
        lastName: 'Obi',
        name: 'Ada Obi',
        email: testUser.email,
        phoneNumber: null,
        verified,
        _2fa: false,
        createdAt: '2026-01-01T00:00:00Z',
      },
    }),
    'GET /api/me/accounts': ok(accounts),
    'GET /api/me/accounts/active': ok({
      activeAccount: active,
      resources: seed.resources === undefined ? '*' : seed.resources,
    }),
    'GET /api/me/notifications': {
      body: {
        status: 'success',
        message: 'OK',
        data: [],
        metadata: { pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 } },
      },
    },
    ...extra,
  };
}

/**
 * Mounts the app's route tree at `path`; with `session`, a stored user as after login. The guided
 * tour's first run (a dialog that opens TOUR_DELAY_MS after the dashboard renders) is taken as
 * seen unless a test set the tour itself: otherwise a test that reaches its own dialog later than
 * that on a busy machine would find the tour's instead.
 */
export function renderApp(
  path: string,
  opts: { session?: SessionSeed | false; routes?: Record<string, Handler> } = {},
) {
  const signedIn = opts.session !== false && opts.session !== undefined;
  if (!signedIn) {
    store.reset();
    document.cookie = 'owo_csrf=; Max-Age=0; path=/';
  }
  if (store.get().tour.status === 'idle') store.set({ tour: { status: 'completed', progress: 2 } });
  if (signedIn)
    store.set({
      staff: {
        ...store.get().staff,
        user: { ...testUser, verified: (opts.session as SessionSeed).verified ?? true },
      },
    });
  const api = mockFetch(
    signedIn ? sessionRoutes(opts.session as SessionSeed, opts.routes) : (opts.routes ?? {}),
  );
  const router = createMemoryRouter(createAppRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: createRouteDiscovery(),
  });
  setApiHooks({
    onForbidden: (message) => {
      const { pathname, search } = router.state.location;
      void router.navigate(`${pathname}${search}`, { replace: true, state: { forbidden: true, message } });
    },
    onLoggedOut: () => queryClient.clear(),
    onTwoFactorRequired: () => void router.navigate('/auth/two-factor', { replace: true }),
  });
  // env="test": Mantine's own test mode, no transitions (nothing waits out an animation).
  const utils = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, api };
}
