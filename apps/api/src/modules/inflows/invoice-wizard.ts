// The 3-step invoice wizard (issue 24) with every 002 §5 rule: products, discount, partners and
// agent (step 1), payment terms (step 2), submission for approval (step 3).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  discountMinorOf,
  equalSplit,
  INFLOW_MSG,
  invoiceStep1,
  invoiceStep2,
  invoiceStep3,
  nairaToKobo,
  percentToBp,
  splitAmount,
} from '@owo/contract';
import type { z } from 'zod';
import { lagosToday } from '../../platform/dates';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict } from '../../platform/errors';
import { users, accountMembers } from '../../platform/tenancy-tables';
import { resubmitForApproval, submitForApproval } from '../approvals';
import { invoiceRow, type InvoiceRow } from './invoice-read';
import { parseOr400, type AfterCommit } from './shared';
import { inflowCustomers, inflowPartners, invoiceInstallments, invoices, type InvoiceLine } from './tables';

const AGENT_NOT_FOUND = 'Agent not found';

/** 002 §5 discount rules on the server. Returns the discount in kobo and its stored value. */
export function checkDiscount(
  initialMinor: number,
  discount: unknown,
  type: 'fixed' | 'percentage' | null | undefined,
): { type: 'fixed' | 'percentage' | null; value: number; minor: number } {
  const given =
    (typeof discount === 'number' && Number.isFinite(discount)) ||
    (typeof discount === 'string' && discount.trim() !== '');
  if (!given && !type) return { type: null, value: 0, minor: 0 };
  if (!given) throw badRequest(INFLOW_MSG.discountAmount, { discount: [INFLOW_MSG.discountAmount] });
  if (!type) throw badRequest(INFLOW_MSG.discountType, { discountType: [INFLOW_MSG.discountType] });
  if (type === 'percentage') {
    const bp = percentToBp(INFLOW_MSG.discountPercent).safeParse(discount);
    if (!bp.success || bp.data >= 10_000)
      throw badRequest(INFLOW_MSG.discountPercent, { discount: [INFLOW_MSG.discountPercent] });
    return { type, value: bp.data, minor: discountMinorOf(initialMinor, type, bp.data) };
  }
  const k = nairaToKobo(INFLOW_MSG.discountFixed).safeParse(discount);
  if (!k.success || k.data >= initialMinor)
    throw badRequest(INFLOW_MSG.discountFixed, { discount: [INFLOW_MSG.discountFixed] });
  return { type, value: k.data, minor: k.data };
}

const MAX_INVOICE_MINOR = 100_000_000_000_000;

/** Step 2 rules (002 §5): terms present, names and dates, no past date, sum exactly 100, equal split. */
export function planTerms(
  totalMinor: number,
  s: z.output<typeof invoiceStep2>,
  today = lagosToday(),
): { name: string; bp: number; amountMinor: number; dueDate: string | null }[] {
  const terms =
    s.paymentOption === 'one-time'
      ? [
          {
            name: s.terms?.[0]?.name ?? 'Full payment',
            percentage: 100,
            dueDate: s.terms?.[0]?.dueDate ?? '',
          },
        ]
      : (s.terms ?? []);
  if (s.paymentOption === 'installments' && terms.length < 1)
    throw badRequest(INFLOW_MSG.termsRequired, { terms: [INFLOW_MSG.termsRequired] });
  const errors: Record<string, string[]> = {};
  terms.forEach((t, i) => {
    const d = t.dueDate;
    if (s.paymentOption === 'installments' || d) {
      if (!d || !/^\d{4}-\d{2}-\d{2}/.test(d) || Number.isNaN(Date.parse(d.slice(0, 10))))
        errors[`terms.${i}.dueDate`] = [INFLOW_MSG.termDueDate];
      else if (d.slice(0, 10) < today) errors[`terms.${i}.dueDate`] = [INFLOW_MSG.termPastDate];
    }
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0][0], errors);
  const given = terms.filter(
    (t) => t.percentage !== undefined && t.percentage !== null && t.percentage !== '',
  );
  let bps: number[];
  if (given.length === 0) bps = equalSplit(terms.length).map((p) => p * 100);
  else {
    bps = terms.map((t, i) => {
      const r = percentToBp(INFLOW_MSG.termsTotal).safeParse(t.percentage ?? '');
      if (!r.success)
        throw badRequest(INFLOW_MSG.termsTotal, { [`terms.${i}.percentage`]: [INFLOW_MSG.termsTotal] });
      return r.data;
    });
    const sum = bps.reduce((a, b) => a + b, 0);
    if (sum > 10_000) throw badRequest(INFLOW_MSG.termsOver, { terms: [INFLOW_MSG.termsOver] });
    if (sum !== 10_000 || bps.some((b) => b <= 0))
      throw badRequest(INFLOW_MSG.termsTotal, { terms: [INFLOW_MSG.termsTotal] });
  }
  const amounts = splitAmount(totalMinor, bps);
  return terms.map((t, i) => ({
    name: t.name,
    bp: bps[i],
    amountMinor: amounts[i],
    dueDate: t.dueDate ? t.dueDate.slice(0, 10) : null,
  }));
}

