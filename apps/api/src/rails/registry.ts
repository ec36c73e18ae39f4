import type { AppDeps } from '../platform/deps';
import { createPaystackRails } from './paystack/adapter';
import type { RailsPort } from './port';
import { createSandboxRails } from './sandbox/adapter';

/** The rails adapter chosen by RAILS_PROVIDER (sandbox by default). */
export function createRails(deps: AppDeps): RailsPort {
  switch (deps.config.RAILS_PROVIDER) {
    case 'paystack':
      return createPaystackRails(deps.config);
    case 'sandbox':
    default:
      return createSandboxRails(deps);
  }
}

/** The sandbox adapter when it is the active provider (sandbox-only endpoints), else null. */
export function sandboxOf(deps: Pick<AppDeps, 'seams'>): ReturnType<typeof createSandboxRails> | null {
  const rails = deps.seams.maybe('rails');
  return rails?.name === 'sandbox' ? (rails as ReturnType<typeof createSandboxRails>) : null;
}
