// The on-demand text namespaces load with the signed-in and portal routes, not with the marketing
// pages (issue 38 §3): the pathless route around them awaits loadNamespaces() in its `lazy`.
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

const loadNamespaces = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../lib/i18n', async (original) => ({
  ...(await original<typeof import('../lib/i18n')>()),
  loadNamespaces,
}));

const { buildFeatureRoutes, WITH_TEXT_ROUTE_ID } = await import('./feature-routes');

const routes = buildFeatureRoutes([
  { siteRoutes: [{ path: '/pricing' }] },
  { publicRoutes: [{ path: '/pay/:token' }] },
  { dashboardRoutes: [{ path: '/dashboard' }], portalRoutes: [{ path: '/portal/:id' }] },
]);
const ids = (path: string) => (matchRoutes(routes, path) ?? []).map((m) => m.route.id);

describe('the text namespaces per route group', () => {
  it('marketing pages sit outside the route that loads them; signed-in, portal and public link pages inside', () => {
    expect(ids('/pricing')).not.toContain(WITH_TEXT_ROUTE_ID);
    expect(ids('/dashboard')).toContain(WITH_TEXT_ROUTE_ID);
    expect(ids('/portal/7')).toContain(WITH_TEXT_ROUTE_ID);
    // A public link's page (an invoice's pay page) reads its area's words.
    expect(ids('/pay/abc')).toContain(WITH_TEXT_ROUTE_ID);
  });

  it("that route's lazy resolves only once the namespaces are in", async () => {
    let release!: () => void;
    loadNamespaces.mockReturnValueOnce(new Promise<void>((r) => (release = r)));
    const route = routes.find((r) => r.id === WITH_TEXT_ROUTE_ID)!;
    let done = false;
    const resolved = (route.lazy as () => Promise<unknown>)().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    release();
    await resolved;
    expect(done).toBe(true);
    expect(loadNamespaces).toHaveBeenCalled();
  });
});
