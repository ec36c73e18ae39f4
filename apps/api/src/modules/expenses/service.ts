// Expenses (issue 21 §2): 001 §5 rules server-side, approval through the engine, payment through the
// money core (startTransfer + dispatch) after the final approval, exactly once per attempt.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  can,
  CATEGORY_MSG,
  EXPENSE_LIST_MSG,
  EXPENSE_MSG,
  expenseWhereSchema,
  formatMoney,
  fromMinor,
  toMinor,
  type Expense,
  type ExpenseDetail,
  type ExpenseInput,
  type ExpenseListQuery,
  type ExpenseWhere,
  type ExpenseStatus,
} from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { preparedPage, type RowOf } from '../../platform/list';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { accountMembers, files, memberSpendLimits, roles, transactions, users } from '../../platform/schema';
import { enqueueRun, registerScheduleJobs, type ScheduleRun } from './schedule';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { dispatchSoon } from '../funding';
import { sendMail } from '../mail';
import {
  checkPayoutLimit,
  computeFee,
  editedAfterApproval,
  endOfDayExclusive,
  getWallet,
  getWalletByCurrency,
  lagosDateTime,
  isOutflowRefusal,
  manifestChange,
  outflowManifest,
  payOut,
  startOfDay,
  type OutflowDraft,
  type OutflowResult,
} from '../money';
import { productsAndServices } from '../products/tables';
import {
  approvalOf,
  getApPolicy,
  registerApprovable,
  resubmitForApproval,
  submitForApproval,
  type HandlerContext,
} from '../approvals';
import { budgetCheck } from '../categories';
import { projectNames, requireActiveProject } from '../projects';
import { expenseBeneficiaries, expenses, type ExpenseLine } from './tables';

export type Row = typeof expenses.$inferSelect;
type AfterCommit = (fn: () => Promise<void> | void) => void;