const newInvoiceRef = () => `inv-${randomBytes(6).toString('hex')}`;
const editable = (r: InvoiceRow) => r.status === 'draft' || r.approvalStatus === 'rejected';

type StepP = { accountId: string; userId: string; payload: unknown };
type StepResult = { id: string; message: string; afterCommit: AfterCommit };
type Step1 = z.output<typeof invoiceStep1>;

/** Step 1 amounts: the product lines, their total, the discount and what is left to pay. */
function step1Amounts(s: Step1) {
  const lines: InvoiceLine[] = s.products.map((l) => ({
    name: l.name,
    priceMinor: l.price,
    quantity: l.quantity,
    amountMinor: l.price * l.quantity,
  }));
  const initial = lines.reduce((a, l) => a + l.amountMinor, 0);
  if (!Number.isSafeInteger(initial) || initial > MAX_INVOICE_MINOR)
    throw badRequest('Amount is too large', { products: ['Amount is too large'] });
  if (initial < 100) throw badRequest(INFLOW_MSG.amountMin, { products: [INFLOW_MSG.amountMin] });
  const d = checkDiscount(initial, s.discount, s.discountType);
  const amount = initial - d.minor;
  if (amount < 100) throw badRequest(INFLOW_MSG.amountMin, { discount: [INFLOW_MSG.amountMin] });
  return { lines, initial, d, amount };
}

/** Every named partner is a live partner of this account. */
async function checkPartners(db: AppDeps['db'], accountId: string, partnerIds: string[]) {
  if (!partnerIds.length) return;
  const found = await db
    .select({ id: inflowPartners.id })
    .from(inflowPartners)
    .where(
      and(
        eq(inflowPartners.accountId, accountId),
        inArray(inflowPartners.id, partnerIds),
        isNull(inflowPartners.deletedAt),
      ),
    );
  if (found.length !== partnerIds.length)
    throw badRequest(INFLOW_MSG.partnerUnknown, { partners: [INFLOW_MSG.partnerUnknown] });
}

// The commission's agent (issue 24 §5): the maker when they hold the agent role (an agent
// cannot name another), else the named agentId, which must be an active agent of this account.
async function agentOf(db: AppDeps['db'], p: StepP, s: Step1): Promise<string | null> {
  const agents = await db
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, p.accountId),
        eq(accountMembers.active, true),
        eq(accountMembers.roleSlug, 'agent'),
        inArray(accountMembers.userId, s.agentId ? [p.userId, s.agentId] : [p.userId]),
      ),
    );
  const agentIds = new Set(agents.map((a) => a.userId));
  let agentId: string | null = null;
  if (agentIds.has(p.userId)) agentId = p.userId;
  else if (s.agentId) {
    if (!agentIds.has(s.agentId)) throw badRequest(AGENT_NOT_FOUND, { agentId: [AGENT_NOT_FOUND] });
    agentId = s.agentId;
  }
  return agentId;
}

/** Step 1 on an invoice being edited: a changed total voids the planned terms. */
function updateStep1(
  deps: AppDeps,
  p: StepP,
  invoiceId: string,
  amount: number,
  values: Partial<typeof invoices.$inferInsert>,
): Promise<StepResult> {
  return deps.db.transaction(async (tx) => {
    const r = await invoiceRow(tx, p.accountId, invoiceId, true);
    if (!editable(r)) throw conflict(INFLOW_MSG.invoiceNotEditable);
    // A changed total voids the planned terms: the user plans them again at step 2.
    const changed = r.amountMinor !== amount;
    await tx
      .update(invoices)
      .set({ ...values, ...(changed ? { paymentOption: null } : {}) })
      .where(eq(invoices.id, r.id));
    if (changed) await tx.delete(invoiceInstallments).where(eq(invoiceInstallments.invoiceId, r.id));
    return { id: r.id, message: INFLOW_MSG.invoiceSaved, afterCommit: [] };
  });
}

