import type { AppDeps } from '../../../platform/deps';
import type { VendingPort } from './port';
import { createSandboxVending } from './sandbox';
import { createVtpassVending } from './vtpass';

/** The vending provider chosen by VENDING_PROVIDER (sandbox by default), one per app. */
export function vendingOf(deps: Pick<AppDeps, 'db' | 'config' | 'seams'>): VendingPort {
  const existing = deps.seams.maybe('vending');
  if (existing) return existing;
  const port =
    deps.config.VENDING_PROVIDER === 'vtpass' ? createVtpassVending(deps.config) : createSandboxVending(deps);
  deps.seams.provide('vending', port);
  return port;
}
