import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { WAIT_CEILING_MS } from './test-ceilings';
import { draftStore } from './lib/drafts';
import { loadNamespaces } from './lib/i18n';
import { store } from './lib/store';

// Most files share one module graph per worker (vite.config.ts), and this file runs before each
// of them: what a file before left behind in the app's module state and the page is cleared here.
// The hooks after each test are registered here too, not in a test helper: a helper module is
// evaluated once per worker, so its hooks would be registered for the first file only.
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  // Imported here, not at the top: lib/query imports lib/toast, which some files mock.
  (await import('./lib/query')).queryClient.clear();
  store.reset();
  document.cookie = 'owo_csrf=; Max-Age=0; path=/';
});
vi.useRealTimers();
// A file before may have sent the page elsewhere; each file starts where vitest's window starts.
(window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL(
  'http://localhost:3000/',
);
localStorage.clear();
sessionStorage.clear();
store.reset();
draftStore.clearAll();
document.body.innerHTML = '';

// Browser APIs the DOM lacks or answers by its own window size, and Mantine needs. Every media
// query answers "no match" (the desktop layout) unless a test says otherwise.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
// eslint-disable-next-line @typescript-eslint/unbound-method -- a polyfill check on the prototype, not a detached call
Element.prototype.scrollIntoView ??= () => {};

// Production loads the on-demand text namespaces before the first page outside the auth screens;
// tests render screens directly, so load them all up front.
await loadNamespaces();

// Tests wait on state (findBy…, waitFor), never on time. The ceiling only turns a hang into a
// failure; it is set once, here and in vite.config.ts, and no test sets its own.
configure({ asyncUtilTimeout: WAIT_CEILING_MS });