const newReference = () => `exp_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
const transferReference = (e: Pick<Row, 'reference' | 'paymentAttempt'>) =>
  `${e.reference}-${e.paymentAttempt}`;

/** The effective status: while paying, the payout transaction decides completed or failed. */
const effectiveStatusSql = sql<ExpenseStatus>`case
  when ${expenses.status} = 'paying' and ${transactions.status} = 'success' then 'completed'
  when ${expenses.status} = 'paying' and ${transactions.status} in ('failed', 'reversed') then 'failed'
  else ${expenses.status} end`;

// ---- the approvable handler (the seam) ----

export async function lockExpense(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [e] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)))
    .for('update');
  if (!e) throw notFound('Expense');
  return e;
}

/**
 * The draft of what an expense pays (money/outflow.ts): its amount, wallet and the bank account
 * typed on it. An occurrence of a schedule carries the scheduled expense's date, so it matches the
 * manifest the schedule's approval digested.
 */
async function expenseDraft(db: DbOrTx, e: Row): Promise<OutflowDraft> {
  let date = e.scheduledDate;
  if (e.parentExpenseId) {
    const [parent] = await db
      .select({ scheduledDate: expenses.scheduledDate })
      .from(expenses)
      .where(and(eq(expenses.id, e.parentExpenseId), eq(expenses.accountId, e.accountId)));
    date = parent?.scheduledDate ?? date;
  }
  return {
    amountMinor: e.amountMinor,
    currency: e.currency,
    walletId: e.walletId,
    bankCode: e.bankCode,
    bankName: e.bankName,
    accountNumber: e.bankAccountNumber,
    accountName: e.bankAccountName,
    payee: e.beneficiaryId,
    date,
  };
}

/**
 * Pays this attempt through the one way money leaves (`payOut`): exactly the manifest the expense's
 * approval (a schedule's occurrence: the scheduled expense's) digested, with one transfer reference
 * per expense and attempt, so no retry or race can pay twice (transactions.reference is unique).
 * The wallet or a limit refusing marks the expense failed (the approval stands). An approval that
 * does not cover this manifest (edited since) marks it failed too, or, with `refusal: 'throw'` (a
 * retry asked for by a user), answers 409 with nothing changed.
 */
export async function startPayment(
  tx: Tx,
  deps: AppDeps,
  e: Row,
  afterCommit: AfterCommit,
  opts: { refusal?: 'fail' | 'throw' } = {},
): Promise<void> {
  if (e.purpose.service) {
    const policy = await getApPolicy(tx, e.accountId);
    const b = await budgetCheck(tx, {
      accountId: e.accountId,
      categoryId: e.purpose.service,
      amountMinor: e.amountMinor,
      stage: 'pay',
      excludeExpenseId: e.id,
    });
    if (b.exceeds && policy.overBudget === 'block') {
      await tx
        .update(expenses)
        .set({
          status: 'failed',
          failureReason: CATEGORY_MSG.overBudget(b.category.name),
          updatedAt: sql`now()`,
        })
        .where(eq(expenses.id, e.id));
      return;
    }
  }
  let outcome: OutflowResult | { ok: false; reason: string; manifest?: undefined };
  try {
    outcome = await payOut(tx, deps, {
      accountId: e.accountId,
      authority: { approval: 'expense', resourceId: e.parentExpenseId ?? e.id },
      draft: await expenseDraft(tx, e),
      narration: e.purpose.description ?? `Expense ${e.reference}`,
      reference: transferReference(e),
      initiatedBy: e.makerUserId,
      sourceType: 'expense',
      sourceId: e.id,
    });
  } catch (err) {
    if (!isOutflowRefusal(err) || opts.refusal === 'throw') throw err;
    outcome = { ok: false, reason: err.message };
  }
  if (!outcome.ok) {
    await tx
      .update(expenses)
      .set({
        status: 'failed',
        ...(outcome.manifest ? { feeMinor: outcome.manifest.feeMinor } : {}),
        failureReason: outcome.reason,
        updatedAt: sql`now()`,
      })
      .where(eq(expenses.id, e.id));
    return;
  }
  const t = outcome.transaction;
  await tx
    .update(expenses)
    .set({
      status: 'paying',
      transactionId: t.id,
      feeMinor: outcome.manifest.feeMinor,
      failureReason: null,
      updatedAt: sql`now()`,
    })
    .where(eq(expenses.id, e.id));
  await tx
    .insert(expenseBeneficiaries)
    .values({
      accountId: e.accountId,
      accountName: e.bankAccountName,
      bankName: e.bankName,
      accountNumber: e.bankAccountNumber,
      bankCode: e.bankCode,
      email: e.beneficiaryEmail,
    })
    .onConflictDoUpdate({
      target: [
        expenseBeneficiaries.accountId,
        expenseBeneficiaries.bankCode,
        expenseBeneficiaries.accountNumber,
      ],
      set: {
        accountName: e.bankAccountName,
        lastUsedAt: sql`now()`,
        email: sql`coalesce(excluded.email, ${expenseBeneficiaries.email})`,
      },
    });
  if (e.notifyBeneficiary && e.beneficiaryEmail)
    await sendMail(
      deps,
      {
        to: e.beneficiaryEmail,
        subject: 'A payment is on its way to you',
        text: `Hello ${e.bankAccountName},\n\nA payment of ${formatMoney(e.amountMinor, e.currency)} (reference ${e.reference}) has been sent to your account ${e.bankAccountNumber} at ${e.bankName}. Bank transfers usually arrive within minutes; some take up to 24 to 48 hours.\n\nOwo`,
      },
      tx,
    );
  afterCommit(() => dispatchSoon(deps, t.reference));
}

export function registerExpenseApprovals(deps: AppDeps) {
  registerScheduleJobs(deps, async (d, data) => {
    await runScheduledExpense(d, data);
  });
  registerApprovable(deps, {
    type: 'expense',
    path: (id) => `/expense/${id}`,
    // What the final approval digests and money/outflow.ts pays.
    manifest: async (db, accountId, id) => {
      const [e] = await db
        .select()
        .from(expenses)
        .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
      return e ? outflowManifest(db, accountId, await expenseDraft(db, e)) : null;
    },
    load: async (db, accountId, id) => {
      const [e] = await db
        .select()
        .from(expenses)
        .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
      if (!e) return null;
      return {
        amountMinor: e.amountMinor,
        currency: e.currency,
        payee: `${e.bankAccountName} (${e.bankName} ${e.bankAccountNumber})`,
        description: e.purpose.description,
        categoryId: e.purpose.service,
        subsidiaryId: e.subsidiaryId,
        makerUserId: e.makerUserId,
        reference: e.reference,
        approverId: e.approverId,
      };
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const e = await lockExpense(tx, item.accountId, item.resourceId);
      if (e.status === 'paying' || e.status === 'completed' || e.status === 'retired') return;
      if (e.scheduledDate && e.transactionId === null && e.occurrence === 1) {
        // Scheduled: approved now, paid by the schedule's job on its date.
        await tx
          .update(expenses)
          .set({ status: 'scheduled', nextRunOn: e.scheduledDate, updatedAt: sql`now()` })
          .where(eq(expenses.id, e.id));
        afterCommit(() => enqueueRun(d, e.id, e.scheduledDate!));
        return;
      }
      await tx
        .update(expenses)
        .set({ status: 'approved', paymentAttempt: e.paymentAttempt + 1, updatedAt: sql`now()` })
        .where(eq(expenses.id, e.id));
      await startPayment(tx, d, { ...e, paymentAttempt: e.paymentAttempt + 1 }, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      await tx
        .update(expenses)
        .set({ status: 'rejected', updatedAt: sql`now()` })
        .where(and(eq(expenses.id, item.resourceId), eq(expenses.accountId, item.accountId)));
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(expenses)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(expenses.id, item.resourceId), eq(expenses.accountId, item.accountId)));
    },
  });
}

// ---- validation (001 §5) ----

async function memberLimit(db: DbOrTx, accountId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ limitMinor: memberSpendLimits.limitMinor })
    .from(memberSpendLimits)
    .innerJoin(accountMembers, eq(accountMembers.id, memberSpendLimits.memberId))
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
  return row ? Number(row.limitMinor) : null;
}

/** An approver: an active member who may approve (approvalWorkflows post) within their own limit. */
async function validApprover(db: DbOrTx, accountId: string, userId: string, amountMinor: number) {
  const [m] = await db
    .select({ roleSlug: accountMembers.roleSlug })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.userId, userId),
        eq(accountMembers.active, true),
      ),
    );
  if (!m) return false;
  if (!['owner', 'admin'].includes(m.roleSlug)) {
    const [role] = await db
      .select({ resources: roles.resources })
      .from(roles)
      .where(
        and(eq(roles.slug, m.roleSlug), or(eq(roles.accountId, accountId), sql`${roles.accountId} is null`)),
      );
    if (!can(role?.resources, 'approvalWorkflows', 'post')) return false;
  }
  const limit = await memberLimit(db, accountId, userId);
  return limit === null || amountMinor <= limit;
}

type Prepared = {
  budgetWarning: string | null;
  values: Omit<
    typeof expenses.$inferInsert,
    'id' | 'accountId' | 'reference' | 'makerUserId' | 'status' | 'createdAt' | 'updatedAt'
  >;
};

async function prepare(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: ExpenseInput; isNew: boolean; expenseId?: string },
): Promise<Prepared> {
  const { body, tenant } = p;
  const db = deps.db;
  const accountId = tenant.accountId;
  if (body.amount < 100) throw fieldError('amount', EXPENSE_MSG.amountMin);
  const description = body.purpose.description?.trim() || null;
  if (p.isNew && !description) throw fieldError('purpose.description', EXPENSE_MSG.descriptionRequired);
  if (body.notifyBeneficiary && !body.beneficiaryEmail)
    throw fieldError('beneficiaryEmail', EXPENSE_MSG.beneficiaryEmailRequired);
  const schedule = checkSchedule(body);
  if (body.projectId) await requireActiveProject(db, accountId, body.projectId);

  if (body.currency === 'NGN' && !(await getWalletByCurrency(db, accountId, 'NGN')))
    throw fieldError('walletId', EXPENSE_MSG.ngnWalletNotFound);
  const wallet = await getWallet(db, accountId, body.walletId);
  if (!wallet) throw fieldError('walletId', EXPENSE_MSG.selectWallet);
  if (wallet.currency !== body.currency)
    throw fieldError('currency', `The selected wallet holds ${wallet.currency}, not ${body.currency}`);
  if (wallet.currency !== 'NGN') throw fieldError('walletId', 'Expenses are paid from the NGN wallet');

  const policy = await getApPolicy(db, accountId);
  // The one payout-limit rule of the money core (KYB tier cap, foreign-currency maximum).
  await checkPayoutLimit(deps, db, { accountId, amountMinor: body.amount, currency: body.currency });

  // The category's monthly budget, by the AP policy's overBudget (block or warn).
  let budgetWarning: string | null = null;
  let serviceName = body.purpose.serviceName?.trim() || null;
  if (body.purpose.service) {
    const b = await budgetCheck(db, {
      accountId,
      categoryId: body.purpose.service,
      amountMinor: body.amount,
      stage: 'submit',
      excludeExpenseId: p.expenseId,
    });
    serviceName = b.category.name;
    if (b.exceeds && policy.overBudget === 'block')
      throw fieldError('amount', CATEGORY_MSG.overBudget(b.category.name));
    if (b.exceeds) budgetWarning = CATEGORY_MSG.overBudget(b.category.name);
  }

  const fee = await computeFee(db, {
    accountId,
    method: 'bank-transfer',
    amount: body.amount,
    currency: wallet.currency,
  });
  // A scheduled payment is checked against the balance on its date (a shortfall then fails it).
  if (!schedule.scheduledDate && wallet.balance < body.amount + fee)
    throw fieldError('amount', EXPENSE_MSG.insufficientFunds);

  // Product lines: chosen from the account's products; total = price x quantity.
  const lines: ExpenseLine[] = [];
  if (body.productsAndServices.length) {
    const ids = [...new Set(body.productsAndServices.map((l) => l.id))];
    const found = await db
      .select({ id: productsAndServices.id, name: productsAndServices.name })
      .from(productsAndServices)
      .where(and(eq(productsAndServices.accountId, accountId), inArray(productsAndServices.id, ids)));
    const names = new Map(found.map((f) => [f.id, f.name]));
    body.productsAndServices.forEach((l, i) => {
      const name = names.get(l.id);
      if (!name) throw fieldError(`productsAndServices.${i}.id`, EXPENSE_MSG.productNotFound);
      const s = typeof l.amount === 'number' ? String(l.amount) : l.amount.trim();
      if (!/^\d{1,13}(\.\d{1,2})?$/.test(s))
        throw fieldError(`productsAndServices.${i}.amount`, 'Amount must be at least 0');
      const amountMinor = toMinor(s);
      const totalMinor = amountMinor * l.quantity;
      if (!Number.isSafeInteger(totalMinor))
        throw fieldError(`productsAndServices.${i}.quantity`, 'Total is too large');
      lines.push({
        id: l.id,
        name,
        amountMinor,
        quantity: l.quantity,
        totalMinor,
        attachment: l.attachment ?? null,
      });
    });
  }

  const attachmentNames = [
    ...body.attachments.map((a) => a.fileName),
    ...lines.flatMap((l) => (l.attachment ? [l.attachment] : [])),
  ];
  if (attachmentNames.length) {
    const rows = await db
      .select({ fileName: files.fileName })
      .from(files)
      .where(and(eq(files.accountId, accountId), inArray(files.fileName, attachmentNames)));
    const have = new Set(rows.map((r) => r.fileName));
    const missing = attachmentNames.find((n) => !have.has(n));
    if (missing) throw fieldError('attachments', EXPENSE_MSG.fileUnknown);
  }
  if (
    policy.receiptsRequiredAboveMinor !== null &&
    body.amount > policy.receiptsRequiredAboveMinor &&
    !body.attachments.length
  )
    throw fieldError(
      'attachments',
      EXPENSE_MSG.receiptRequired(formatMoney(policy.receiptsRequiredAboveMinor)),
    );

  // An approver is required above the maker's own limit, or when the maker has none (001 §5).
  const limit = await memberLimit(db, accountId, p.userId);
  const needsApprover = limit === null || body.amount > limit;
  if (needsApprover && !body.approverId) throw fieldError('approverId', EXPENSE_MSG.approverRequired);
  if (body.approverId && !(await validApprover(db, accountId, body.approverId, body.amount)))
    throw fieldError('approverId', EXPENSE_MSG.approverInvalid);

  const resolved = await resolveAccountName(deps, {
    accountNumber: body.bankAccountNumber,
    bankCode: body.bankCode,
  });
  if (!resolved.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!resolved.accountName) throw fieldError('bankAccountNumber', ACCOUNT_NOT_VERIFIED);

  return {
    budgetWarning,
    values: {
      subsidiaryId: tenant.subsidiaryId,
      walletId: wallet.id,
      currency: wallet.currency,
      amountMinor: body.amount,
      bankCode: resolved.bank.code,
      bankName: resolved.bank.name,
      bankAccountNumber: body.bankAccountNumber,
      bankAccountName: resolved.accountName,
      purpose: {
        service: body.purpose.service ?? null,
        serviceName,
        description,
      },
      attachments: body.attachments.map((a) => ({ uploader: a.uploader ?? '', fileName: a.fileName })),
      products: lines,
      approverId: body.approverId ?? null,
      projectId: body.projectId ?? null,
      beneficiaryEmail: body.beneficiaryEmail ?? null,
      notifyBeneficiary: !!body.notifyBeneficiary && !!body.beneficiaryEmail,
      beneficiaryId: body.beneficiaryId ?? null,
      ...schedule,
    },
  };
}

/** Today in Lagos (UTC+1 all year), YYYY-MM-DD. */
export const lagosToday = (now = new Date()) =>
  new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);

/** The schedule fields of a body (issue 21 §2 scheduled and recurring expenses). */
function checkSchedule(body: ExpenseInput) {
  if (!body.scheduledDate) {
    if (body.recurrence && body.recurrence !== 'once')
      throw fieldError('scheduledDate', EXPENSE_MSG.recurrenceNeedsDate);
    return { scheduledDate: null, recurrence: null, recurrenceEndDate: null };
  }
  if (body.scheduledDate <= lagosToday()) throw fieldError('scheduledDate', EXPENSE_MSG.scheduleInPast);
  const recurrence = body.recurrence ?? 'once';
  const end = recurrence === 'once' ? null : (body.recurrenceEndDate ?? null);
  if (end && end < body.scheduledDate)
    throw fieldError('recurrenceEndDate', EXPENSE_MSG.recurrenceEndBeforeStart);
  return { scheduledDate: body.scheduledDate, recurrence, recurrenceEndDate: end };
}

// ---- commands ----

export async function createExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: ExpenseInput },
): Promise<{ id: string; budgetWarning: string | null; afterCommit: (() => Promise<void> | void)[] }> {
  const { values, budgetWarning } = await prepare(deps, { ...p, isNew: true });
  const after: (() => Promise<void> | void)[] = [];
  const id = await deps.db.transaction(async (tx) => {
    const [e] = await tx
      .insert(expenses)
      .values({ ...values, accountId: p.tenant.accountId, reference: newReference(), makerUserId: p.userId })
      .returning({ id: expenses.id });
    await submitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
      approverId: values.approverId,
      afterCommit: (fn) => after.push(fn),
    });
    return e.id;
  });
  return { id, budgetWarning, afterCommit: after };
}

async function effectiveStatus(db: DbOrTx, accountId: string, id: string): Promise<ExpenseStatus> {
  const [r] = await db
    .select({ status: effectiveStatusSql })
    .from(expenses)
    .leftJoin(transactions, eq(transactions.id, expenses.transactionId))
    .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
  if (!r) throw notFound('Expense');
  return r.status;
}

/**
 * PUT /expense/{id}: only a rejected (then resolve) or failed expense, by its maker. A failed
 * expense whose payment fields (amount, wallet, bank account, beneficiary, date) change goes back to
 * approval at once, the trail showing the change against what was approved: a retry can only pay
 * what was approved (money/outflow.ts). Other edits leave it failed, to retry as approved.
 */
export async function updateExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; body: ExpenseInput },
): Promise<(() => Promise<void> | void)[]> {
  const current = await effectiveStatus(deps.db, p.tenant.accountId, p.id);
  if (current !== 'rejected' && current !== 'failed') throw conflict(EXPENSE_MSG.notEditable);
  const { values } = await prepare(deps, { ...p, isNew: false, expenseId: p.id });
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    if (e.makerUserId !== p.userId) throw forbidden('Only the maker can edit this expense');
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    if (status !== 'rejected' && status !== 'failed') throw conflict(EXPENSE_MSG.notEditable);
    await tx
      .update(expenses)
      .set({
        ...values,
        subsidiaryId: e.subsidiaryId,
        status,
        transactionId: status === 'failed' ? null : e.transactionId,
        updatedAt: sql`now()`,
      })
      .where(eq(expenses.id, e.id));
    if (status !== 'failed') return;
    const change = await manifestChange(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
    });
    if (!change) return;
    await tx
      .update(expenses)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
    await resubmitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
      userId: p.userId,
      comments: editedAfterApproval(change),
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}

/** PUT /expense/{id}/re-approve: an edited failed expense goes through approval again. */
export async function reapproveExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; comments?: string },
): Promise<(() => Promise<void> | void)[]> {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    // Its edit already sent it back (the payment fields changed): nothing more to do.
    const item = await approvalOf(tx, {
      accountId: e.accountId,
      type: 'expense',
      resourceId: e.id,
      viewerId: p.userId,
    });
    if (status === 'pending' && item?.status === 'pending') return;
    if (status !== 'failed') throw conflict('Only a failed expense can be sent for re-approval');
    await tx
      .update(expenses)
      .set({ status: 'pending', transactionId: null, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
    await resubmitForApproval(tx, deps, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: e.id,
      userId: p.userId,
      comments: p.comments ?? 'Edited and sent for re-approval',
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}

/** Retry a failed payment as approved (same details): a new attempt with its own transfer reference. */
export async function retryExpense(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string },
): Promise<(() => Promise<void> | void)[]> {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    if (status !== 'failed' || !(await wasApproved(tx, e))) throw conflict(EXPENSE_MSG.notFailed);
    const next = { ...e, paymentAttempt: e.paymentAttempt + 1 };
    await tx
      .update(expenses)
      .set({ status: 'approved', paymentAttempt: next.paymentAttempt, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
    await startPayment(tx, deps, next, (fn) => after.push(fn), { refusal: 'throw' });
  });
  return after;
}

async function wasApproved(db: DbOrTx, e: Row): Promise<boolean> {
  const a = await approvalOf(db, {
    accountId: e.accountId,
    type: 'expense',
    // An occurrence of a schedule is covered by the approval of the scheduled expense.
    resourceId: e.parentExpenseId ?? e.id,
    viewerId: e.makerUserId,
  });
  return a?.status === 'approved';
}

export async function addAttachments(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; attachments: { uploader?: string; fileName: string }[] },
) {
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const names = p.attachments.map((a) => a.fileName);
    const rows = await tx
      .select({ fileName: files.fileName })
      .from(files)
      .where(and(eq(files.accountId, p.tenant.accountId), inArray(files.fileName, names)));
    if (rows.length !== new Set(names).size) throw fieldError('attachments', EXPENSE_MSG.fileUnknown);
    const merged = [...e.attachments];
    for (const a of p.attachments)
      if (!merged.some((m) => m.fileName === a.fileName))
        merged.push({ uploader: a.uploader ?? '', fileName: a.fileName });
    if (merged.length > 20) throw fieldError('attachments', 'At most 20 attachments');
    await tx
      .update(expenses)
      .set({ attachments: merged, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
  });
}

/** Retiring records receipts against a paid expense (cash advances, issue 21 §2). */
export async function retireExpense(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  await deps.db.transaction(async (tx) => {
    const e = await lockExpense(tx, p.tenant.accountId, p.id);
    const status = await effectiveStatus(tx, p.tenant.accountId, p.id);
    if (status !== 'completed') throw conflict(EXPENSE_MSG.notRetirable);
    if (!e.attachments.length) throw fieldError('attachments', EXPENSE_MSG.retireNeedsReceipt);
    await tx
      .update(expenses)
      .set({ status: 'retired', retiredAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(expenses.id, e.id));
  });
}

// ---- reading ----

const selection = {
  e: expenses,
  status: effectiveStatusSql,
  txFailure: transactions.failureReason,
  makerFirst: users.firstName,
  makerLast: users.lastName,
};
type Selected = {
  e: Row;
  status: ExpenseStatus;
  txFailure: string | null;
  makerFirst: string;
  makerLast: string;
};

function toDto(r: Selected): Expense {
  const e = r.e;
  return {
    id: e.id,
    reference: e.reference,
    status: r.status,
    amount: fromMinor(e.amountMinor),
    amountMinor: e.amountMinor,
    fee: e.feeMinor === null ? null : fromMinor(e.feeMinor),
    feeMinor: e.feeMinor,
    currency: e.currency,
    walletId: e.walletId,
    bankCode: e.bankCode,
    bankName: e.bankName,
    bankAccountNumber: e.bankAccountNumber,
    bankAccountName: e.bankAccountName,
    purpose: e.purpose,
    attachments: e.attachments,
    productsAndServices: e.products.map((l) => ({
      id: l.id,
      name: l.name,
      amount: fromMinor(l.amountMinor),
      amountMinor: l.amountMinor,
      quantity: l.quantity,
      total: fromMinor(l.totalMinor),
      totalMinor: l.totalMinor,
      attachment: l.attachment,
    })),
    approverId: e.approverId,
    projectId: e.projectId,
    beneficiaryEmail: e.beneficiaryEmail,
    maker: { id: e.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
    transactionId: e.transactionId,
    failureReason: r.status === 'failed' ? (e.failureReason ?? r.txFailure ?? null) : null,
    scheduledDate: e.scheduledDate,
    recurrence: e.recurrence,
    recurrenceEndDate: e.recurrenceEndDate,
    nextRunOn: e.nextRunOn,
    parentExpenseId: e.parentExpenseId,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

function baseSelect(db: DbOrTx) {
  return db
    .select(selection)
    .from(expenses)
    .innerJoin(users, eq(users.id, expenses.makerUserId))
    .leftJoin(transactions, eq(transactions.id, expenses.transactionId));
}

/** Owner and admin see every expense; others see those of the active subsidiary (000 §4.10), or all. */
function subsidiaryScope(tenant: TenantContext): SQL | undefined {
  return tenant.subsidiaryId ? eq(expenses.subsidiaryId, tenant.subsidiaryId) : undefined;
}

export async function getExpense(
  db: Db,
  p: { tenant: TenantContext; id: string; viewerId: string },
): Promise<ExpenseDetail> {
  const [r] = await baseSelect(db).where(
    and(eq(expenses.id, p.id), eq(expenses.accountId, p.tenant.accountId), subsidiaryScope(p.tenant)),
  );
  if (!r) throw notFound('Expense');
  const dto = toDto(r as Selected);
  return {
    ...dto,
    expenseData: {
      manifest: {
        bankCode: dto.bankCode,
        bankAccountNumber: dto.bankAccountNumber,
        walletId: dto.walletId,
        amount: dto.amount,
        paymentTag: dto.purpose.serviceName,
        narration: dto.purpose.description,
        attachments: dto.attachments,
        purpose: dto.purpose,
        productsAndServices: dto.productsAndServices,
      },
      project: dto.projectId
        ? {
            id: dto.projectId,
            name: (await projectNames(db, p.tenant.accountId, [dto.projectId])).get(dto.projectId) ?? '',
          }
        : null,
    },
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'expense',
      resourceId: p.id,
      viewerId: p.viewerId,
    }),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- the list (the list kit: platform/list.ts + platform/csv.ts) ----

const P = (name: string) => sql.placeholder(name);
/** The effective status without a join: the payout transaction's outcome read by a subquery. */
const listStatusSql = sql<ExpenseStatus>`(case when ${expenses.status} = 'paying' then coalesce((select case
  when t.status = 'success' then 'completed' when t.status in ('failed', 'reversed') then 'failed' end
  from transactions t where t.id = ${expenses.transactionId}), 'paying') else ${expenses.status} end)`;

/**
 * GET /api/expense's query, prepared once: every filter a parameter (null = not filtered); newest
 * first over expenses_account_created_idx. The page and the CSV export share it, so the export holds
 * exactly the rows the filtered list shows.
 */
const EXPENSE_LIST = {
  columns: {
    id: expenses.id,
    reference: expenses.reference,
    status: listStatusSql,
    amountMinor: expenses.amountMinor,
    feeMinor: expenses.feeMinor,
    currency: expenses.currency,
    walletId: expenses.walletId,
    bankCode: expenses.bankCode,
    bankName: expenses.bankName,
    bankAccountNumber: expenses.bankAccountNumber,
    bankAccountName: expenses.bankAccountName,
    purpose: expenses.purpose,
    attachments: expenses.attachments,
    products: expenses.products,
    approverId: expenses.approverId,
    projectId: expenses.projectId,
    beneficiaryEmail: expenses.beneficiaryEmail,
    makerUserId: expenses.makerUserId,
    makerName: sql<string>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${expenses.makerUserId})`,
    transactionId: expenses.transactionId,
    failureReason: sql<
      string | null
    >`coalesce(${expenses.failureReason}, (select t.failure_reason from transactions t where t.id = ${expenses.transactionId}))`,
    scheduledDate: expenses.scheduledDate,
    recurrence: expenses.recurrence,
    recurrenceEndDate: expenses.recurrenceEndDate,
    nextRunOn: expenses.nextRunOn,
    parentExpenseId: expenses.parentExpenseId,
    createdAt: expenses.createdAt,
    updatedAt: expenses.updatedAt,
  },
  where: and(
    eq(expenses.accountId, P('accountId')),
    sql`(${P('subsidiaryId')}::uuid is null or ${expenses.subsidiaryId} = ${P('subsidiaryId')}::uuid)`,
    sql`(${P('makerId')}::uuid is null or ${expenses.makerUserId} = ${P('makerId')}::uuid)`,
    sql`(${P('statuses')}::text[] is null or ${listStatusSql} = any(${P('statuses')}::text[]))`,
    sql`(${P('currencies')}::text[] is null or ${expenses.currency} = any(${P('currencies')}::text[]))`,
    sql`(${P('walletIds')}::uuid[] is null or ${expenses.walletId} = any(${P('walletIds')}::uuid[]))`,
    sql`(${P('since')}::timestamptz is null or ${expenses.createdAt} >= ${P('since')}::timestamptz)`,
    sql`(${P('before')}::timestamptz is null or ${expenses.createdAt} < ${P('before')}::timestamptz)`,
    sql`(${P('like')}::text is null or ${or(
      sql`${expenses.reference} ilike ${P('like')}`,
      sql`${expenses.bankAccountName} ilike ${P('like')}`,
      sql`${expenses.bankAccountNumber} ilike ${P('like')}`,
      sql`${expenses.purpose}->>'description' ilike ${P('like')}`,
    )})`,
  )!,
  orderBy: [desc(expenses.createdAt), desc(expenses.id)],
};
const expensePage = preparedPage('expenses', expenses, EXPENSE_LIST);
const expenseCsvRows = preparedCsv('expenses', expenses, EXPENSE_LIST);
type ListRow = RowOf<typeof EXPENSE_LIST.columns>;

