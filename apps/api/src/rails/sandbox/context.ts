// What the sandbox rails' methods share (adapter.ts assembles them): the app's dependencies and
// the process's memory of the transfers it refused once (the `unavailable` fault).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../platform/deps';

/** The shared context of the sandbox rails' methods, one per `createSandboxRails`. */
export type SandboxContext = {
  deps: AppDeps;
  db: AppDeps['db'];
  /**
   * Fault: the first request for a reference is refused before anything is recorded (the rails were
   * down); this process remembers it, so the caller's retry goes through.
   */
  refusedOnce: Set<string>;
};

export const providerRef = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
