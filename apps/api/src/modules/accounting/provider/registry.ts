import type { AccountingProvider } from '@owo/contract';
import type { AppDeps } from '../../../platform/deps';
import type { AccountingProviderPort } from './port';
import { quickbooksProvider } from './quickbooks';
import { sandboxProvider } from './sandbox';

/** The web page the consent redirects back to; it calls GET /api/accounting/auth/callbacks/{provider}. */
export const callbackUrl = (deps: AppDeps, provider: AccountingProvider) =>
  `${deps.config.appUrl}/accounting/callback/${provider}`;

export function providerOf(deps: AppDeps, name: AccountingProvider): AccountingProviderPort {
  if (name === 'quickbooks') return quickbooksProvider(deps.config, callbackUrl(deps, 'quickbooks'));
  return sandboxProvider(deps);
}
