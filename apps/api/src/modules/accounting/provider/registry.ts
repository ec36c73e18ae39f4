import type { AccountingProvider } from '@owo/contract';
import { browserOrigin } from '../../../platform/config';
import type { AppDeps } from '../../../platform/deps';
import type { AccountingProviderPort } from './port';
import { quickbooksProvider } from './quickbooks';
import { sandboxProvider } from './sandbox';

/**
 * The web page the consent redirects back to; it calls GET /api/accounting/auth/callbacks/{provider}.
 * The sandbox's comes back to the origin the browser is on (`browserOrigin`, development); a real
 * provider's is the redirect URI registered with it, on APP_URL.
 */
export const callbackUrl = (deps: AppDeps, provider: AccountingProvider, host?: string) =>
  `${provider === 'sandbox' ? browserOrigin(deps.config, host) : deps.config.appUrl}/accounting/callback/${provider}`;

export function providerOf(deps: AppDeps, name: AccountingProvider): AccountingProviderPort {
  if (name === 'quickbooks') return quickbooksProvider(deps.config, callbackUrl(deps, 'quickbooks'));
  return sandboxProvider(deps);
}
