// Money arriving on a wallet's virtual account: clearing:<rail> -> wallet, once per (provider, providerRef).
// Money for an account number we do not know goes to suspense (an operator moves it later).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { formatMoney } from '@owo/contract';
import { badRequest } from '../../platform/errors';
import { MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { postEntry, retryOnDeadlock, SYSTEM, systemAccountId } from './ledger';
import { newReference } from './transfers';
import { inboundCredits, transactions, wallets } from './tables';

export type CreditDepositInput = {
  accountNumber: string;
  amount: number;
  providerRef: string;
  senderName: string;
  provider: string;
  narration?: string;
};

export async function creditDeposit(
  db: Db,
  p: CreditDepositInput,
): Promise<{ credited: boolean; transactionId: string | null }> {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw badRequest('Deposit amount must be a positive number of minor units');
  if (!p.providerRef) throw badRequest('Deposit provider reference is required');
  const [target] = await db
    .select({ id: wallets.id, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.virtualAccountNumber, p.accountNumber));
  const currency = target?.currency ?? 'NGN';
  const clearingId = await systemAccountId(db, SYSTEM.clearing(p.provider), currency);
  const suspenseId = target ? null : await systemAccountId(db, SYSTEM.suspense, currency);

  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [seen] = await tx
        .insert(inboundCredits)
        .values({
          provider: p.provider,
          providerRef: p.providerRef,
          accountNumber: p.accountNumber,
          amount: p.amount,
          currency,
          senderName: p.senderName,
          walletId: target?.id ?? null,
          status: target ? 'credited' : 'suspense',
        })
        .onConflictDoNothing()
        .returning({ id: inboundCredits.id });
      if (!seen) {
        const [prev] = await tx
          .select({ transactionId: inboundCredits.transactionId })
          .from(inboundCredits)
          .where(and(eq(inboundCredits.provider, p.provider), eq(inboundCredits.providerRef, p.providerRef)));
        return { credited: false, transactionId: prev?.transactionId ?? null };
      }
      if (!target) {
        await postEntry(tx, {
          accountId: null,
          transactionId: null,
          kind: 'deposit.suspense',
          memo: `${p.provider} ${p.providerRef}: credit to unknown account ${p.accountNumber}`,
          postings: [
            { ledgerAccountId: clearingId, amount: -p.amount, currency },
            { ledgerAccountId: suspenseId!, amount: p.amount, currency },
          ],
        });
        return { credited: false, transactionId: null };
      }
      const [w] = await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${p.amount}`, updatedAt: new Date() })
        .where(eq(wallets.id, target.id))
        .returning({ accountId: wallets.accountId, ledgerAccountId: wallets.ledgerAccountId });
      const [t] = await tx
        .insert(transactions)
        .values({
          accountId: w.accountId,
          walletId: target.id,
          type: 'deposit',
          status: 'success',
          amount: p.amount,
          fee: 0,
          currency,
          reference: newReference('dep'),
          provider: p.provider,
          providerRef: p.providerRef,
          counterparty: { name: p.senderName },
          narration: p.narration ?? `Deposit from ${p.senderName}`,
        })
        .returning({ id: transactions.id });
      await postEntry(tx, {
        accountId: w.accountId,
        transactionId: t.id,
        kind: 'deposit',
        postings: [
          { ledgerAccountId: clearingId, amount: -p.amount, currency },
          { ledgerAccountId: w.ledgerAccountId, amount: p.amount, currency },
        ],
      });
      await tx.update(inboundCredits).set({ transactionId: t.id }).where(eq(inboundCredits.id, seen.id));
      // Same transaction as the ledger entry; a redelivered webhook stops at the inbound_credits
      // conflict above, so it never notifies twice.
      await notifyMoneyEvent(tx, {
        accountId: w.accountId,
        transactionId: t.id,
        topic: MONEY_TOPICS.depositCredited,
        value: `${formatMoney(p.amount, currency)} from ${p.senderName} was credited to your ${currency} wallet.`,
      });
      return { credited: true, transactionId: t.id };
    }),
  );
}
