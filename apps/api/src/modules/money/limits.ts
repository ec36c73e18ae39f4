import type { FieldErrors } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { railsOf } from '../../rails';
import { convertMinor } from '../../platform/exchange-math';

/** The platform maximum per transaction in US cents (config.PER_TRANSACTION_MAX_USD). */
export function perTransactionMaxCents(deps: Pick<AppDeps, 'config'>): number {
  return Math.round(deps.config.PER_TRANSACTION_MAX_USD * 100);
}

export function limitMessage(maxCents: number): string {
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    maxCents / 100,
  );
  return `The amount is above our limit of ${dollars} per transaction (USD equivalent). This is Owo's limit, not the central bank's.`;
}

/**
 * Refuses (400 validation-error) an amount whose USD equivalent is above the platform's
 * per-transaction maximum (NIGERIA.md "Limits that are policy": our limit, not the central bank's).
 * `fields` names the field keys the error is reported on (default ['amount']).
 */
export async function checkTransactionLimit(
  deps: Pick<AppDeps, 'config' | 'services'>,
  amountMinor: number,
  currency: string,
  fields: string[] = ['amount'],
): Promise<void> {
  const rate = currency === 'USD' ? '1' : await railsOf(deps).fxRate(currency, 'USD');
  const usdCents = convertMinor(amountMinor, rate);
  const max = perTransactionMaxCents(deps);
  if (usdCents > max) {
    const message = limitMessage(max);
    const errors: FieldErrors = Object.fromEntries(fields.map((f) => [f, [message]]));
    throw badRequest(message, errors);
  }
}
