import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { createAppRoutes, resolveRoutesFor } from './app/routes';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (container.hasChildNodes()) {
  // A page the build prerendered (public site, sign-in screens): load what this path renders,
  // then hydrate the static HTML. In a transition, so hydration yields to the browser.
  const routes = createAppRoutes();
  void resolveRoutesFor(routes, window.location.pathname).then((patched) => {
    createAppRouter({ routes, patched, hydrate: true });
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  createAppRouter();
  createRoot(container).render(app);
}
