import type { ExchangeQuote } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { railsOf } from '../../rails';
import { convertMinor } from '../../platform/exchange-math';
import { computeFee } from './fees';
import { checkPayoutLimit } from './limits';
import { getWallet } from './wallets';

/**
 * What paying `amount` of `currency` from a wallet costs in the wallet's currency (001 §7).
 * converted = amount x rate (half up to the minor unit); transferFee = the method's fee in the
 * payment currency, converted the same way; fxFee = the 'exchange' fee on the converted amount
 * when currencies differ; exchangeFee = fxFee + transferFee; total = converted + exchangeFee.
 * isPaymentRequired: the wallet's available balance does not cover the total (add funds first).
 */
export async function quoteExchange(
  deps: AppDeps,
  p: { accountId: string; walletId: string; amount: number; currency: string; method: string },
): Promise<ExchangeQuote> {
  const wallet = await getWallet(deps.db, p.accountId, p.walletId);
  if (!wallet) throw notFound('Wallet');
  await checkPayoutLimit(deps, deps.db, {
    accountId: p.accountId,
    amountMinor: p.amount,
    currency: p.currency,
    fields: ['amount', 'recipientAmount'],
  });
  const sameCurrency = wallet.currency === p.currency;
  const rate = sameCurrency ? '1' : await railsOf(deps).fxRate(p.currency, wallet.currency);
  const amount = convertMinor(p.amount, rate);
  const methodFee = await computeFee(deps.db, {
    accountId: p.accountId,
    method: p.method,
    amount: p.amount,
    currency: p.currency,
  });
  const transferFee = convertMinor(methodFee, rate);
  const fxFee = sameCurrency
    ? 0
    : await computeFee(deps.db, {
        accountId: p.accountId,
        method: 'exchange',
        amount,
        currency: wallet.currency,
      });
  const exchangeFee = fxFee + transferFee;
  const total = amount + exchangeFee;
  return {
    isPaymentRequired: wallet.balance < total,
    exchangeFee,
    fxFee,
    transferFee,
    total,
    rate,
    sourceCurrency: wallet.currency,
    amount,
    currency: p.currency,
    requestedAmount: p.amount,
    availableBalance: wallet.balance,
  };
}
