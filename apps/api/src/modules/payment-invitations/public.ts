// Payment invitations, the payer's side (no session; the mailed reference is the only key). A payer
// learns the company's name, the amount, their own name and where to pay — nothing else. Unknown 404,
// cancelled or expired 410, already confirmed 409 (the row lock and the status make confirm single use).
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  fromMinor,
  PAYMENT_INVITATION_METHOD_CURRENCY,
  PAYMENT_INVITATION_METHODS,
  PAYMENT_INVITATION_MSG,
  type PayInMethod,
  type paymentInvitationConfirmBody,
  type PublicPaymentInvitation,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, unprocessable } from '../../platform/errors';
import { getFundingAccount } from '../funding';
import { getWalletByCurrency } from '../money';
import { createNotification } from '../notifications';
import { companyName, effectiveStatus, hashRef, type Row } from './service';
import { paymentInvitations } from './tables';

type ConfirmBody = z.output<typeof paymentInvitationConfirmBody>;

/** A live invitation by its reference (pending, payer-confirmed or paid); never a 5xx. */
async function byRef(db: DbOrTx, ref: string, lock = false): Promise<Row> {
  if (!/^[0-9a-f]{32}$/.test(ref)) throw new AppError(404, 'not-found', PAYMENT_INVITATION_MSG.unknown);
  const q = db
    .select()
    .from(paymentInvitations)
    .where(eq(paymentInvitations.refHash, hashRef(ref)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw new AppError(404, 'not-found', PAYMENT_INVITATION_MSG.unknown);
  if (r.status === 'cancelled') throw new AppError(410, 'cancelled', PAYMENT_INVITATION_MSG.cancelledLink);
  if (effectiveStatus(r) === 'expired') throw new AppError(410, 'expired', PAYMENT_INVITATION_MSG.expired);
  return r;
}

/**
 * The pay-in details: the company's wallet in the invitation's currency and its receiving account
 * (funding: the NGN virtual account, or the USD/GBP receiving details). Only the method of the
 * invitation's currency can be available; the others are listed as not available.
 */
async function methodsFor(deps: AppDeps, r: Row): Promise<PayInMethod[]> {
  let details: PayInMethod['details'] = null;
  const wallet = await getWalletByCurrency(deps.db, r.accountId, r.currency as 'NGN' | 'USD' | 'GBP');
  if (wallet)
    try {
      details = await getFundingAccount(deps, r.accountId, wallet.id);
    } catch {
      details = null; // the provider is unreachable or issues none: not available, never a crash
    }
  return PAYMENT_INVITATION_METHODS.map((method) => {
    const currency = PAYMENT_INVITATION_METHOD_CURRENCY[method];
    const d = currency === r.currency ? details : null;
    return { method, currency, available: !!d, details: d };
  });
}

/** GET /api/public/payment-invitations/{ref}. */
export async function publicPaymentInvitation(deps: AppDeps, ref: string): Promise<PublicPaymentInvitation> {
  const r = await byRef(deps.db, ref);
  return {
    companyName: await companyName(deps.db, r.accountId),
    payerName: r.payerName,
    amount: fromMinor(r.amountMinor),
    amountMinor: r.amountMinor,
    currency: r.currency,
    status: r.status as PublicPaymentInvitation['status'],
    expiresAt: r.expiresAt.toISOString(),
    method: r.method,
    paymentReference: r.payRef,
    methods: r.status === 'pending' ? await methodsFor(deps, r) : [],
  };
}

/** POST /api/public/payment-invitations/{ref}/confirm: "I have sent the money", once. */
export async function confirmPaymentInvitation(deps: AppDeps, ref: string, body: ConfirmBody) {
  const live = await byRef(deps.db, ref);
  if (live.status !== 'pending') throw conflict(PAYMENT_INVITATION_MSG.alreadyConfirmed);
  // Availability is read before the lock (it may call the provider); the status is checked under it.
  const methods = await methodsFor(deps, live);
  if (!methods.find((m) => m.method === body.method)?.available)
    throw unprocessable(PAYMENT_INVITATION_MSG.methodUnavailable, {
      method: [PAYMENT_INVITATION_MSG.methodUnavailable],
    });
  await deps.db.transaction(async (tx) => {
    const r = await byRef(tx, ref, true);
    if (r.status !== 'pending') throw conflict(PAYMENT_INVITATION_MSG.alreadyConfirmed);
    await tx
      .update(paymentInvitations)
      .set({
        status: 'payerConfirmed',
        method: body.method,
        wirePurpose: body.wirePurpose ?? null,
        narration: body.narration || null,
        confirmedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(paymentInvitations.id, r.id), eq(paymentInvitations.status, 'pending')));
    await createNotification(tx, {
      accountId: r.accountId,
      topic: 'Payment Invitation Confirmed',
      value: `${r.payerName} says they sent ${formatMoney(r.amountMinor, r.currency)}. It is marked paid when the deposit arrives.`,
      props: { paymentInvitationId: r.id },
      category: 'payments',
    });
  });
}