function listRowDto(r: ListRow): Expense {
  return toDto({
    e: { ...r, purpose: r.purpose, failureReason: r.failureReason } as unknown as Row,
    status: r.status,
    txFailure: null,
    makerFirst: r.makerName,
    makerLast: '',
  });
}

const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
const many = <T>(v: T | T[] | undefined): T[] | null =>
  v === undefined ? null : Array.isArray(v) ? (v.length ? v : null) : [v];

function parseExpenseWhere(raw: string | undefined): ExpenseWhere {
  if (!raw?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('where', EXPENSE_LIST_MSG.whereInvalid);
  }
  const parsed = expenseWhereSchema.safeParse(value);
  if (!parsed.success) throw fieldError('where', EXPENSE_LIST_MSG.whereInvalid);
  return parsed.data;
}

/** The parameters of EXPENSE_LIST for a request (a bad `where` or date range is a 400). */
function listParams(p: { tenant: TenantContext; viewerId: string; q: ExpenseListQuery; now?: Date }) {
  const { q } = p;
  const w = parseExpenseWhere(q.where);
  const now = p.now ?? new Date();
  if (q.from && q.to && startOfDay(q.from) >= endOfDayExclusive(q.to))
    throw fieldError('to', EXPENSE_LIST_MSG.dateRange);
  const from = q.from ? startOfDay(q.from) : null;
  const preset = q.period ? new Date(now.getTime() - PERIOD_MS[q.period]) : null;
  return {
    accountId: p.tenant.accountId,
    subsidiaryId: p.tenant.subsidiaryId ?? null,
    makerId: q.mine === 'true' ? p.viewerId : null,
    statuses: q.status === 'active' ? ['approved', 'paying'] : q.status ? [q.status] : null,
    currencies: many(w.currency),
    walletIds: many(w.walletId),
    since: from && preset ? (from > preset ? from : preset) : (from ?? preset),
    before: q.to ? endOfDayExclusive(q.to) : null,
    like: q.search ? `%${escapeLike(q.search)}%` : null,
  };
}

