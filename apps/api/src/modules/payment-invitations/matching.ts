// A deposit to one of the company's wallets (its NGN virtual account or USD/GBP receiving details)
// pays the open invitation whose payment reference its narration carries (as the provider's record
// reports it), when account, currency and amount agree too. Never by amount alone: any deposit of
// the same amount, whoever sent it, would otherwise mark an invitation paid. Runs INSIDE the crediting transaction (money's `walletDeposit` seam), so
// the match commits or rolls back with the credit; the invitation row is locked (skip locked: a
// concurrent deposit takes the next one, never the same), so one deposit pays at most one invitation
// and one invitation is paid by at most one deposit.
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { formatMoney, PAYMENT_INVITATION_MSG } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { WalletDeposit } from '../money';
import { notifyMoneyEvent } from '../notifications';
import { paymentInvitations as t } from './tables';

/**
 * The narration as matching reads it: upper case, letters and digits only, and the letters a payer
 * may type for a base32 digit read as that digit (O as 0, I and L as 1), so `pay-7k2m 9qx4 ab` carries
 * `PAY7K2M9QX4AB` (a reference has none of O, I, L, U: it reads the same normalised).
 */
export function normaliseNarration(narration: string): string {
  return narration
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export async function matchDeposit(
  tx: Tx,
  deps: Pick<AppDeps, 'seams'>,
  d: WalletDeposit,
): Promise<string | null> {
  if (!d.narration) return null;
  const said = normaliseNarration(d.narration);
  if (!said.includes('PAY')) return null;
  const [hit] = await tx
    .select({ id: t.id, payerName: t.payerName })
    .from(t)
    .where(
      and(
        eq(t.accountId, d.accountId),
        eq(t.currency, d.currency),
        eq(t.amountMinor, d.amount),
        sql`position(${t.payRef} in ${said}) > 0`,
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
  await notifyMoneyEvent(tx, deps, {
    accountId: d.accountId,
    transactionId: d.transactionId,
    topic: PAYMENT_INVITATION_MSG.paidTopic,
    value: `${hit.payerName} paid ${formatMoney(d.amount, d.currency)} (payment invitation).`,
  });
  return hit.id;
}

export function registerPaymentInvitationMatching(deps: Pick<AppDeps, 'seams'>) {
  deps.seams.on('walletDeposit', 'payment-invitations', async (tx, d) => {
    await matchDeposit(tx, deps, d);
  });
}
