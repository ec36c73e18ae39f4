// Each wallet gets its own receiving account from the rails provider: NGN wallets a virtual account
// number (a NUBAN), USD and GBP wallets foreign receiving details (when the provider offers them:
// the port's optional createForeignAccount). The provider call is never made inside the
// account-creation transaction: a job sent when the wallet is created and a sweep assign them, and
// the first read assigns them when neither has yet. The provider is idempotent by customer reference,
// so concurrent assignments of one wallet all get (and store) the same details.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FundingAccount } from '@owo/contract';
import { FUNDING_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { notFound, unprocessable } from '../../platform/errors';
import { defineQueue, defineTicker, sendJob, sendJobSoon } from '../../platform/jobs';
import { railsOf } from '../../rails';
import { accounts } from '../../platform/tenancy-tables';
import { setWalletVirtualAccount } from '../money';
import { wallets } from '../../platform/schema';

export const Q_ASSIGN_VA = 'funding.assign-virtual-account';

type WalletVa = {
  id: string;
  accountId: string;
  currency: 'NGN' | 'USD' | 'GBP';
  accountName: string;
  number: string | null;
  bankCode: string | null;
  bankName: string | null;
  holder: string | null;
  routingNumber: string | null;
  sortCode: string | null;
  iban: string | null;
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
      routingNumber: wallets.virtualRoutingNumber,
      sortCode: wallets.virtualSortCode,
      iban: wallets.virtualIban,
    })
    .from(wallets)
    .innerJoin(accounts, eq(accounts.id, wallets.accountId))
    .where(
      accountId ? and(eq(wallets.id, walletId), eq(wallets.accountId, accountId)) : eq(wallets.id, walletId),
    );
  return w ?? null;
}

/** Does the provider issue receiving details for this currency? */
export function issuesAccountsFor(deps: AppDeps, currency: string): boolean {
  return currency === 'NGN' || !!railsOf(deps).createForeignAccount;
}

/** Issues (or re-reads: the provider is idempotent by customer reference) the wallet's account. */
async function assign(deps: AppDeps, w: WalletVa): Promise<FundingAccount> {
  if (w.number && w.bankCode && w.bankName)
    return {
      currency: w.currency,
      accountNumber: w.number,
      bankCode: w.bankCode,
      bankName: w.bankName,
      accountName: w.holder ?? w.accountName,
      swiftCode: w.currency === 'NGN' ? null : w.bankCode,
      routingNumber: w.routingNumber,
      sortCode: w.sortCode,
      iban: w.iban,
    };
  const rails = railsOf(deps);
  const customerRef = `wallet_${w.id.replace(/-/g, '')}`;
  if (w.currency === 'NGN') {
    const va = await rails.createVirtualAccount({ customerRef, name: w.accountName });
    await setWalletVirtualAccount(deps.db, w.id, va);
    return {
      currency: 'NGN',
      accountNumber: va.accountNumber,
      bankCode: va.bankCode,
      bankName: va.bankName,
      accountName: va.accountName,
      swiftCode: null,
      routingNumber: null,
      sortCode: null,
      iban: null,
    };
  }
  if (!rails.createForeignAccount) throw unprocessable(FUNDING_MSG.foreignUnavailable);
  const fa = await rails.createForeignAccount({ customerRef, name: w.accountName, currency: w.currency });
  await setWalletVirtualAccount(deps.db, w.id, fa);
  return {
    currency: fa.currency,
    accountNumber: fa.accountNumber,
    bankCode: fa.bankCode,
    bankName: fa.bankName,
    accountName: fa.accountName,
    swiftCode: fa.swiftCode,
    routingNumber: fa.routingNumber,
    sortCode: fa.sortCode,
    iban: fa.iban,
  };
}

/** GET /api/wallet/:id/funding-account: the company's own wallet only (404 for another's). */
export async function getFundingAccount(
  deps: AppDeps,
  accountId: string,
  walletId: string,
): Promise<FundingAccount> {
  const w = await walletWithVa(deps, walletId, accountId);
  if (!w) throw notFound('Wallet');
  return assign(deps, w);
}

export async function assignVirtualAccount(deps: AppDeps, walletId: string): Promise<void> {
  const w = await walletWithVa(deps, walletId);
  if (w && issuesAccountsFor(deps, w.currency)) await assign(deps, w);
}

/**
 * After a wallet is created (call it after the commit): its account is assigned in the background.
 * If the job runs before the commit it finds no wallet and does nothing; the sweep then assigns it.
 */
export function assignVirtualAccountSoon(deps: AppDeps, walletId: string): void {
  sendJobSoon(deps, Q_ASSIGN_VA, { walletId }, { singletonKey: walletId });
}

export async function sweepVirtualAccounts(deps: AppDeps): Promise<void> {
  const currencies = (['NGN', 'USD', 'GBP'] as const).filter((c) => issuesAccountsFor(deps, c));
  const rows = await deps.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(inArray(wallets.currency, currencies), isNull(wallets.virtualAccountNumber)))
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
