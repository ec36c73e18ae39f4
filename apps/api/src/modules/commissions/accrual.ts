// Accrual and clawback (issue 24 §5 ★). Called by the receivables module inside the transaction
// that applies a collection or starts a refund (the `inflowListener` seam), so a commission moves
// exactly when the money does, and a redelivered webhook (stopped before it reaches us) or a
// retried refund writes nothing twice (entries are unique per collection and per refund row).
//
// - percentage: each collection accrues floor(cash collected × rate); a refund of R out of a
//   deposit P claws back floor(P × rate) − floor((P − R) × rate), so what remains is exactly the
//   commission on the money the company kept.
// - fixed: accrues pro rata to the amount applied to the invoice, min(fixed, floor(fixed × paid /
//   total)) in total; an overage refund returns money that was never applied, so nothing to claw.
// A commission matures when its invoice is approved and fully paid. A movement after it was batched
// (an overpayment's accrual, a refund's clawback) is carried into the agent's next batch.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { CollectedEvent, RefundStartedEvent } from '../inflows';
import { effectiveSetting } from './settings';
import { agentCommissionEntries, agentCommissions } from './tables';

export const pctOf = (amountMinor: number, bp: number) => Math.floor((amountMinor * bp) / 10_000);

async function lockCommission(tx: Tx, invoiceId: string) {
  const [row] = await tx
    .select()
    .from(agentCommissions)
    .where(and(eq(agentCommissions.invoiceId, invoiceId), eq(agentCommissions.kind, 'invoice')))
    .for('update');
  return row ?? null;
}

export async function onCollected(tx: Tx, e: CollectedEvent) {
  const agent = e.invoice.agentId;
  if (!agent || e.invoice.status === 'cancelled') return;
  let c = await lockCommission(tx, e.invoiceId);
  if (!c) {
    const s = await effectiveSetting(tx, e.accountId, agent);
    if (!s.isActive || s.commissionValue <= 0) return;
    await tx
      .insert(agentCommissions)
      .values({
        accountId: e.accountId,
        agentUserId: agent,
        invoiceId: e.invoiceId,
        kind: 'invoice',
        commissionType: s.commissionType,
        commissionValue: s.commissionValue,
      })
      .onConflictDoNothing();
    c = await lockCommission(tx, e.invoiceId);
    if (!c) return;
  }
  let accrual: number;
  if (c.commissionType === 'percentage') accrual = pctOf(e.amountMinor, c.commissionValue);
  else {
    const target = Math.min(
      c.commissionValue,
      Math.floor((c.commissionValue * e.invoice.amountPaidMinor) / Math.max(1, e.invoice.amountMinor)),
    );
    const [{ accrued }] = await tx
      .select({
        accrued: sql<number>`coalesce(sum(${agentCommissionEntries.amountMinor}), 0)`.mapWith(Number),
      })
      .from(agentCommissionEntries)
      .where(and(eq(agentCommissionEntries.commissionId, c.id), eq(agentCommissionEntries.kind, 'accrual')));
    accrual = Math.max(0, target - accrued);
  }
  if (c.batchId) {
    // Already in a batch (an overpayment after the invoice was paid): the batch pays what it was
    // made with, so the accrual is carried into the agent's next batch (as a clawback is).
    if (accrual > 0) await carry(tx, c, { kind: 'accrual', sourceId: e.paymentId, amountMinor: accrual });
    return;
  }
  const [entry] = await tx
    .insert(agentCommissionEntries)
    .values({
      accountId: e.accountId,
      commissionId: c.id,
      kind: 'accrual',
      sourceId: e.paymentId,
      amountMinor: accrual,
    })
    .onConflictDoNothing()
    .returning({ id: agentCommissionEntries.id });
  if (!entry) return;
  const matures =
    c.approvalStatus === 'initialized' &&
    e.invoice.approvalStatus === 'approved' &&
    e.invoice.amountPaidMinor >= e.invoice.amountMinor;
  await tx
    .update(agentCommissions)
    .set({
      amountMinor: sql`${agentCommissions.amountMinor} + ${accrual}`,
      ...(matures ? { approvalStatus: 'matured', maturedAt: new Date() } : {}),
    })
    .where(eq(agentCommissions.id, c.id));
}

export async function onRefundStarted(tx: Tx, e: RefundStartedEvent) {
  const c = await lockCommission(tx, e.invoiceId);
  if (!c || c.commissionType !== 'percentage') return;
  // Only what was accrued on that deposit can be clawed back.
  const [accrued] = await tx
    .select({ id: agentCommissionEntries.id })
    .from(agentCommissionEntries)
    .where(and(eq(agentCommissionEntries.kind, 'accrual'), eq(agentCommissionEntries.sourceId, e.paymentId)));
  if (!accrued) return;
  const claw =
    pctOf(e.paymentAmountMinor, c.commissionValue) -
    pctOf(e.paymentAmountMinor - e.amountMinor, c.commissionValue);
  if (claw <= 0) return;
  if (!c.batchId) {
    const [entry] = await tx
      .insert(agentCommissionEntries)
      .values({
        accountId: e.accountId,
        commissionId: c.id,
        kind: 'clawback',
        sourceId: e.refundId,
        amountMinor: -claw,
      })
      .onConflictDoNothing()
      .returning({ id: agentCommissionEntries.id });
    if (entry)
      await tx
        .update(agentCommissions)
        .set({ amountMinor: sql`${agentCommissions.amountMinor} - ${claw}` })
        .where(eq(agentCommissions.id, c.id));
    return;
  }
  // Already in a batch: the clawback is carried, negative, into the agent's next batch.
  await carry(tx, c, { kind: 'clawback', sourceId: e.refundId, amountMinor: -claw });
}

/**
 * A movement of a commission already in a batch, carried into the agent's next batch as its own
 * matured row (kind `clawback` when negative, `carried` when an accrual), once per source.
 */
async function carry(
  tx: Tx,
  c: typeof agentCommissions.$inferSelect,
  m: { kind: 'accrual' | 'clawback'; sourceId: string; amountMinor: number },
) {
  const [dup] = await tx
    .select({ id: agentCommissionEntries.id })
    .from(agentCommissionEntries)
    .where(and(eq(agentCommissionEntries.kind, m.kind), eq(agentCommissionEntries.sourceId, m.sourceId)));
  if (dup) return;
  const [carried] = await tx
    .insert(agentCommissions)
    .values({
      accountId: c.accountId,
      agentUserId: c.agentUserId,
      invoiceId: c.invoiceId,
      kind: m.kind === 'clawback' ? 'clawback' : 'carried',
      commissionType: c.commissionType,
      commissionValue: c.commissionValue,
      amountMinor: m.amountMinor,
      approvalStatus: 'matured',
      maturedAt: new Date(),
    })
    .returning({ id: agentCommissions.id });
  await tx.insert(agentCommissionEntries).values({
    accountId: c.accountId,
    commissionId: carried.id,
    kind: m.kind,
    sourceId: m.sourceId,
    amountMinor: m.amountMinor,
  });
}
