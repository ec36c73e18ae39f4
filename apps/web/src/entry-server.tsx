// The build's prerender (scripts/prerender.mjs, after the client build): renders a public or
// sign-in page to HTML with React's own server renderer and a static router, as a signed-out
// visitor sees it. main.tsx hydrates that HTML with the same providers and the same resolved
// routes (resolveRoutesFor), so the first client render matches it.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
} from 'react-router-dom';
import { AppProviders } from './app/app';
import { createAppRoutes, resolveRoutesFor } from './app/routes';
import { FEATURE_PATHS } from './features/marketing/content/feature-paths';
import { PUBLIC_PATHS } from './features/marketing/paths';
import { takeCollectedPageMeta, type PageMeta } from './lib/page-meta';
import { paths } from './lib/paths';

export { pageMetaHtml } from './lib/page-meta';

export type Prerendered = {
  html: string;
  meta: PageMeta | null;
  status: number;
  /** The same page rendered through the browser's RouterProvider (a memory router): must equal `html`. */
  clientHtml: string;
};

export async function render(pathname: string): Promise<Prerendered> {
  const routes = createAppRoutes();
  await resolveRoutesFor(routes, pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answers a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  takeCollectedPageMeta();
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const meta = takeCollectedPageMeta();

  const clientRoutes = createAppRoutes();
  await resolveRoutesFor(clientRoutes, pathname);
  const memory = createMemoryRouter(clientRoutes, {
    initialEntries: [pathname],
    hydrationData: { loaderData: {}, actionData: null, errors: null },
  });
  const clientHtml = renderToString(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={memory} />
      </AppProviders>
    </StrictMode>,
  );
  takeCollectedPageMeta();
  return { html, meta, status: context.statusCode, clientHtml };
}

/** The pages the build prerenders; `sitemap` marks those listed in sitemap.xml. */
export const PRERENDER_PAGES: { path: string; sitemap: boolean }[] = [
  ...[PUBLIC_PATHS.home, PUBLIC_PATHS.pricing, PUBLIC_PATHS.faq, PUBLIC_PATHS.support].map((path) => ({
    path,
    sitemap: true,
  })),
  ...[PUBLIC_PATHS.privacy, PUBLIC_PATHS.terms, PUBLIC_PATHS.communication].map((path) => ({
    path,
    sitemap: true,
  })),
  ...Object.values(FEATURE_PATHS).map((path) => ({ path, sitemap: true })),
  { path: paths.auth.login.path, sitemap: true },
  { path: paths.auth.register.path, sitemap: true },
  { path: paths.auth.forgotPassword.path, sitemap: false },
];
