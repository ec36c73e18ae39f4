// The `test` every spec uses: Playwright's, plus one rule. A context a test opens itself
// (`browser.newContext()`, `signedIn`) is closed when the test ends. The `browser` lives as long as
// the worker, so an unclosed context kept its signed-in pages running (timers, polling, rendering)
// through every later test on that worker, and the run slowed as it went.
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
