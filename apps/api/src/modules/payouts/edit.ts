// Editing a payout (issue 23 §3): PUT /api/payouts/{id} re-runs creation's checks and sends the
// payout back to level one of approval, its schedule following the date.
import { eq, sql } from 'drizzle-orm';
import { PAYOUT_EDIT_MSG, PAYOUT_MSG } from '@owo/contract';
import type { z } from 'zod';
import type { payoutEditBody } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { transactions } from '../../platform/schema';
import { resubmitForApproval } from '../approvals';
import { requireActiveProject } from '../projects';
import { editedAfterApproval, getWallet, manifestChange } from '../money';
import {
  type AfterCommit,
  assertFutureDate,
  checkAssets,
  checkCategory,
  lockPayout,
  priceFromWallet,
  type Row,
} from './shared';
import { payoutSchedules, payouts } from './tables';

type EditBody = z.output<typeof payoutEditBody>;

/** Not held, paid, cancelled, a fund request's or a series' date, and the edit changes something. */
async function assertEditable(tx: Tx, tenant: TenantContext, cur: Row, body: EditBody) {
  if (tenant.subsidiaryId && cur.subsidiaryId !== tenant.subsidiaryId) throw notFound('Payout');
  const [money] = cur.transactionId
    ? await tx
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.id, cur.transactionId))
    : [];
  const held = cur.status === 'paying' && !(money && ['failed', 'reversed'].includes(money.status));
  if (held || cur.status === 'completed') throw conflict(PAYOUT_EDIT_MSG.paid);
  if (cur.status === 'cancelled') throw conflict(PAYOUT_EDIT_MSG.cancelled);
  if (cur.channel === 'request') throw conflict(PAYOUT_EDIT_MSG.fromRequest);
  // An occurrence of a series was approved with the series (no approval item of its own).
  if (cur.channel === 'recurring') throw conflict(PAYOUT_EDIT_MSG.fromSeries);
  if (Object.values(body).every((v) => v === undefined)) throw fieldError('amount', PAYOUT_EDIT_MSG.nothing);
}

/** The schedule follows the date: moved, added, or cancelled when the date is cleared. */
async function followDate(tx: Tx, accountId: string, payoutId: string, scheduledDate: string | null) {
  const [s] = await tx.select().from(payoutSchedules).where(eq(payoutSchedules.payoutId, payoutId));
  if (scheduledDate) {
    if (s)
      await tx
        .update(payoutSchedules)
        .set({ scheduledDate, status: 'scheduled' })
        .where(eq(payoutSchedules.id, s.id));
    else await tx.insert(payoutSchedules).values({ accountId, payoutId, scheduledDate, status: 'scheduled' });
  } else if (s && s.status === 'scheduled') {
    await tx.update(payoutSchedules).set({ status: 'cancelled' }).where(eq(payoutSchedules.id, s.id));
  }
}

/**
 * PUT /api/payouts/{id}: amount, narration, date, category, project, assets. Any edit of a payout
 * not yet paid sends it back to level one of approval (`resubmitForApproval`, trail entry
 * `Resubmitted`): approvals given to the old figures no longer count. A payout whose money is held
 * or paid (paying, completed) answers 409, as does a cancelled one; a failed one may be edited and
 * approved again (a new attempt, a new transfer reference). The same checks as creation run again:
 * limit, fee or exchange quote, the available balance, a future date.
 */
export async function editPayout(
  tx: Tx,
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; body: EditBody; afterCommit: AfterCommit },
): Promise<void> {
  const { body, tenant } = p;
  const accountId = tenant.accountId;
  const cur = await lockPayout(tx, accountId, p.id);
  await assertEditable(tx, tenant, cur, body);

  const wallet = await getWallet(tx, accountId, cur.walletId);
  if (!wallet) throw fieldError('walletId', PAYOUT_MSG.selectWallet);
  const scheduledDate = body.scheduledDate === undefined ? cur.scheduledDate : body.scheduledDate;
  if (body.scheduledDate) assertFutureDate(body.scheduledDate);
  if (body.categoryId) await checkCategory(tx, accountId, body.categoryId);
  if (body.projectId) await requireActiveProject(tx, accountId, body.projectId);
  if (body.assets?.length) await checkAssets(tx, accountId, body.assets);
  // The amount (the recipient's, for a wire) and what it costs, as at creation.
  const wire = !!cur.recipientCurrency;
  const asked = body.amount ?? (wire ? cur.recipientAmountMinor! : cur.amountMinor);
  const currency = cur.recipientCurrency ?? cur.currency;
  const price = await priceFromWallet(tx, deps, { accountId, wallet, amount: asked, currency });
  const rate = price.exchanged ? price.rate : cur.fxRate;

  await tx
    .update(payouts)
    .set({
      amountMinor: price.amountMinor,
      feeMinor: price.fee,
      ...(wire ? { recipientAmountMinor: asked, fxRate: rate } : {}),
      narration: body.narration ?? cur.narration,
      scheduledDate,
      categoryId: body.categoryId === undefined ? cur.categoryId : body.categoryId,
      projectId: body.projectId === undefined ? cur.projectId : body.projectId,
      assets: body.assets ? body.assets.map((a) => ({ id: a.id, quantity: a.quantity ?? null })) : cur.assets,
      status: 'pending',
      updatedAt: sql`now()`,
    })
    .where(eq(payouts.id, cur.id));
  await followDate(tx, accountId, cur.id, scheduledDate);
  // The trail shows what changed against the last approved manifest (amount, account, date...).
  const change = await manifestChange(tx, deps, { accountId, type: 'payout', resourceId: cur.id });
  await resubmitForApproval(tx, deps, {
    accountId,
    type: 'payout',
    resourceId: cur.id,
    userId: p.userId,
    comments: change ? editedAfterApproval(change) : 'Payout edited',
    afterCommit: p.afterCommit,
    restartPending: true,
  });
}
