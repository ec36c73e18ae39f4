// What the money benches share: a company with a funded NGN wallet, made through the real paths
// (account, wallet, virtual account, deposit credited through the ledger).
import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/api/src/platform/db';
import { accounts, users } from '../apps/api/src/platform/schema';
import { creditDeposit } from '../apps/api/src/modules/money/deposits';
import { createWallet, setWalletVirtualAccount } from '../apps/api/src/modules/money/wallets';

export type BenchWallet = { accountId: string; walletId: string; userId: string };

/**
 * Company `i` with an NGN wallet holding ₦10,000,000,000 (or `amountMinor`). `tag` keeps the emails, virtual account
 * numbers (its first digit) and deposit references of one bench apart from another's.
 */
export async function fundedWallet(
  db: Db,
  i: number,
  tag: { name: string; digit: string },
  amountMinor = 1_000_000_000_000,
): Promise<BenchWallet> {
  const [u] = await db
    .insert(users)
    .values({
      email: `${tag.name.toLowerCase()}${i}.${randomUUID().slice(0, 6)}@bench.ng`,
      passwordHash: 'x',
      firstName: tag.name,
      lastName: String(i),
    })
    .returning();
  const [a] = await db
    .insert(accounts)
    .values({ name: `${tag.name} ${i}`, type: 'business', ownerUserId: u.id })
    .returning();
  const w = await db.transaction((tx) => createWallet(tx, { accountId: a.id, currency: 'NGN' }));
  const accountNumber = `${tag.digit}${String(100_000_000 + i).padStart(9, '0')}`;
  await setWalletVirtualAccount(db, w.id, { accountNumber, bankCode: '101', bankName: 'Providus Bank' });
  await creditDeposit(db, {
    accountNumber,
    amount: amountMinor,
    providerRef: `${tag.name.toLowerCase()}-${i}-${randomUUID()}`,
    senderName: 'BENCH',
    provider: 'sandbox',
  });
  return { accountId: a.id, walletId: w.id, userId: u.id };
}