/** GET /api/expense?status=&page=&limit=&search=&where=&from=&to=&period= (newest first). */
export async function listExpenses(
  db: Db,
  p: { tenant: TenantContext; viewerId: string; q: ExpenseListQuery },
) {
  const { rows, total } = await expensePage(db, listParams(p), p.q);
  return { items: rows.map(listRowDto), total };
}

const EXPENSE_CSV_COLUMNS: CsvColumn<Expense>[] = [
  { header: 'Date', value: (e) => lagosDateTime(new Date(e.createdAt)) },
  { header: 'Reference', value: (e) => e.reference },
  { header: 'Status', value: (e) => e.status },
  { header: 'Payee', value: (e) => e.bankAccountName },
  { header: 'Bank', value: (e) => e.bankName },
  { header: 'Account number', value: (e) => e.bankAccountNumber },
  { header: 'Category', value: (e) => e.purpose.serviceName ?? '' },
  { header: 'Description', value: (e) => e.purpose.description ?? '' },
  { header: 'Amount', value: (e) => e.amount },
  { header: 'Fee', value: (e) => e.fee ?? '' },
  { header: 'Currency', value: (e) => e.currency },
  { header: 'Maker', value: (e) => e.maker.name },
  { header: 'Failure reason', value: (e) => e.failureReason ?? '' },
  { header: 'Id', value: (e) => e.id },
];