/** Step 1: customer, products, discount, partners and agent; creates the draft or edits it. */
async function step1(deps: AppDeps, p: StepP): Promise<StepResult> {
  const { db } = deps;
  const s = parseOr400(invoiceStep1, p.payload);
  const [cust] = await db
    .select()
    .from(inflowCustomers)
    .where(and(eq(inflowCustomers.id, s.customerId), eq(inflowCustomers.accountId, p.accountId)));
  if (!cust) throw badRequest(INFLOW_MSG.customerNotFound, { customerId: [INFLOW_MSG.customerNotFound] });
  const { lines, initial, d, amount } = step1Amounts(s);
  const partnerIds = [...new Set(s.partners)];
  await checkPartners(db, p.accountId, partnerIds);
  const [maker] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, p.userId));
  const agentId = await agentOf(db, p, s);
  const values = {
    customerId: cust.id,
    customerName: cust.name,
    customerEmail: cust.email,
    agentId,
    products: lines,
    initialAmountMinor: initial,
    discountType: d.type,
    discountValue: d.value,
    discountMinor: d.minor,
    amountMinor: amount,
    settlementStrategy: s.settlementStrategy,
    partnerIds,
    updatedAt: new Date(),
  };
  if (s.invoiceId) return updateStep1(deps, p, s.invoiceId, amount, values);
  const [row] = await db
    .insert(invoices)
    .values({
      ...values,
      accountId: p.accountId,
      reference: newInvoiceRef(),
      makerUserId: p.userId,
      makerName: maker ? `${maker.first} ${maker.last}`.trim() : '',
    })
    .returning({ id: invoices.id });
  return { id: row.id, message: INFLOW_MSG.invoiceSaved, afterCommit: [] };
}

/** Step 2: the payment terms, planned again from scratch. */
async function step2(deps: AppDeps, p: StepP): Promise<StepResult> {
  const s = parseOr400(invoiceStep2, p.payload);
  return deps.db.transaction(async (tx) => {
    const r = await invoiceRow(tx, p.accountId, s.invoiceId, true);
    if (!editable(r)) throw conflict(INFLOW_MSG.invoiceNotEditable);
    const plan = planTerms(r.amountMinor, s);
    await tx.delete(invoiceInstallments).where(eq(invoiceInstallments.invoiceId, r.id));
    await tx.insert(invoiceInstallments).values(
      plan.map((t, i) => ({
        accountId: r.accountId,
        invoiceId: r.id,
        seq: i,
        name: t.name,
        percentageBp: t.bp,
        amountMinor: t.amountMinor,
        dueDate: t.dueDate,
      })),
    );
    await tx
      .update(invoices)
      .set({ paymentOption: s.paymentOption, updatedAt: new Date() })
      .where(eq(invoices.id, r.id));
    return { id: r.id, message: INFLOW_MSG.invoiceSaved, afterCommit: [] };
  });
}

/** Step 3: submits the planned invoice for approval (again, when it was rejected). */
async function step3(deps: AppDeps, p: StepP): Promise<StepResult> {
  const s = parseOr400(invoiceStep3, p.payload);
  const after: AfterCommit = [];
  const id = await deps.db.transaction(async (tx) => {
    const r = await invoiceRow(tx, p.accountId, s.invoiceId, true);
    if (!editable(r)) throw conflict(INFLOW_MSG.invoiceNotEditable);
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceInstallments)
      .where(eq(invoiceInstallments.invoiceId, r.id));
    if (!r.paymentOption || !n.n)
      throw badRequest(INFLOW_MSG.termsMissing, { terms: [INFLOW_MSG.termsMissing] });
    const wasRejected = r.approvalStatus === 'rejected';
    await tx
      .update(invoices)
      .set({ status: 'pending', approvalStatus: 'pending', updatedAt: new Date() })
      .where(eq(invoices.id, r.id));
    const args = {
      accountId: r.accountId,
      type: 'invoice' as const,
      resourceId: r.id,
      afterCommit: (fn: () => Promise<void> | void) => after.push(fn),
    };
    if (wasRejected)
      await resubmitForApproval(tx, deps, { ...args, userId: p.userId, comments: 'Invoice edited' });
    else await submitForApproval(tx, deps, args);
    return r.id;
  });
  return { id, message: INFLOW_MSG.invoiceSubmitted, afterCommit: after };
}

export async function invoiceStep(
  deps: AppDeps,
  p: { accountId: string; userId: string; step: 1 | 2 | 3; payload: unknown },
): Promise<StepResult> {
  if (p.step === 1) return step1(deps, p);
  if (p.step === 2) return step2(deps, p);
  return step3(deps, p);
}
