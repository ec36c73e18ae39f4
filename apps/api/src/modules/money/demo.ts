import type { AppDeps } from '../../platform/deps';
import { creditDeposit } from './deposits';
import { startTransfer } from './start-transfer';
import { getWalletByCurrency } from './wallets';

/**
 * Demo money: the NGN wallet gets its virtual account and three deposits through the same
 * ledger path a real bank credit takes; two payouts are started and left to the worker, which
 * dispatches them to the sandbox rails and settles them from its signed webhooks.
 */
export async function seedMoneyDemo(deps: AppDeps, ctx: { accountId: string; ownerId: string }) {
  const wallet = await getWalletByCurrency(deps.db, ctx.accountId, 'NGN');
  if (!wallet) return;
  await deps.seams.port('fundingAccounts').assign(deps, wallet.id);
  const funded = await getWalletByCurrency(deps.db, ctx.accountId, 'NGN');
  const accountNumber = funded?.virtualAccountNumber;
  if (!accountNumber) return;
  const deposits = [
    { amount: 250_000_000, senderName: 'ADAEZE OKAFOR', providerRef: 'demo-seed-deposit-1' },
    { amount: 48_500_000, senderName: 'SHOPRITE NIGERIA LTD', providerRef: 'demo-seed-deposit-2' },
    { amount: 12_075_050, senderName: 'CHICKEN REPUBLIC IKEJA', providerRef: 'demo-seed-deposit-3' },
  ];
  for (const d of deposits) await creditDeposit(deps, { ...d, accountNumber, provider: 'sandbox' });
  const payouts = [
    {
      amount: 35_000_000,
      fee: 5_000,
      accountNumber: '0123456785',
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountName: 'CHIDINMA ADAEZE OKAFOR',
      narration: 'Packaging supplies, invoice 114',
    },
    {
      amount: 7_250_000,
      fee: 5_000,
      accountNumber: '0010246780',
      bankCode: '044',
      bankName: 'Access Bank',
      accountName: 'ADEBAYO OLUWASEUN BELLO',
      narration: 'Delivery van maintenance',
    },
  ];
  for (const p of payouts) {
    await startTransfer(deps.db, {
      ...p,
      accountId: ctx.accountId,
      walletId: wallet.id,
      initiatedBy: ctx.ownerId,
      sourceType: 'transfer',
      provider: 'sandbox',
    });
  }
}