/** GET /api/expense?format=csv: every row the same filters select (checked before the stream starts). */
export function expensesCsv(db: Db, p: { tenant: TenantContext; viewerId: string; q: ExpenseListQuery }) {
  return expenseCsvRows(db, listParams(p), listRowDto, EXPENSE_CSV_COLUMNS);
}

export async function listBeneficiaries(db: Db, p: { accountId: string; search?: string; limit: number }) {
  const conds: (SQL | undefined)[] = [eq(expenseBeneficiaries.accountId, p.accountId)];
  if (p.search) {
    const like = `%${escapeLike(p.search)}%`;
    conds.push(
      or(
        ilike(expenseBeneficiaries.accountName, like),
        ilike(expenseBeneficiaries.accountNumber, like),
        ilike(expenseBeneficiaries.bankName, like),
      ),
    );
  }
  const rows = await db
    .select()
    .from(expenseBeneficiaries)
    .where(and(...conds))
    .orderBy(desc(expenseBeneficiaries.lastUsedAt))
    .limit(p.limit);
  return rows.map((b) => ({
    id: b.id,
    accountName: b.accountName,
    bankName: b.bankName,
    accountNumber: b.accountNumber,
    bankCode: b.bankCode,
    email: b.email,
  }));
}

export async function deleteBeneficiary(db: Db, p: { accountId: string; id: string }) {
  const [row] = await db
    .delete(expenseBeneficiaries)
    .where(and(eq(expenseBeneficiaries.id, p.id), eq(expenseBeneficiaries.accountId, p.accountId)))
    .returning();
  if (!row) throw notFound('Beneficiary');
  return {
    id: row.id,
    accountName: row.accountName,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    bankCode: row.bankCode,
    email: row.email,
  };
}

