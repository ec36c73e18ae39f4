import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNuban } from '@owo/contract';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { creditDeposit } from './deposits';
import { transactions, wallets } from './tables';
import { createWallet, getWalletByCurrency } from './wallets';
import { verifyLedger } from './verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the depositMatcher seam (what collection accounts use)', () => {
  it('credits the matched wallet, runs onCredited once in the same transaction, and its after-commit work', async () => {
    const o = await ownerWithAccount(t);
    const wallet =
      (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
      (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
    const number = makeNuban('058', '555000111');
    const seen: string[] = [];
    let after = 0;
    t.app.deps.seams.on('depositMatcher', 'test-seam', {
      one: async (_db, accountNumber) =>
        accountNumber === number
          ? {
              walletId: wallet.id,
              onCredited: async (tx, c) => {
                const [row] = await tx
                  .select()
                  .from(transactions)
                  .where(eq(transactions.id, c.transactionId));
                seen.push(`${row.amount}:${c.senderName}`); // visible inside the crediting transaction
                return [() => void after++];
              },
            }
          : null,
    });
    const input = {
      accountNumber: number,
      amount: 12_345,
      providerRef: 'seam_1',
      senderName: 'ADA',
      provider: 'sandbox',
    };
    expect((await creditDeposit(t.app.deps, input)).credited).toBe(true);
    expect((await creditDeposit(t.app.deps, input)).credited).toBe(false); // redelivery: nothing runs again
    expect(seen).toEqual(['12345:ADA']);
    expect(after).toBe(1);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(Number(w.balance)).toBe(12_345);

    // A failing onCredited rolls the credit back: no money, no transaction; the retry credits once.
    t.app.deps.seams.on('depositMatcher', 'test-seam', {
      one: async () => ({
        walletId: wallet.id,
        onCredited: async () => {
          throw new Error('boom');
        },
      }),
    });
    const other = { ...input, accountNumber: makeNuban('058', '555000222'), providerRef: 'seam_2' };
    await expect(creditDeposit(t.app.deps, other)).rejects.toThrow('boom');
    const [w2] = await t.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(Number(w2.balance)).toBe(12_345);
    t.app.deps.seams.off('depositMatcher', 'test-seam');
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
