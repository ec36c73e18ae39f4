// Factories for money tests (not shipped behaviour): fund a wallet the way a bank would.
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MoneyDeps } from './deposit-types';
import { creditDeposit } from './deposits';
import { wallets } from './tables';
import { setWalletVirtualAccount } from './wallets';

export const TEST_BENEFICIARY = { bankCode: '058', accountNumber: '0123456785' } as const;

/** Gives the wallet a virtual account if it has none, then credits `amount` minor units through it. */
export async function fundWallet(deps: MoneyDeps, walletId: string, amount: number, provider = 'sandbox') {
  const { db } = deps;
  const [w] = await db.select().from(wallets).where(eq(wallets.id, walletId));
  let accountNumber = w.virtualAccountNumber;
  if (!accountNumber) {
    accountNumber = `7${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    await setWalletVirtualAccount(db, walletId, {
      accountNumber,
      bankCode: '101',
      bankName: 'Providus Bank',
    });
  }
  return creditDeposit(deps, {
    accountNumber,
    amount,
    providerRef: `test-${randomUUID()}`,
    senderName: 'TEST FUNDER LTD',
    provider,
  });
}
