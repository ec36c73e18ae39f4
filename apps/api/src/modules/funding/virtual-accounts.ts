// Each NGN wallet gets its own virtual account number from the rails provider. The provider call is
// never made inside the account-creation transaction: a sweep assigns numbers to new wallets, and
// the first read assigns one when the sweep has not yet.
import { and, eq, isNull } from 'drizzle-orm';
import type { FundingAccount } from '@owo/contract';
import { FUNDING_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { notFound, unprocessable } from '../../platform/errors';
import { defineQueue, defineTicker, sendJob } from '../../platform/jobs';
import { railsOf } from '../../rails';
import { accounts } from '../accounts/tables';
import { wallets } from '../money/tables';
import { setWalletVirtualAccount } from '../money';

export const Q_ASSIGN_VA = 'funding.assign-virtual-account';

type WalletVa = {
  id: string;
  accountId: string;
  currency: string;
  accountName: string;
  number: string | null;
  bankCode: string | null;
  bankName: string | null;
  holder: string | null;
};

async function walletWithVa(deps: AppDeps, walletId: string, accountId?: string): Promise<WalletVa | null> {
  const [w] = await deps.db
    .select({
      id: wallets.id,
      accountId: wallets.accountId,
      currency: wallets.currency,
      accountName: accounts.name,
      number: wallets.virtualAccountNumber,
      bankCode: wallets.virtualBankCode,
      bankName: wallets.virtualBankName,
      holder: wallets.virtualAccountName,
    })
    .from(wallets)
    .innerJoin(accounts, eq(accounts.id, wallets.accountId))
    .where(
      accountId ? and(eq(wallets.id, walletId), eq(wallets.accountId, accountId)) : eq(wallets.id, walletId),
    );
  return w ?? null;
}

/** Issues (or re-reads: the provider is idempotent by customer reference) the wallet's account. */
async function assign(deps: AppDeps, w: WalletVa): Promise<FundingAccount> {
  if (w.number && w.bankCode && w.bankName)
    return {
      accountNumber: w.number,
      bankCode: w.bankCode,
      bankName: w.bankName,
      accountName: w.holder ?? w.accountName,
    };
  const va = await railsOf(deps).createVirtualAccount({
    customerRef: `wallet_${w.id.replace(/-/g, '')}`,
    name: w.accountName,
  });
  await setWalletVirtualAccount(deps.db, w.id, va);
  return {
    accountNumber: va.accountNumber,
    bankCode: va.bankCode,
    bankName: va.bankName,
    accountName: va.accountName,
  };
}

/** GET /api/wallet/:id/funding-account: the company's own NGN wallet only. */
export async function getFundingAccount(
  deps: AppDeps,
  accountId: string,
  walletId: string,
): Promise<FundingAccount> {
  const w = await walletWithVa(deps, walletId, accountId);
  if (!w) throw notFound('Wallet');
  if (w.currency !== 'NGN') throw unprocessable(FUNDING_MSG.ngnOnly);
  return assign(deps, w);
}

export async function assignVirtualAccount(deps: AppDeps, walletId: string): Promise<void> {
  const w = await walletWithVa(deps, walletId);
  if (w && w.currency === 'NGN') await assign(deps, w);
}

export async function sweepVirtualAccounts(deps: AppDeps): Promise<void> {
  const rows = await deps.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.currency, 'NGN'), isNull(wallets.virtualAccountNumber)))
    .limit(200);
  for (const r of rows) await sendJob(deps, Q_ASSIGN_VA, { walletId: r.id }, { singletonKey: r.id });
}

export function registerVirtualAccountJobs(deps: AppDeps) {
  defineQueue<{ walletId: string }>(deps, Q_ASSIGN_VA, (d) => assignVirtualAccount(deps, d.walletId), {
    policy: 'short',
    concurrency: 2,
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
  });
  defineTicker(deps, 'virtual-accounts', 3000, sweepVirtualAccounts);
}
