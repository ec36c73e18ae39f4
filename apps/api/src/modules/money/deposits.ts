// Money arriving on a wallet's virtual account (NGN) or receiving details (USD/GBP): clearing:<rail> -> wallet, once per (provider, providerRef).
// Money for an account number we do not know goes to suspense (an operator moves it later).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
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
  /** The sender's own account, when the provider reported it. */
  sender?: SenderAccount;
  provider: string;
  narration?: string;
  /**
   * The currency the provider says it credited, when it says: a deposit whose currency is not the
   * wallet's is never credited to it (it goes to suspense in that currency).
   */
  currency?: string;
};
export type SenderAccount = {
  accountNumber: string | null;
  bankCode: string | null;
  bankName: string | null;
};

/**
 * A module that issues its own collection accounts (receivables: one per invoice) registers a
 * matcher. A deposit to a number no wallet owns is offered to each matcher; a match credits the
 * matcher's wallet exactly as a wallet deposit, and `onCredited` runs in the SAME transaction as
 * the ledger entry (after the inbound_credits dedupe, so a redelivered webhook never runs it twice).
 * What it returns runs after the commit (e.g. dispatching payouts it started).
 */
export type InboundMatch = {
  walletId: string;
  onCredited: (
    tx: Tx,
    credit: {
      accountId: string;
      transactionId: string;
      amount: number;
      providerRef: string;
      senderName: string;
      sender: SenderAccount | null;
    },
  ) => Promise<(() => Promise<void> | void)[] | void>;
};
export type InboundMatcher = (db: Db, accountNumber: string) => Promise<InboundMatch | null>;
const inboundMatchers = new Map<string, InboundMatcher>();
/** Registers (or replaces, by name) a matcher for collection accounts. */
export function registerInboundMatcher(name: string, matcher: InboundMatcher) {
  inboundMatchers.set(name, matcher);
}
/**
 * A wallet deposit (money to a wallet's own virtual account, not a matcher's collection account),
 * offered to listeners INSIDE the crediting transaction, after the ledger entry and the
 * inbound_credits dedupe (a redelivered webhook never runs them twice). Payment invitations mark an
 * expected payment paid here. Keyed by name: registering again replaces (tests build many apps).
 */
export type WalletDeposit = {
  accountId: string;
  walletId: string;
  transactionId: string;
  amount: number;
  currency: string;
  senderName: string;
};
const depositListeners = new Map<string, (tx: Tx, d: WalletDeposit) => Promise<void>>();
export function onWalletDeposit(name: string, fn: (tx: Tx, d: WalletDeposit) => Promise<void>) {
  depositListeners.set(name, fn);
}

async function matchInbound(db: Db, accountNumber: string): Promise<InboundMatch | null> {
  for (const m of inboundMatchers.values()) {
    const hit = await m(db, accountNumber);
    if (hit) return hit;
  }
  return null;
}

export async function creditDeposit(
  db: Db,
  p: CreditDepositInput,
): Promise<{ credited: boolean; transactionId: string | null }> {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw badRequest('Deposit amount must be a positive number of minor units');
  if (!p.providerRef) throw badRequest('Deposit provider reference is required');
  const [owner] = await db
    .select({ id: wallets.id, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.virtualAccountNumber, p.accountNumber));
  const byWallet = owner && (!p.currency || owner.currency === p.currency) ? owner : undefined;
  const match = byWallet ? null : await matchInbound(db, p.accountNumber);
  const [byMatch] = match
    ? await db
        .select({ id: wallets.id, currency: wallets.currency })
        .from(wallets)
        .where(eq(wallets.id, match.walletId))
    : [];
  const target = byWallet ?? byMatch;
  const after: (() => Promise<void> | void)[] = [];
  const currency = target?.currency ?? p.currency ?? 'NGN';
  const clearingId = await systemAccountId(db, SYSTEM.clearing(p.provider), currency);
  const suspenseId = target ? null : await systemAccountId(db, SYSTEM.suspense, currency);

  const result = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      after.length = 0;
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
      if (!match)
        for (const fn of depositListeners.values())
          await fn(tx, {
            accountId: w.accountId,
            walletId: target.id,
            transactionId: t.id,
            amount: p.amount,
            currency,
            senderName: p.senderName,
          });
      if (match) {
        const more = await match.onCredited(tx, {
          accountId: w.accountId,
          transactionId: t.id,
          amount: p.amount,
          providerRef: p.providerRef,
          senderName: p.senderName,
          sender: p.sender?.accountNumber ? p.sender : null,
        });
        if (more) after.push(...more);
      }
      return { credited: true, transactionId: t.id };
    }),
  );
  for (const fn of after) {
    try {
      await fn();
    } catch {
      // Sweeps recover what was to happen here (e.g. the dispatcher's pending-payout sweep).
    }
  }
  return result;
}
