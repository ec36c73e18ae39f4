// The one place the API tests' time ceilings live (vitest.config.ts and waitFor read it). They are
// hang detectors, not speed assertions: tests wait on state (waitFor polls a row or an answer), and
// a test that takes 8 s on a quiet 2-core machine must still pass beside a full CPU load. A wait on a
// state that never comes fails after WAIT_CEILING_MS with what it waited for.
export const WAIT_CEILING_MS = 120_000;
export const TEST_CEILING_MS = 600_000;
