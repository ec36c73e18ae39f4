import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true afterwards
 * and on every client-only render. Render what the static HTML holds until it turns true: a
 * signed-in visitor's redirect away from /auth/login happens just after hydration, without a
 * hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
