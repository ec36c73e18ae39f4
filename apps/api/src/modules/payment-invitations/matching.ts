// A deposit to one of the company's wallets (its NGN virtual account or USD/GBP receiving details)
// pays the oldest open invitation of the same account, currency and amount. Runs INSIDE the crediting transaction (money's `onWalletDeposit`), so
// the match commits or rolls back with the credit; the invitation row is locked (skip locked: a
// concurrent deposit takes the next one, never the same), so one deposit pays at most one invitation
// and one invitation is paid by at most one deposit.
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { formatMoney, PAYMENT_INVITATION_MSG } from '@owo/contract';
import type { Tx } from '../../platform/db';
import { onWalletDeposit, type WalletDeposit } from '../money';
import { notifyMoneyEvent } from '../notifications';
import { paymentInvitations as t } from './tables';

export async function matchDeposit(tx: Tx, d: WalletDeposit): Promise<string | null> {
  const [hit] = await tx
    .select({ id: t.id, payerName: t.payerName })
    .from(t)
    .where(
      and(
        eq(t.accountId, d.accountId),
        eq(t.currency, d.currency),
        eq(t.amountMinor, d.amount),
        inArray(t.status, ['pending', 'payerConfirmed']),
        // A pending link past its expiry is over; a payer-confirmed one waits for the money.
        or(eq(t.status, 'payerConfirmed'), gt(t.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!hit) return null;
  await tx
    .update(t)
    .set({ status: 'paid', transactionId: d.transactionId, paidAt: new Date(), updatedAt: new Date() })
    .where(eq(t.id, hit.id));
  await notifyMoneyEvent(tx, {
    accountId: d.accountId,
    transactionId: d.transactionId,
    topic: PAYMENT_INVITATION_MSG.paidTopic,
    value: `${hit.payerName} paid ${formatMoney(d.amount, d.currency)} (payment invitation).`,
  });
  return hit.id;
}

export function registerPaymentInvitationMatching() {
  onWalletDeposit('payment-invitations', async (tx, d) => {
    await matchDeposit(tx, d);
  });
}
