// Payout limits by KYB tier (decision 005), one rule for every area that moves money out:
//   - USD and GBP payouts: the platform maximum per transaction (PER_TRANSACTION_MAX_USD, default
//     $10,000, measured in USD). Our limit, not the central bank's (NIGERIA.md "Limits that are policy").
//   - NGN payouts: below KYB tier 3 the KYC-incomplete cap (default ₦100,000 per transaction);
//     at tier 3 no platform cap beyond the account's own policy.
import { kycIncompleteCapMinor as apPolicyKycCapMinor } from '../approvals';
import {
  FULL_KYB_TIER,
  MSG,
  PER_TRANSACTION_CAPPED_CURRENCIES,
  formatMoney,
  kycLimitDetail,
  type FieldErrors,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { railsOf } from '../../rails';
import { accountTier } from '../accounts';
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
 * The per-transaction cap on naira payouts for an account below tier 3, in kobo: the AP policy's
 * editable setting (default `KYC_INCOMPLETE_CAP_MINOR`, ₦100,000). THE one place money reads it.
 */
export const kycIncompleteCapMinor = (db: DbOrTx, accountId: string): Promise<number> =>
  apPolicyKycCapMinor(db, accountId);

function refuse(message: string, fields: string[], detail = message): never {
  const errors: FieldErrors = Object.fromEntries(fields.map((f) => [f, [detail]]));
  throw badRequest(message, errors);
}

/**
 * Refuses (400 validation-error, nothing written) a payout of `amountMinor` `currency` that the
 * account may not make in one transaction. `fields` names the field keys the error is reported on.
 */
export async function checkPayoutLimit(
  deps: Pick<AppDeps, 'config' | 'seams' | 'db'>,
  db: DbOrTx,
  p: { accountId: string; amountMinor: number; currency: string; fields?: string[] },
): Promise<void> {
  const fields = p.fields ?? ['amount'];
  if (p.currency === 'NGN') {
    if ((await accountTier(db, p.accountId)) >= FULL_KYB_TIER) return;
    const cap = await kycIncompleteCapMinor(db, p.accountId);
    if (p.amountMinor > cap) refuse(MSG.kycIncompleteLimit, fields, kycLimitDetail(formatMoney(cap, 'NGN')));
    return;
  }
  if ((PER_TRANSACTION_CAPPED_CURRENCIES as readonly string[]).includes(p.currency)) {
    const rate = p.currency === 'USD' ? '1' : await railsOf(deps).fxRate(p.currency, 'USD');
    const max = perTransactionMaxCents(deps);
    if (convertMinor(p.amountMinor, rate) > max) refuse(limitMessage(max), fields);
  }
}
