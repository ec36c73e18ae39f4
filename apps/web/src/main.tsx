import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { createAppRoutes, resolveRoutesFor } from './app/routes';
import { markPrerenderedPage } from './lib/hydrated';
import { startErrorReporting } from './lib/error-reporting';

// Off without a DSN and in development; the SDK is its own chunk, loaded only when on.
void startErrorReporting();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // A page the build prerendered (public site, sign-in screens): load what this path renders,
  // then hydrate the static HTML. In a transition, so hydration yields to the browser.
  performance.mark('owo:main');
  markPrerenderedPage();
  // The prerender inlined the rules this page's HTML uses; the full stylesheet loads as media=print.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-owo-deferred]'))
    link.media = 'all';
  const routes = createAppRoutes();
  void resolveRoutesFor(routes, window.location.pathname).then((patched) => {
    performance.mark('owo:routes');
    createAppRouter({ routes, patched, hydrate: true });
    performance.mark('owo:router');
    startTransition(() => {
      hydrateRoot(container, app);
    });
    performance.mark('owo:hydrate-called');
  });
} else {
  createAppRouter();
  createRoot(container).render(app);
}
