// The one place the e2e layer's time ceilings live (playwright.config.ts reads it), as the unit
// and API layers have theirs. They are hang detectors, not speed checks: every wait in a spec waits
// on state (a locator, a URL, a polled API answer) and gives up only at these ceilings, so a journey
// that takes 30 s on a quiet 2-core machine and three times that beside a full CPU load passes in
// both. No spec sets its own, except the short poll steps inside `toPass` retries.
export const WAIT_CEILING_MS = 120_000;
export const TEST_CEILING_MS = 600_000;