// ---- scheduled and recurring expenses (issue 21 §2) ----

/**
 * One run of a schedule (the pg-boss job of `schedule.ts`). Under the scheduled expense's row lock it
 * acts only when `runOn` is still the schedule's next run and is due (Lagos date), so a second job,
 * a second worker or the sweep find nothing to do: one payment per run. Run 1 pays the scheduled
 * expense itself; run n > 1 pays a new expense (`<reference>-r<n>`, unique per parent and
 * occurrence) covered by the first's approval. Then the schedule moves to its next date or ends.
 */
export async function runScheduledExpense(deps: AppDeps, data: ScheduleRun): Promise<'paid' | 'skipped'> {
  const after: (() => Promise<void> | void)[] = [];
  const done = await deps.db.transaction(async (tx) => {
    const [tpl] = await tx.select().from(expenses).where(eq(expenses.id, data.expenseId)).for('update');
    if (!tpl || tpl.nextRunOn !== data.runOn || data.runOn > lagosToday()) return false;
    const n = tpl.occurrence;
    const afterCommit: AfterCommit = (fn) => after.push(fn);
    if (n === 1) {
      const next = { ...tpl, status: 'approved' as const, paymentAttempt: tpl.paymentAttempt + 1 };
      await tx
        .update(expenses)
        .set({ status: 'approved', paymentAttempt: next.paymentAttempt, updatedAt: sql`now()` })
        .where(eq(expenses.id, tpl.id));
      await startPayment(tx, deps, next, afterCommit);
    } else {
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        transactionId: _t,
        failureReason: _f,
        retiredAt: _r,
        ...copy
      } = tpl;
      const [child] = await tx
        .insert(expenses)
        .values({
          ...copy,
          reference: `${tpl.reference}-r${n}`,
          status: 'approved',
          paymentAttempt: 1,
          scheduledDate: data.runOn,
          recurrence: null,
          recurrenceEndDate: null,
          nextRunOn: null,
          occurrence: n,
          parentExpenseId: tpl.id,
        })
        .returning();
      await startPayment(tx, deps, child, afterCommit);
    }
    // The next run: a week or a calendar month later (PostgreSQL clamps 31 Jan + 1 month to 28/29 Feb).
    let nextRunOn: string | null = null;
    if (tpl.recurrence === 'weekly' || tpl.recurrence === 'monthly') {
      const step = tpl.recurrence === 'weekly' ? '7 days' : '1 month';
      const r = await tx.execute(
        sql`select to_char((${tpl.scheduledDate}::date + ${sql.raw(`interval '${step}'`)} * ${n})::date, 'YYYY-MM-DD') as d`,
      );
      const d = (r.rows[0] as { d: string }).d;
      if (!tpl.recurrenceEndDate || d <= tpl.recurrenceEndDate) nextRunOn = d;
    }
    await tx
      .update(expenses)
      .set({ nextRunOn, occurrence: n + 1, updatedAt: sql`now()` })
      .where(eq(expenses.id, tpl.id));
    if (nextRunOn) afterCommit(() => enqueueRun(deps, tpl.id, nextRunOn));
    return true;
  });
  for (const fn of after) await fn();
  return done ? 'paid' : 'skipped';
}
