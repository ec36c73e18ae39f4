import { startTransition, useEffect, useState } from 'react';

// Set by main.tsx before it hydrates a prerendered page (and left set: a component mounted later
// starts "not hydrated" for one effect, which is harmless).
let prerenderedPage = false;
export function markPrerenderedPage() {
  prerenderedPage = true;
}

/**
 * False in the build's prerender and while React hydrates a prerendered page, true afterwards
 * and on every client-only page. Render what the static HTML holds until it turns true: e.g. a
 * signed-in visitor's redirect away from /auth/login happens just after hydration, without a
 * hydration mismatch. The switch is a transition (a state update in an effect, not
 * useSyncExternalStore): a synchronous update here would force React to hydrate the rest of the
 * page synchronously, one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof document !== 'undefined' && !prerenderedPage);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
