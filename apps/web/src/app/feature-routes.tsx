// Every route outside the auth screens, discovered on the first navigation that needs them
// (React Router's patchRoutesOnNavigation, see routes.tsx). This module and every
// features/*/routes.tsx load in their own chunks, so /auth/login ships none of them.
// Feature route modules are found by export name (see src/README.md):
//   siteRoutes                             -> the public site: top level, without the on-demand text
//   publicRoutes, portalRoutes, devRoutes  -> top level, unguarded (own layouts): public links' pages
//   dashboardRoutes, notificationsRoutes   -> signed in + active account, inside the dashboard frame
//   fullScreenRoutes                       -> signed in + active account, no frame (flows, imports)
//   verifiedRoutes                         -> signed in + verified, before an account is active
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { loadNamespaces } from '../lib/i18n';
import { paths } from '../lib/paths';
import { AREAS } from './areas';
import { RedirectIfActiveAccount, RequireStaff } from './guards/guards';
import { DashboardFrame } from './layouts/dashboard-frame';
import { PlainLayout } from './layouts/public-layout';
import { MarketplaceGate } from './layouts/marketplace-gate';
import { legacyRoutes } from './legacy-redirects';

type FeatureRoutes = Partial<
  Record<
    | 'siteRoutes'
    | 'publicRoutes'
    | 'portalRoutes'
    | 'devRoutes'
    | 'dashboardRoutes'
    | 'notificationsRoutes'
    | 'fullScreenRoutes'
    | 'verifiedRoutes'
    | 'comingSoonDashboardRoutes'
    | 'comingSoonPublicRoutes'
    | 'comingSoonVerifiedRoutes',
    RouteObject[]
  >
>;

/**
 * The pathless route around every signed-in, portal and public-link route: its `lazy` loads the on-demand text
 * namespaces (lib/i18n.ts loadNamespaces), and React Router resolves the lazies of every matched
 * route before it renders, in parallel. So those screens never show raw keys, and the marketing
 * pages (which use no on-demand namespace) do not download them.
 */
export const WITH_TEXT_ROUTE_ID = 'with-text';
const withText = (children: RouteObject[]): RouteObject => ({
  id: WITH_TEXT_ROUTE_ID,
  lazy: async () => {
    await loadNamespaces();
    return { Component: Outlet };
  },
  children,
});

// Eager inside this lazily loaded module: all route tables arrive in one chunk, in one round trip.
const featureModules = import.meta.glob<FeatureRoutes>(
  ['../features/*/routes.tsx', '!../features/identity/routes.tsx'],
  { eager: true },
);

const createAccountRoutes = (routes: RouteObject[]) =>
  routes.filter((r) => r.path === paths.account.create.path).slice(0, 1);

/** Drops routes at `path` (at any depth) from a route list. */
function withoutPath(routes: RouteObject[], path: string): RouteObject[] {
  return routes
    .filter((r) => r.path !== path)
    .map((r) => (r.children ? { ...r, children: withoutPath(r.children, path) } : r));
}

const isMarketplace = (r: RouteObject) => {
  const p = r.path ?? '';
  return p === AREAS.marketplace.path || p.startsWith(`${AREAS.marketplace.path}/`);
};

/** Builds the feature part of the tree from the loaded route modules (children of the root route). */
export function buildFeatureRoutes(modules: FeatureRoutes[]): RouteObject[] {
  const collect = (name: keyof FeatureRoutes) => modules.flatMap((m) => m[name] ?? []);
  // /marketplace is claimed twice: the public feature page (002 §2) and the dashboard area
  // (001 §2). The dashboard branch owns the path; MarketplaceGate shows visitors the public page.
  const siteRoutes = withoutPath(collect('siteRoutes'), AREAS.marketplace.path);
  const hasHome = siteRoutes.some(function hasIndex(r): boolean {
    return r.index === true || r.path === '/' || (!r.path && !!r.children?.some(hasIndex));
  });
  const verified = [...collect('verifiedRoutes'), ...collect('comingSoonVerifiedRoutes')];
  const dashboard = [
    ...collect('dashboardRoutes'),
    ...collect('notificationsRoutes'),
    ...collect('comingSoonDashboardRoutes'),
  ];
  const staffFrame = (
    <RequireStaff>
      <DashboardFrame />
    </RequireStaff>
  );
  return [
    ...siteRoutes,
    ...(hasHome ? [] : [{ path: '/', element: <Navigate to={paths.dashboard.path} replace /> }]),
    ...legacyRoutes,
    withText([
      // A public link's page (pay an invoice, send a bill, a payer's invitation) reads its area's words.
      ...collect('publicRoutes'),
      ...collect('portalRoutes'),
      ...collect('devRoutes'),
      { element: <PlainLayout />, children: collect('comingSoonPublicRoutes') },
      {
        element: (
          <RequireStaff level="verified">
            <PlainLayout />
          </RequireStaff>
        ),
        children: [
          // Rule 5: /account/create with an active account goes to the dashboard.
          {
            element: (
              <RedirectIfActiveAccount>
                <Outlet />
              </RedirectIfActiveAccount>
            ),
            children: createAccountRoutes(verified),
          },
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
      { element: staffFrame, children: dashboard.filter((r) => !isMarketplace(r)) },
      { element: <MarketplaceGate>{staffFrame}</MarketplaceGate>, children: dashboard.filter(isMarketplace) },
    ]),
  ];
}

/** The feature routes, children of the root route. */
export const loadFeatureRoutes = (): RouteObject[] => buildFeatureRoutes(Object.values(featureModules));
