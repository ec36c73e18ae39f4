import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { WAIT_CEILING_MS } from './test-ceilings';
import { loadNamespaces } from './lib/i18n';

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
