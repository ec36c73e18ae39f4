// Payouts (issue 23 §0 and §3): a payout to a vendor is approved through the approvals engine
// (type `payout`) and paid through the money core: nothing is held at creation (but a payout the
// available balance cannot cover is refused), amount + fee are held by `startTransfer` at the final
// approval with one transfer reference per attempt, and a scheduled payout is paid by a pg-boss job
// at its date, once, whatever the number of workers (row lock + status check).
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, WIRE_PURPOSE_LABELS, type WirePurpose } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { dispatchSoon, type WireMetadata } from '../funding';
import { emitAreaEvent } from '../developers';
import { notifyMoneyEvent } from '../notifications';
import {
  isOutflowRefusal,
  payOut,
  type OutflowAuthority,
  type OutflowDraft,
  type OutflowResult,
} from '../money';
import { type AfterCommit, type Row, transferReference } from './shared';
import { payoutRecurrences, payouts } from './tables';
import { payees } from '../../platform/schema';

export const PAYOUT_SENT_TOPIC = 'Payout Sent';

/** A USD/GBP payout's wire (what the rails carry), or null for a naira transfer. */
function wireOf(p: Row, v: typeof payees.$inferSelect): WireMetadata | null {
  if (!p.recipientCurrency || p.recipientCurrency === 'NGN' || p.recipientAmountMinor == null) return null;
  const purpose = p.wirePurpose
    ? `${WIRE_PURPOSE_LABELS[p.wirePurpose as WirePurpose] ?? p.wirePurpose}: ${p.wireNarration ?? ''}`.trim()
    : '';
  return {
    currency: p.recipientCurrency as 'USD' | 'GBP',
    amount: p.recipientAmountMinor,
    rate: p.fxRate ?? '1',
    beneficiary: {
      swiftCode: v.foreignBank?.swiftCode ?? v.bankCode,
      sortCode: v.foreignBank?.sortCode ?? null,
      routingNumber: v.foreignBank?.routingNumber ?? null,
      bankName: v.bankName,
      country: v.foreignBank?.country ?? '',
      address: v.foreignBank?.address ?? '',
      purpose,
    },
  };
}

/** The draft of what a payout pays (money/outflow.ts): its amount and wallet, the vendor's bank now. */
export async function payoutDraft(db: DbOrTx, p: Row): Promise<OutflowDraft> {
  const [v] = await db.select().from(payees).where(eq(payees.id, p.payeeId));
  const wire = wireOf(p, v);
  return {
    amountMinor: p.amountMinor,
    currency: p.currency,
    walletId: p.walletId,
    bankCode: v.bankCode,
    bankName: v.bankName,
    accountNumber: v.accountNumber,
    accountName: v.accountName,
    payee: p.payeeId,
    date: p.scheduledDate,
    // A wire holds the fee its exchange quote stated at creation; a naira transfer the fee rule's.
    ...(wire ? { wire: { ...wire }, statedFeeMinor: p.feeMinor } : {}),
  };
}

/**
 * What a payout is paid under, and the draft that authority approved: its own approval; an
 * occurrence of a recurring payout, the series' first payout's; a fund request's payout, the request's.
 */
async function authorityOf(
  db: DbOrTx,
  p: Row,
): Promise<{ authority: OutflowAuthority; draft: OutflowDraft }> {
  if (p.authority)
    return {
      authority: { approval: p.authority.approval, resourceId: p.authority.resourceId },
      draft: p.authority.draft as OutflowDraft,
    };
  if (p.recurrenceId) {
    const [first] = await db
      .select({ p: payouts })
      .from(payoutRecurrences)
      .innerJoin(payouts, eq(payouts.id, payoutRecurrences.payoutId))
      .where(and(eq(payoutRecurrences.id, p.recurrenceId), eq(payoutRecurrences.accountId, p.accountId)));
    if (first && first.p.id !== p.id)
      return {
        authority: { approval: 'payout', resourceId: first.p.id },
        draft: await payoutDraft(db, first.p),
      };
  }
  return { authority: { approval: 'payout', resourceId: p.id }, draft: await payoutDraft(db, p) };
}

/**
 * Pays this attempt through the one way money leaves (`payOut`): the manifest its approval
 * digested, or nothing. The wallet or a limit refusing, or the approval not covering it (an
 * approval given to other details), marks the payout failed with the reason; the approval stands.
 */
export async function startPayment(tx: Tx, deps: AppDeps, p: Row, afterCommit: AfterCommit): Promise<void> {
  const attempt = p.paymentAttempt + 1;
  const { authority, draft } = await authorityOf(tx, p);
  let outcome: OutflowResult | { ok: false; reason: string };
  try {
    outcome = await payOut(tx, deps, {
      accountId: p.accountId,
      authority,
      draft,
      narration: p.narration,
      reference: transferReference({ ...p, paymentAttempt: attempt }),
      initiatedBy: p.makerUserId,
      sourceType: 'payout',
      sourceId: p.id,
    });
  } catch (err) {
    if (!isOutflowRefusal(err)) throw err;
    outcome = { ok: false, reason: err.message };
  }
  if (!outcome.ok) {
    await tx
      .update(payouts)
      .set({
        status: 'failed',
        paymentAttempt: attempt,
        failureReason: outcome.reason,
        updatedAt: sql`now()`,
      })
      .where(eq(payouts.id, p.id));
    await payoutEvent(tx, p, 'failed', { failureReason: outcome.reason });
    return;
  }
  const { transaction: t, manifest: m } = outcome;
  const [v] = await tx.select({ name: payees.name }).from(payees).where(eq(payees.id, p.payeeId));
  await tx
    .update(payouts)
    .set({
      status: 'paying',
      paymentAttempt: attempt,
      transactionId: t.id,
      feeMinor: m.feeMinor,
      failureReason: null,
      updatedAt: sql`now()`,
    })
    .where(eq(payouts.id, p.id));
  await notifyMoneyEvent(tx, deps, {
    accountId: p.accountId,
    transactionId: t.id,
    topic: PAYOUT_SENT_TOPIC,
    value: `${formatMoney(m.amountMinor, m.currency)} to ${v?.name ?? m.accountName} (${m.bankName} ${m.accountNumber}) is on its way.`,
  });
  afterCommit(() => dispatchSoon(deps, t.reference));
}

/** The `payout` webhook event of a state change made in `tx` (docs/ARCHITECTURE.md, Developers). */
export const payoutEvent = (tx: DbOrTx, p: Row, status: string, extra: Record<string, unknown> = {}) =>
  emitAreaEvent(tx, {
    accountId: p.accountId,
    event: 'payout',
    id: p.id,
    reference: p.reference,
    status,
    amountMinor: p.amountMinor,
    currency: p.currency,
    key: status === 'failed' ? `failed:${p.paymentAttempt + 1}` : status,
    extra,
  });
