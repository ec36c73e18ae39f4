// Payouts (issue 23 §0 and §3): a payout to a vendor is approved through the approvals engine
// (type `payout`) and paid through the money core: nothing is held at creation (but a payout the
// available balance cannot cover is refused), amount + fee are held by `startTransfer` at the final
// approval with one transfer reference per attempt, and a scheduled payout is paid by a pg-boss job
// at its date, once, whatever the number of workers (row lock + status check).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_MSG,
  formatMoney,
  fromMinor,
  PAYOUT_LIST_FILTERS,
  PAY_SOMEONE_MSG,
  PAYOUT_EDIT_MSG,
  PAYOUT_MSG,
  PAYOUT_RECURRENCE_MSG,
  WIRE_PURPOSE_LABELS,
  type WirePurpose,
  type MassApprovalResult,
  type Payout,
  type PayoutDetail,
  type PayoutStatus,
} from '@owo/contract';
import type { z } from 'zod';
import type { payoutBody, payoutEditBody, payoutListQuery } from '@owo/contract';
import { csvStream, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { defineQueue, defineTicker, sendJob, sendJobSoon } from '../../platform/jobs';
import { transactions, users } from '../../platform/schema';
import { approvalItems } from '../approvals/tables';
import {
  approvalOf,
  decide,
  billTierWorkflow,
  registerApprovable,
  resubmitForApproval,
  submitForApproval,
  type HandlerContext,
} from '../approvals';
import { payoutCategories } from '../categories/tables';
import { payoutAssets } from '../products/tables';
import { requireActiveProject } from '../projects';
import { dispatchSoon, type WireMetadata } from '../funding';
import { emitAreaEvent } from '../developers';
import { notifyMoneyEvent } from '../notifications';
import {
  checkPayoutLimit,
  computeFee,
  editedAfterApproval,
  getWallet,
  isOutflowRefusal,
  manifestChange,
  outflowManifest,
  payOut,
  quoteExchange,
  type OutflowAuthority,
  type OutflowDraft,
  type OutflowResult,
} from '../money';
import { payees } from '../payees/tables';
import { payoutQuotes, payoutRecurrences, payoutSchedules, payouts } from './tables';

type Row = typeof payouts.$inferSelect;
type AfterCommit = (fn: () => Promise<void> | void) => void;
type Body = z.output<typeof payoutBody>;
type EditBody = z.output<typeof payoutEditBody>;
type ListQuery = z.output<typeof payoutListQuery>;

export const Q_SCHEDULED_PAYOUT = 'payouts.scheduled';
export const Q_RECURRING_PAYOUT = 'payouts.recurring';
export const PAYOUT_SENT_TOPIC = 'Payout Sent';

const newReference = () => `pay_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
const transferReference = (p: Pick<Row, 'reference' | 'paymentAttempt'>) =>
  `${p.reference}-${p.paymentAttempt}`;

/** Today in Lagos (UTC+1 all year), as YYYY-MM-DD. */
export function lagosToday(now = Date.now()): string {
  return new Date(now + 3_600_000).toISOString().slice(0, 10);
}
/** Seconds from now until 00:05 Lagos time on `date` (0 when already due). */
function secondsUntil(date: string): number {
  const at = Date.parse(`${date}T00:05:00+01:00`);
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
function assertFutureDate(date: string) {
  if (date <= lagosToday()) throw fieldError('scheduledDate', PAYOUT_MSG.scheduledDatePast);
}

/** The effective status: while paying, the payout transaction decides completed or failed. */
const effectiveStatusSql = sql<PayoutStatus>`case
  when ${payouts.status} = 'paying' and ${transactions.status} = 'success' then 'completed'
  when ${payouts.status} = 'paying' and ${transactions.status} in ('failed', 'reversed') then 'failed'
  else ${payouts.status} end`;

async function lockPayout(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [p] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)))
    .for('update');
  if (!p) throw notFound('Payout');
  return p;
}

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
async function startPayment(tx: Tx, deps: AppDeps, p: Row, afterCommit: AfterCommit): Promise<void> {
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
  await notifyMoneyEvent(tx, {
    accountId: p.accountId,
    transactionId: t.id,
    topic: PAYOUT_SENT_TOPIC,
    value: `${formatMoney(m.amountMinor, m.currency)} to ${v?.name ?? m.accountName} (${m.bankName} ${m.accountNumber}) is on its way.`,
  });
  afterCommit(() => dispatchSoon(deps, t.reference));
}

/** The `payout` webhook event of a state change made in `tx` (docs/ARCHITECTURE.md, Developers). */
const payoutEvent = (tx: DbOrTx, p: Row, status: string, extra: Record<string, unknown> = {}) =>
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

/** Runs a scheduled payout if due: once, whatever the number of workers (row locks + status). */
export async function runSchedule(deps: AppDeps, scheduleId: string): Promise<'paid' | 'skipped'> {
  const after: (() => Promise<void> | void)[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(payoutSchedules)
      .where(eq(payoutSchedules.id, scheduleId))
      .for('update');
    if (!s || s.status !== 'scheduled' || s.scheduledDate > lagosToday()) return 'skipped' as const;
    const p = await lockPayout(tx, s.accountId, s.payoutId);
    if (p.status !== 'scheduled') return 'skipped' as const;
    await tx
      .update(payoutSchedules)
      .set({ status: 'paid', ranAt: sql`now()` })
      .where(eq(payoutSchedules.id, s.id));
    await startPayment(tx, deps, p, (fn) => after.push(fn));
    return 'paid' as const;
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => {});
  return outcome;
}

/** Sweep: due schedules whose job was lost (or moved earlier) are queued again. */
async function sweepDueSchedules(deps: AppDeps) {
  const due = await deps.db
    .select({ id: payoutSchedules.id })
    .from(payoutSchedules)
    .innerJoin(payouts, eq(payouts.id, payoutSchedules.payoutId))
    .where(
      and(
        eq(payoutSchedules.status, 'scheduled'),
        lte(payoutSchedules.scheduledDate, lagosToday()),
        eq(payouts.status, 'scheduled'),
      ),
    )
    .limit(500);
  for (const d of due) await sendJob(deps, Q_SCHEDULED_PAYOUT, { scheduleId: d.id }, { singletonKey: d.id });
}

export function registerPayoutApprovals(deps: AppDeps) {
  defineQueue<{ scheduleId: string }>(deps, Q_SCHEDULED_PAYOUT, async (data) => {
    await runSchedule(deps, data.scheduleId);
  });
  defineTicker(deps, 'payouts.scheduled-sweep', 60_000, sweepDueSchedules);
  defineQueue<{ recurrenceId: string }>(deps, Q_RECURRING_PAYOUT, async (data) => {
    await runRecurrence(deps, data.recurrenceId);
  });
  defineTicker(deps, 'payouts.recurring-sweep', 60_000, sweepDueRecurrences);
  registerApprovable(deps, {
    type: 'payout',
    // What the final approval digests and money/outflow.ts pays (the vendor's bank at that moment).
    manifest: async (db, accountId, id) => {
      const [p] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)));
      return p ? outflowManifest(db, accountId, await payoutDraft(db, p)) : null;
    },
    load: async (db, accountId, id) => {
      const [r] = await db
        .select({ p: payouts, v: payees })
        .from(payouts)
        .innerJoin(payees, eq(payees.id, payouts.payeeId))
        .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.p.amountMinor,
        currency: r.p.currency,
        payee: `${r.v.accountName} (${r.v.bankName} ${r.v.accountNumber})`,
        description: r.p.narration,
        categoryId: r.p.categoryId,
        subsidiaryId: r.p.subsidiaryId,
        makerUserId: r.p.makerUserId,
        reference: r.p.reference,
        // A bill's payout is approved by the workflow of its amount's bill tier (AP policy), if any.
        workflowId: (
          await db
            .select({ id: payoutQuotes.id })
            .from(payoutQuotes)
            .where(and(eq(payoutQuotes.payoutId, id), eq(payoutQuotes.accountId, accountId)))
            .limit(1)
        ).length
          ? await billTierWorkflow(db, accountId, r.p.amountMinor)
          : null,
      };
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const p = await lockPayout(tx, item.accountId, item.resourceId);
      if (p.status !== 'pending') return;
      await payoutEvent(tx, p, 'approved');
      if (p.scheduledDate && p.scheduledDate > lagosToday()) {
        await tx
          .update(payouts)
          .set({ status: 'scheduled', updatedAt: sql`now()` })
          .where(eq(payouts.id, p.id));
        const [s] = await tx
          .update(payoutSchedules)
          .set({ status: 'scheduled' })
          .where(eq(payoutSchedules.payoutId, p.id))
          .returning();
        if (s)
          afterCommit(() =>
            sendJobSoon(
              d,
              Q_SCHEDULED_PAYOUT,
              { scheduleId: s.id },
              { startAfterSeconds: secondsUntil(s.scheduledDate) },
            ),
          );
        return;
      }
      // Approved on or after its date: paid now, and its schedule is spent.
      await tx
        .update(payoutSchedules)
        .set({ status: 'paid', ranAt: sql`now()` })
        .where(and(eq(payoutSchedules.payoutId, p.id), eq(payoutSchedules.status, 'scheduled')));
      await startPayment(tx, d, p, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      const [p] = await tx
        .update(payouts)
        .set({ status: 'rejected', updatedAt: sql`now()` })
        .where(and(eq(payouts.id, item.resourceId), eq(payouts.accountId, item.accountId)))
        .returning();
      if (p) await payoutEvent(tx, p, 'rejected');
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(payouts)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(payouts.id, item.resourceId), eq(payouts.accountId, item.accountId)));
    },
  });
}

/**
 * A vendor's bank account is changing (or changed): every pending or scheduled payout to it goes
 * back to level one of approval at once (issue 23 §1 ★).
 */
export async function returnPayoutsToApproval(
  tx: Tx,
  deps: AppDeps,
  p: { accountId: string; payeeId: string; userId: string; comments: string; afterCommit: AfterCommit },
): Promise<number> {
  const open = await tx
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.accountId, p.accountId),
        eq(payouts.payeeId, p.payeeId),
        inArray(payouts.status, ['pending', 'scheduled']),
      ),
    )
    .for('update');
  for (const o of open) {
    if (o.status === 'scheduled')
      await tx
        .update(payouts)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(eq(payouts.id, o.id));
    await resubmitForApproval(tx, deps, {
      accountId: p.accountId,
      type: 'payout',
      resourceId: o.id,
      userId: p.userId,
      comments: p.comments,
      afterCommit: p.afterCommit,
      restartPending: true,
    });
  }
  return open.length;
}

/**
 * A payout already approved elsewhere (a fund request's final approval, issue 23 §0 "Requests"):
 * inserted and paid (or scheduled) at once, in the caller's transaction, by the same path as a
 * payout's own final approval. It carries no approval item of its own: the request's is its trail.
 */
export async function createApprovedPayout(
  tx: Tx,
  deps: AppDeps,
  p: {
    accountId: string;
    subsidiaryId: string | null;
    makerUserId: string;
    payeeId: string;
    walletId: string;
    currency: string;
    amountMinor: number;
    narration: string;
    scheduledDate: string | null;
    afterCommit: AfterCommit;
    /** An occurrence of a recurring payout (unique per series and date). */
    recurrence?: { id: string; date: string };
    channel?: 'request' | 'recurring';
    /**
     * The approval it is paid under when not its series' (a fund request's), with the draft of the
     * manifest that approval digested: the payout pays exactly that (money/outflow.ts).
     */
    authority?: { approval: 'request'; resourceId: string; draft: OutflowDraft };
  },
): Promise<{ id: string; status: PayoutStatus; transactionId: string | null }> {
  if (p.scheduledDate) assertFutureDate(p.scheduledDate);
  const fee = await computeFee(tx, {
    accountId: p.accountId,
    method: 'bank-transfer',
    amount: p.amountMinor,
    currency: p.currency,
  });
  const [row] = await tx
    .insert(payouts)
    .values({
      accountId: p.accountId,
      subsidiaryId: p.subsidiaryId,
      reference: newReference(),
      payoutOption: 'standard',
      channel: p.channel ?? 'request',
      recurrenceId: p.recurrence?.id ?? null,
      occurrenceDate: p.recurrence?.date ?? null,
      authority: p.authority ?? null,
      makerUserId: p.makerUserId,
      payeeId: p.payeeId,
      walletId: p.walletId,
      currency: p.currency,
      amountMinor: p.amountMinor,
      feeMinor: fee,
      narration: p.narration,
      scheduledDate: p.scheduledDate,
      status: p.scheduledDate ? 'scheduled' : 'pending',
    })
    .returning();
  if (p.scheduledDate) {
    const [s] = await tx
      .insert(payoutSchedules)
      .values({
        accountId: p.accountId,
        payoutId: row.id,
        scheduledDate: p.scheduledDate,
        status: 'scheduled',
      })
      .returning();
    p.afterCommit(() =>
      sendJobSoon(
        deps,
        Q_SCHEDULED_PAYOUT,
        { scheduleId: s.id },
        { startAfterSeconds: secondsUntil(s.scheduledDate) },
      ),
    );
  } else {
    await startPayment(tx, deps, row, p.afterCommit);
  }
  const [after] = await tx
    .select({ status: payouts.status, transactionId: payouts.transactionId })
    .from(payouts)
    .where(eq(payouts.id, row.id));
  return { id: row.id, status: after.status, transactionId: after.transactionId };
}

/** The effective status of payouts by id (completed/failed read from the settled transaction). */
export async function payoutStatuses(
  db: DbOrTx,
  accountId: string,
  ids: string[],
): Promise<
  Map<string, { status: PayoutStatus; transactionId: string | null; failureReason: string | null }>
> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: payouts.id,
      status: effectiveStatusSql,
      transactionId: payouts.transactionId,
      failureReason: payouts.failureReason,
    })
    .from(payouts)
    .leftJoin(transactions, eq(transactions.id, payouts.transactionId))
    .where(and(eq(payouts.accountId, accountId), inArray(payouts.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

// ---- commands ----

/** What flows other than a direct payout add to a payout (pay-someone). */
export type PayoutExtras = {
  channel?: 'direct' | 'paySomeone' | 'bill' | 'request' | 'transfer';
  /** Pay-someone: USD/GBP recipients (a wire), from the NGN wallet or a wallet in that currency. */
  wires?: boolean;
  wirePurpose?: { purpose: WirePurpose; narration: string } | null;
  senderDetails?: { name: string; address: string; country: string; phone?: string | null } | null;
};

/** POST /api/payouts, inside the idempotent request's transaction. */
export async function createPayout(
  tx: Tx,
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    body: Body;
    afterCommit: AfterCommit;
    /** The bill this payout pays: linked before submission, so the bill tiers route its approval. */
    billId?: string;
    extras?: PayoutExtras;
  },
): Promise<string> {
  const { body, tenant } = p;
  const extras = p.extras ?? {};
  const accountId = tenant.accountId;
  const wallet = await getWallet(tx, accountId, body.walletId);
  if (!wallet) throw fieldError('walletId', PAYOUT_MSG.selectWallet);
  if (!extras.wires) {
    if (wallet.currency !== body.currency)
      throw fieldError('currency', `The selected wallet holds ${wallet.currency}, not ${body.currency}`);
    if (wallet.currency !== 'NGN')
      throw fieldError('walletId', 'Payouts to a bank account are paid from the NGN wallet');
  } else if (wallet.currency !== 'NGN' && wallet.currency !== body.currency)
    throw fieldError('walletId', `Pay ${body.currency} from the NGN wallet or a ${body.currency} wallet`);
  const [vendor] = await tx
    .select({ id: payees.id, currency: payees.currency })
    .from(payees)
    .where(and(eq(payees.id, body.payeeId), eq(payees.accountId, accountId)));
  if (!vendor) throw fieldError('payeeId', PAYOUT_MSG.payeeNotFound);
  if (vendor.currency !== body.currency) throw fieldError('payeeId', PAY_SOMEONE_MSG.recipientCurrency);
  // The wire purpose is required for USD and GBP, whatever the flow (000 §4.3).
  if (body.currency !== 'NGN' && !extras.wirePurpose)
    throw fieldError('wirePurpose.purpose', PAY_SOMEONE_MSG.wirePurposeRequired);
  if (body.scheduledDate) assertFutureDate(body.scheduledDate);
  if (body.recurrence) {
    if (body.currency !== 'NGN' || extras.wires)
      throw fieldError('recurrence', 'Recurring payouts are paid in NGN to a vendor');
    const start = body.scheduledDate ?? lagosToday();
    if (body.recurrence.endDate && body.recurrence.endDate <= start)
      throw fieldError('recurrence.endDate', PAYOUT_RECURRENCE_MSG.endBeforeStart);
  }
  if (body.categoryId) {
    const [c] = await tx
      .select({ id: payoutCategories.id })
      .from(payoutCategories)
      .where(and(eq(payoutCategories.id, body.categoryId), eq(payoutCategories.accountId, accountId)));
    if (!c) throw fieldError('categoryId', 'Category not found');
  }
  if (body.payoutOption === 'project' && !body.projectId)
    throw fieldError('projectId', PAYOUT_MSG.projectRequired);
  if (body.payoutOption === 'asset' && !body.assets?.length)
    throw fieldError('assets', PAYOUT_MSG.assetsRequired);
  if (body.projectId) await requireActiveProject(tx, accountId, body.projectId);
  if (body.assets?.length) {
    const ids = [...new Set(body.assets.map((a) => a.id))];
    const found = await tx
      .select({ id: payoutAssets.id })
      .from(payoutAssets)
      .where(and(eq(payoutAssets.accountId, accountId), inArray(payoutAssets.id, ids)));
    if (found.length !== ids.length) throw fieldError('assets', 'Asset not found');
  }
  // The $10,000 cap (USD/GBP) and the KYC cap (NGN) by KYB tier: checkPayoutLimit, here or in the quote.
  let amountMinor = body.amount;
  let fee: number;
  let rate: string | null = null;
  if (wallet.currency === body.currency) {
    await checkPayoutLimit(deps, tx, { accountId, amountMinor: body.amount, currency: body.currency });
    fee = await computeFee(tx, {
      accountId,
      method: 'bank-transfer',
      amount: body.amount,
      currency: wallet.currency,
    });
    if (body.currency !== 'NGN') rate = '1';
  } else {
    // Another currency: the exchange quote converts at the rails' rate and states the fees.
    const q = await quoteExchange(deps, {
      accountId,
      walletId: wallet.id,
      amount: body.amount,
      currency: body.currency,
      method: 'bank-transfer',
    });
    amountMinor = q.amount;
    fee = q.exchangeFee;
    rate = q.rate;
  }
  if (wallet.balance < amountMinor + fee) throw fieldError('amount', PAYOUT_MSG.insufficientFunds);

  const [row] = await tx
    .insert(payouts)
    .values({
      accountId,
      subsidiaryId: subsidiaryForWrite(tenant),
      reference: newReference(),
      payoutOption: body.payoutOption,
      makerUserId: p.userId,
      payeeId: vendor.id,
      walletId: wallet.id,
      currency: wallet.currency,
      amountMinor,
      feeMinor: fee,
      narration: body.narration,
      channel: extras.channel ?? 'direct',
      recipientCurrency: rate ? body.currency : null,
      recipientAmountMinor: rate ? body.amount : null,
      fxRate: rate,
      wirePurpose: extras.wirePurpose?.purpose ?? null,
      wireNarration: extras.wirePurpose?.narration ?? null,
      senderDetails: extras.senderDetails ?? null,
      categoryId: body.categoryId ?? null,
      projectId: body.projectId ?? null,
      assets: (body.assets ?? []).map((a) => ({ id: a.id, quantity: a.quantity ?? null })),
      scheduledDate: body.scheduledDate ?? null,
    })
    .returning({ id: payouts.id });
  if (body.recurrence) {
    const start = body.scheduledDate ?? lagosToday();
    const next = occurrenceDate(start, body.recurrence.frequency, 1);
    const end = body.recurrence.endDate ?? null;
    await tx.insert(payoutRecurrences).values({
      accountId,
      payoutId: row.id,
      frequency: body.recurrence.frequency,
      startDate: start,
      nextDate: next,
      endDate: end,
      status: end && end < next ? 'ended' : 'active',
    });
  }
  if (body.scheduledDate)
    await tx.insert(payoutSchedules).values({
      accountId,
      payoutId: row.id,
      scheduledDate: body.scheduledDate,
      status: 'scheduled',
    });
  if (p.billId)
    await tx
      .update(payoutQuotes)
      .set({ payoutId: row.id })
      .where(and(eq(payoutQuotes.id, p.billId), eq(payoutQuotes.accountId, accountId)));
  await submitForApproval(tx, deps, {
    accountId,
    type: 'payout',
    resourceId: row.id,
    afterCommit: p.afterCommit,
  });
  return row.id;
}

async function scheduleOf(db: DbOrTx, accountId: string, id: string) {
  const [s] = await db
    .select()
    .from(payoutSchedules)
    .where(and(eq(payoutSchedules.id, id), eq(payoutSchedules.accountId, accountId)));
  if (!s) throw notFound('Schedule');
  return s;
}

export const scheduleDto = (s: typeof payoutSchedules.$inferSelect) => ({
  id: s.id,
  payoutId: s.payoutId,
  scheduledDate: s.scheduledDate,
  status: s.status,
});

export const getSchedule = async (db: Db, accountId: string, id: string) =>
  scheduleDto(await scheduleOf(db, accountId, id));

/**
 * PUT /api/payout/schedule/{id}: a new date, tomorrow or later, while not yet paid. The date is part
 * of what was approved: an approved payout goes back to approval, the trail showing the change.
 */
export async function reschedule(
  deps: AppDeps,
  p: { accountId: string; id: string; scheduledDate: string; userId: string },
) {
  assertFutureDate(p.scheduledDate);
  const after: (() => Promise<void> | void)[] = [];
  const s = await deps.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(payoutSchedules)
      .where(and(eq(payoutSchedules.id, p.id), eq(payoutSchedules.accountId, p.accountId)))
      .for('update');
    if (!s) throw notFound('Schedule');
    if (s.status !== 'scheduled') throw conflict(PAYOUT_MSG.notScheduled);
    const [u] = await tx
      .update(payoutSchedules)
      .set({ scheduledDate: p.scheduledDate })
      .where(eq(payoutSchedules.id, s.id))
      .returning();
    const [payout] = await tx
      .update(payouts)
      .set({ scheduledDate: p.scheduledDate, updatedAt: sql`now()` })
      .where(eq(payouts.id, s.payoutId))
      .returning();
    const change =
      payout.status === 'scheduled' && !payout.authority && !payout.recurrenceId
        ? await manifestChange(tx, deps, { accountId: p.accountId, type: 'payout', resourceId: payout.id })
        : null;
    if (change) {
      await tx
        .update(payouts)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(eq(payouts.id, payout.id));
      await resubmitForApproval(tx, deps, {
        accountId: p.accountId,
        type: 'payout',
        resourceId: payout.id,
        userId: p.userId,
        comments: editedAfterApproval(change),
        afterCommit: (fn) => after.push(fn),
      });
    }
    return u;
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => {});
  sendJobSoon(
    deps,
    Q_SCHEDULED_PAYOUT,
    { scheduleId: s.id },
    { startAfterSeconds: secondsUntil(s.scheduledDate) },
  );
  return scheduleDto(s);
}

/** DELETE /api/payout/schedule/{id}: cancels a scheduled payout that has not run. */
export async function cancelSchedule(db: Db, p: { accountId: string; id: string }) {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(payoutSchedules)
      .where(and(eq(payoutSchedules.id, p.id), eq(payoutSchedules.accountId, p.accountId)))
      .for('update');
    if (!s) throw notFound('Schedule');
    if (s.status !== 'scheduled') throw conflict(PAYOUT_MSG.notScheduled);
    const payout = await lockPayout(tx, p.accountId, s.payoutId);
    if (payout.status !== 'scheduled' && payout.status !== 'pending' && payout.status !== 'rejected')
      throw conflict(PAYOUT_MSG.notScheduled);
    const [u] = await tx
      .update(payoutSchedules)
      .set({ status: 'cancelled' })
      .where(eq(payoutSchedules.id, s.id))
      .returning();
    await tx
      .update(payouts)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(payouts.id, payout.id));
    // A recurring payout's series stops with its first payout.
    await tx
      .update(payoutRecurrences)
      .set({ status: 'cancelled' })
      .where(and(eq(payoutRecurrences.payoutId, payout.id), eq(payoutRecurrences.status, 'active')));
    return scheduleDto(u);
  });
}

/** POST /api/payouts/mass-approval: one engine decision per id; answers one entry per id. */
export async function massApprove(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    ids: string[];
    approvalStatus: 'approved' | 'rejected';
    comments: string;
  },
): Promise<{ results: MassApprovalResult[]; afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  const ids = [...new Set(p.ids)];
  const items = await deps.db
    .select({ id: approvalItems.id, resourceId: approvalItems.resourceId, status: approvalItems.status })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, p.accountId),
        eq(approvalItems.type, 'payout'),
        inArray(approvalItems.resourceId, ids),
      ),
    );
  const byPayout = new Map(items.map((i) => [i.resourceId, i]));
  const results: MassApprovalResult[] = [];
  for (const id of ids) {
    const item = byPayout.get(id);
    if (!item) {
      results.push({ id, ok: false, status: null, message: 'Payout not found' });
      continue;
    }
    if (item.status !== 'pending') {
      results.push({ id, ok: false, status: item.status, message: PAYOUT_MSG.notPending });
      continue;
    }
    try {
      const r = await decide(deps, {
        accountId: p.accountId,
        userId: p.userId,
        approvalId: item.id,
        approvalStatus: p.approvalStatus,
        comments: p.comments,
      });
      after.push(...r.afterCommit);
      results.push({
        id,
        ok: true,
        status: r.item.status,
        message:
          p.approvalStatus === 'approved' ? APPROVAL_MSG.approved('payout') : APPROVAL_MSG.rejected('payout'),
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      results.push({ id, ok: false, status: item.status, message: err.message });
    }
  }
  return { results, afterCommit: after };
}

// ---- reading ----

const selection = {
  p: payouts,
  status: effectiveStatusSql,
  approvalStatus: approvalItems.status,
  txFailure: transactions.failureReason,
  txFee: transactions.fee,
  scheduleId: payoutSchedules.id,
  payeeName: payees.name,
  bankName: payees.bankName,
  accountNumber: payees.accountNumber,
  accountName: payees.accountName,
  makerFirst: users.firstName,
  makerLast: users.lastName,
};
type Selected = {
  p: Row;
  status: PayoutStatus;
  approvalStatus: string | null;
  txFailure: string | null;
  txFee: number | null;
  scheduleId: string | null;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  makerFirst: string;
  makerLast: string;
};

function baseSelect(db: DbOrTx) {
  return db
    .select(selection)
    .from(payouts)
    .innerJoin(payees, eq(payees.id, payouts.payeeId))
    .innerJoin(users, eq(users.id, payouts.makerUserId))
    .leftJoin(transactions, eq(transactions.id, payouts.transactionId))
    .leftJoin(payoutSchedules, eq(payoutSchedules.payoutId, payouts.id))
    .leftJoin(
      approvalItems,
      and(
        eq(approvalItems.accountId, payouts.accountId),
        eq(approvalItems.type, 'payout'),
        eq(approvalItems.resourceId, payouts.id),
      ),
    );
}

function toDto(r: Selected): Payout {
  const p = r.p;
  const feeMinor = r.txFee ?? p.feeMinor;
  return {
    id: p.id,
    reference: p.reference,
    payoutOption: p.payoutOption,
    status: r.status,
    approvalStatus: r.approvalStatus,
    amount: fromMinor(p.amountMinor),
    amountMinor: p.amountMinor,
    fee: fromMinor(feeMinor),
    feeMinor,
    currency: p.currency,
    walletId: p.walletId,
    narration: p.narration,
    payee: {
      id: p.payeeId,
      name: r.payeeName,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
    },
    scheduledDate: p.scheduledDate,
    scheduleId: r.scheduleId,
    categoryId: p.categoryId,
    projectId: p.projectId,
    assets: p.assets,
    transactionId: p.transactionId,
    failureReason: r.status === 'failed' ? (p.failureReason ?? r.txFailure ?? null) : null,
    maker: { id: p.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
    recipientCurrency: p.recipientCurrency,
    recipientAmount: p.recipientAmountMinor == null ? null : fromMinor(p.recipientAmountMinor),
    recipientAmountMinor: p.recipientAmountMinor,
    fxRate: p.fxRate,
    wirePurpose: p.wirePurpose,
    wireNarration: p.wireNarration,
    senderDetails: p.senderDetails ?? null,
    channel: p.channel,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const subsidiaryScope = (tenant: TenantContext): SQL | undefined =>
  tenant.subsidiaryId ? eq(payouts.subsidiaryId, tenant.subsidiaryId) : undefined;

export async function getPayout(
  db: Db,
  p: { tenant: TenantContext; id: string; viewerId: string },
): Promise<PayoutDetail> {
  const [r] = await baseSelect(db).where(
    and(eq(payouts.id, p.id), eq(payouts.accountId, p.tenant.accountId), subsidiaryScope(p.tenant)),
  );
  if (!r) throw notFound('Payout');
  return {
    ...toDto(r as Selected),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'payout',
      resourceId: p.id,
      viewerId: p.viewerId,
    }),
    recurrence: await recurrenceOf(db, r.p as Row),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);

const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list kit's `where` JSON ({ status?, payeeId? }) folded into the query. */
function withWhere(q: ListQuery): ListQuery {
  if (!q.where?.trim()) return q;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status, payeeId } = w as { status?: unknown; payeeId?: unknown };
  if (status !== undefined && !(PAYOUT_LIST_FILTERS as readonly unknown[]).includes(status))
    throw fieldError('where', 'Unknown status');
  if (payeeId !== undefined && (typeof payeeId !== 'string' || !UUID_RE.test(payeeId)))
    throw fieldError('where', 'payeeId must be an id');
  return {
    ...q,
    status: q.status ?? (status as ListQuery['status']),
    payeeId: q.payeeId ?? (payeeId as string | undefined),
  };
}

function listWhere(tenant: TenantContext, raw: ListQuery, viewerId: string): SQL {
  const q = withWhere(raw);
  const conds: (SQL | undefined)[] = [eq(payouts.accountId, tenant.accountId), subsidiaryScope(tenant)];
  if (q.period) conds.push(sql`${payouts.createdAt} >= ${new Date(Date.now() - PERIOD_MS[q.period])}`);
  if (q.status === 'active') conds.push(sql`${effectiveStatusSql} in ('approved', 'scheduled', 'paying')`);
  else if (q.status) conds.push(sql`${effectiveStatusSql} = ${q.status}`);
  if (q.payeeId) conds.push(eq(payouts.payeeId, q.payeeId));
  if (q.from) conds.push(sql`${payouts.createdAt} >= ${lagosStart(q.from)}`);
  if (q.to)
    conds.push(
      q.to.length === 10
        ? sql`${payouts.createdAt} < ${new Date(lagosStart(q.to).getTime() + 86_400_000)}`
        : sql`${payouts.createdAt} <= ${new Date(q.to)}`,
    );
  void viewerId;
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    conds.push(
      or(
        ilike(payouts.reference, like),
        ilike(payouts.narration, like),
        ilike(payees.name, like),
        ilike(payees.accountName, like),
      ),
    );
  }
  return and(...conds)!;
}

/** GET /api/payouts?page&limit&status&search&from&to (newest first). */
export async function listPayouts(db: Db, p: { tenant: TenantContext; viewerId: string; q: ListQuery }) {
  const where = listWhere(p.tenant, p.q, p.viewerId);
  const rows = (await baseSelect(db)
    .where(where)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit)) as Selected[];
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payouts)
    .innerJoin(payees, eq(payees.id, payouts.payeeId))
    .leftJoin(transactions, eq(transactions.id, payouts.transactionId))
    .where(where)) as { n: number }[];
  return { items: rows.map(toDto), total: Number(n) };
}

const PAYOUT_CSV: CsvColumn<Payout>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Vendor', value: (r) => r.payee.name },
  { header: 'Bank', value: (r) => r.payee.bankName },
  { header: 'Account number', value: (r) => r.payee.accountNumber },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Fee', value: (r) => r.fee },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Status', value: (r) => r.status },
  { header: 'Approval', value: (r) => r.approvalStatus },
  { header: 'Scheduled date', value: (r) => r.scheduledDate },
  { header: 'Narration', value: (r) => r.narration },
];

/** The CSV of exactly the rows the filtered list shows (list kit: one snapshot, batches of 500). */
export function payoutsCsv(db: Db, p: { tenant: TenantContext; viewerId: string; q: ListQuery }) {
  const where = listWhere(p.tenant, p.q, p.viewerId);
  return csvStream<Payout>(db, PAYOUT_CSV, async (tx, offset, limit) =>
    (
      (await baseSelect(tx)
        .where(where)
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .limit(limit)
        .offset(offset)) as Selected[]
    ).map(toDto),
  );
}

/** A vendor's payment history (vendor detail). */
export async function payeePayments(db: DbOrTx, p: { accountId: string; payeeId: string; limit: number }) {
  const rows = (await baseSelect(db)
    .where(and(eq(payouts.accountId, p.accountId), eq(payouts.payeeId, p.payeeId)))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(p.limit)) as Selected[];
  return rows.map((r) => ({
    id: r.p.id,
    reference: r.p.reference,
    amountMinor: r.p.amountMinor,
    currency: r.p.currency,
    status: r.status,
    narration: r.p.narration,
    createdAt: r.p.createdAt.toISOString(),
  }));
}

// ---- edit (issue 23 §3) ----

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
  if (Object.values(body).every((v) => v === undefined)) throw fieldError('amount', PAYOUT_EDIT_MSG.nothing);

  const wallet = await getWallet(tx, accountId, cur.walletId);
  if (!wallet) throw fieldError('walletId', PAYOUT_MSG.selectWallet);
  const scheduledDate = body.scheduledDate === undefined ? cur.scheduledDate : body.scheduledDate;
  if (body.scheduledDate) assertFutureDate(body.scheduledDate);
  if (body.categoryId) {
    const [c] = await tx
      .select({ id: payoutCategories.id })
      .from(payoutCategories)
      .where(and(eq(payoutCategories.id, body.categoryId), eq(payoutCategories.accountId, accountId)));
    if (!c) throw fieldError('categoryId', 'Category not found');
  }
  if (body.projectId) await requireActiveProject(tx, accountId, body.projectId);
  if (body.assets?.length) {
    const ids = [...new Set(body.assets.map((a) => a.id))];
    const found = await tx
      .select({ id: payoutAssets.id })
      .from(payoutAssets)
      .where(and(eq(payoutAssets.accountId, accountId), inArray(payoutAssets.id, ids)));
    if (found.length !== ids.length) throw fieldError('assets', 'Asset not found');
  }
  // The amount (the recipient's, for a wire) and what it costs, as at creation.
  const wire = !!cur.recipientCurrency;
  const asked = body.amount ?? (wire ? cur.recipientAmountMinor! : cur.amountMinor);
  const currency = cur.recipientCurrency ?? cur.currency;
  let amountMinor = asked;
  let fee: number;
  let rate = cur.fxRate;
  if (wallet.currency === currency) {
    await checkPayoutLimit(deps, tx, { accountId, amountMinor: asked, currency });
    fee = await computeFee(tx, { accountId, method: 'bank-transfer', amount: asked, currency });
  } else {
    const q = await quoteExchange(deps, {
      accountId,
      walletId: wallet.id,
      amount: asked,
      currency,
      method: 'bank-transfer',
    });
    amountMinor = q.amount;
    fee = q.exchangeFee;
    rate = q.rate;
  }
  if (wallet.balance < amountMinor + fee) throw fieldError('amount', PAYOUT_MSG.insufficientFunds);

  await tx
    .update(payouts)
    .set({
      amountMinor,
      feeMinor: fee,
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
  // The schedule follows the date: moved, added, or cancelled when the date is cleared.
  const [s] = await tx.select().from(payoutSchedules).where(eq(payoutSchedules.payoutId, cur.id));
  if (scheduledDate) {
    if (s)
      await tx
        .update(payoutSchedules)
        .set({ scheduledDate, status: 'scheduled' })
        .where(eq(payoutSchedules.id, s.id));
    else
      await tx
        .insert(payoutSchedules)
        .values({ accountId, payoutId: cur.id, scheduledDate, status: 'scheduled' });
  } else if (s && s.status === 'scheduled') {
    await tx.update(payoutSchedules).set({ status: 'cancelled' }).where(eq(payoutSchedules.id, s.id));
  }
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

// ---- recurring payouts (issue 23 §3) ----

/** The n-th date of a series from `start`: weekly, or monthly on the same day (clamped to short months). */
export function occurrenceDate(start: string, frequency: 'weekly' | 'monthly', n: number): string {
  const [y, m, d] = start.split('-').map(Number);
  if (frequency === 'weekly') return new Date(Date.UTC(y, m - 1, d + 7 * n)).toISOString().slice(0, 10);
  const month = m - 1 + n;
  const last = new Date(Date.UTC(y, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, month, Math.min(d, last))).toISOString().slice(0, 10);
}

const recurrenceDto = (r: typeof payoutRecurrences.$inferSelect) => ({
  id: r.id,
  frequency: r.frequency,
  startDate: r.startDate,
  nextDate: r.nextDate,
  endDate: r.endDate,
  occurrences: r.occurrences,
  status: r.status,
});

async function recurrenceOf(db: DbOrTx, p: Row) {
  const [r] = await db
    .select()
    .from(payoutRecurrences)
    .where(
      p.recurrenceId
        ? and(eq(payoutRecurrences.id, p.recurrenceId), eq(payoutRecurrences.accountId, p.accountId))
        : and(eq(payoutRecurrences.payoutId, p.id), eq(payoutRecurrences.accountId, p.accountId)),
    );
  return r ? recurrenceDto(r) : null;
}

/** The first payout's approval approves the series: these statuses mean it was approved. */
const APPROVED_STATES: PayoutStatus[] = ['approved', 'scheduled', 'paying', 'completed', 'failed'];

/**
 * Creates the series' due occurrence, once, whatever the number of workers: the recurrence row is
 * locked, its next date checked, the occurrence inserted (unique per series and date) and the next
 * date advanced in one transaction. The occurrence is an already-approved payout, held and sent at
 * once (`createApprovedPayout`); a short balance marks that occurrence failed, the series goes on.
 */
export async function runRecurrence(deps: AppDeps, recurrenceId: string): Promise<'created' | 'skipped'> {
  const after: (() => Promise<void> | void)[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(payoutRecurrences)
      .where(eq(payoutRecurrences.id, recurrenceId))
      .for('update');
    if (!r || r.status !== 'active' || r.nextDate > lagosToday()) return 'skipped' as const;
    const [first] = await tx.select().from(payouts).where(eq(payouts.id, r.payoutId));
    if (!first) return 'skipped' as const;
    if (first.status === 'cancelled' || first.status === 'rejected') {
      if (first.status === 'cancelled')
        await tx.update(payoutRecurrences).set({ status: 'cancelled' }).where(eq(payoutRecurrences.id, r.id));
      return 'skipped' as const;
    }
    if (!APPROVED_STATES.includes(first.status)) return 'skipped' as const; // not approved yet
    const [made] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.recurrenceId, r.id), eq(payouts.occurrenceDate, r.nextDate)));
    // That date's occurrence exists already (the series' dates were edited): it is not made twice.
    if (!made)
      await createApprovedPayout(tx, deps, {
        accountId: r.accountId,
        subsidiaryId: first.subsidiaryId,
        makerUserId: first.makerUserId,
        payeeId: first.payeeId,
        walletId: first.walletId,
        currency: first.currency,
        amountMinor: first.amountMinor,
        narration: first.narration,
        scheduledDate: null,
        afterCommit: (fn) => after.push(fn),
        recurrence: { id: r.id, date: r.nextDate },
        channel: 'recurring',
      });
    const n = r.occurrences + 1;
    const next = occurrenceDate(r.startDate, r.frequency, n + 1);
    await tx
      .update(payoutRecurrences)
      .set({
        occurrences: n,
        nextDate: next,
        status: r.endDate && next > r.endDate ? 'ended' : 'active',
      })
      .where(eq(payoutRecurrences.id, r.id));
    return 'created' as const;
  });
  for (const fn of after) await Promise.resolve(fn()).catch(() => {});
  return outcome;
}

async function sweepDueRecurrences(deps: AppDeps) {
  const due = await deps.db
    .select({ id: payoutRecurrences.id })
    .from(payoutRecurrences)
    .where(and(eq(payoutRecurrences.status, 'active'), lte(payoutRecurrences.nextDate, lagosToday())))
    .limit(500);
  for (const d of due)
    await sendJob(deps, Q_RECURRING_PAYOUT, { recurrenceId: d.id }, { singletonKey: d.id });
}

/** DELETE /api/payout/recurrence/{id}: stops the series (payouts already made stand). */
export async function cancelRecurrence(db: Db, p: { accountId: string; id: string }) {
  const [r] = await db
    .update(payoutRecurrences)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(payoutRecurrences.id, p.id),
        eq(payoutRecurrences.accountId, p.accountId),
        eq(payoutRecurrences.status, 'active'),
      ),
    )
    .returning();
  if (r) return recurrenceDto(r);
  const [exists] = await db
    .select({ id: payoutRecurrences.id })
    .from(payoutRecurrences)
    .where(and(eq(payoutRecurrences.id, p.id), eq(payoutRecurrences.accountId, p.accountId)));
  if (!exists) throw notFound('Recurring payout');
  throw conflict('This recurring payout is no longer active');
}
