// The one place the web unit tests' time ceilings live (vite.config.ts and test-setup.ts read it).
// They are hang detectors, not speed assertions: a DOM test that takes 4 s on a quiet 2-core
// machine takes over 30 s beside a full CPU load, and must still pass there. A test fails on a
// wrong state when its wait gives up, so a failing test takes up to WAIT_CEILING_MS to report.
export const WAIT_CEILING_MS = 60_000;
export const TEST_CEILING_MS = 180_000;
