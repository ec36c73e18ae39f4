// Expenses: the 001 §5 checks of an expense body, server-side (create and edit).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { can, CATEGORY_MSG, EXPENSE_MSG, formatMoney, toMinor, type ExpenseInput } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { accountMembers, files, memberSpendLimits, roles, productsAndServices } from '../../platform/schema';
import { lagosToday } from '../../platform/dates';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { checkPayoutLimit, computeFee, getWallet, getWalletByCurrency } from '../money';
import { getApPolicy, type ApPolicyRow } from '../approvals';
import { budgetCheck } from '../categories';
import { requireActiveProject } from '../projects';
import { expenses, type ExpenseLine } from './tables';

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
type WalletRow = NonNullable<Awaited<ReturnType<typeof getWallet>>>;

/**
 * Checks an expense body against 001 §5 (the fields, the wallet, the payout limit, the category's
 * budget, the balance, the product lines, the receipts, the approver, the bank account), in that
 * order, and answers the row's values. Nothing is written.
 */
export async function prepare(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: ExpenseInput; isNew: boolean; expenseId?: string },
): Promise<Prepared> {
  const { body, tenant } = p;
  const db = deps.db;
  const accountId = tenant.accountId;
  const { description, schedule } = await checkFields(db, accountId, body, p.isNew);
  const wallet = await checkWallet(db, accountId, body);

  const policy = await getApPolicy(db, accountId);
  // The one payout-limit rule of the money core (KYB tier cap, foreign-currency maximum).
  await checkPayoutLimit(deps, db, { accountId, amountMinor: body.amount, currency: body.currency });

  const { budgetWarning, serviceName } = await checkBudget(db, accountId, body, policy, p.expenseId);
  await checkBalance(db, accountId, body, wallet, schedule.scheduledDate);
  const lines = await productLines(db, accountId, body);
  await checkAttachments(db, accountId, body, lines, policy);
  await checkApprover(db, accountId, p.userId, body);

  const resolved = await resolveAccountName(deps, {
    accountNumber: body.bankAccountNumber,
    bankCode: body.bankCode,
  });
  if (!resolved.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!resolved.accountName) throw fieldError('bankAccountNumber', ACCOUNT_NOT_VERIFIED);

  return {
    budgetWarning,
    values: {
      subsidiaryId: subsidiaryForWrite(tenant),
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

/** The amount, the description, the beneficiary's email, the schedule and the project. */
async function checkFields(db: DbOrTx, accountId: string, body: ExpenseInput, isNew: boolean) {
  if (body.amount < 100) throw fieldError('amount', EXPENSE_MSG.amountMin);
  const description = body.purpose.description?.trim() || null;
  if (isNew && !description) throw fieldError('purpose.description', EXPENSE_MSG.descriptionRequired);
  if (body.notifyBeneficiary && !body.beneficiaryEmail)
    throw fieldError('beneficiaryEmail', EXPENSE_MSG.beneficiaryEmailRequired);
  const schedule = checkSchedule(body);
  if (body.projectId) await requireActiveProject(db, accountId, body.projectId);
  return { description, schedule };
}

/** The wallet the expense is paid from: the company's NGN wallet. */
async function checkWallet(db: DbOrTx, accountId: string, body: ExpenseInput): Promise<WalletRow> {
  if (body.currency === 'NGN' && !(await getWalletByCurrency(db, accountId, 'NGN')))
    throw fieldError('walletId', EXPENSE_MSG.ngnWalletNotFound);
  const wallet = await getWallet(db, accountId, body.walletId);
  if (!wallet) throw fieldError('walletId', EXPENSE_MSG.selectWallet);
  if (wallet.currency !== body.currency)
    throw fieldError('currency', `The selected wallet holds ${wallet.currency}, not ${body.currency}`);
  if (wallet.currency !== 'NGN') throw fieldError('walletId', 'Expenses are paid from the NGN wallet');
  return wallet;
}

/** The category's monthly budget, by the AP policy's overBudget (block or warn). */
async function checkBudget(
  db: DbOrTx,
  accountId: string,
  body: ExpenseInput,
  policy: ApPolicyRow,
  expenseId: string | undefined,
) {
  let budgetWarning: string | null = null;
  let serviceName = body.purpose.serviceName?.trim() || null;
  if (body.purpose.service) {
    const b = await budgetCheck(db, {
      accountId,
      categoryId: body.purpose.service,
      amountMinor: body.amount,
      stage: 'submit',
      excludeExpenseId: expenseId,
    });
    serviceName = b.category.name;
    if (b.exceeds && policy.overBudget === 'block')
      throw fieldError('amount', CATEGORY_MSG.overBudget(b.category.name));
    if (b.exceeds) budgetWarning = CATEGORY_MSG.overBudget(b.category.name);
  }
  return { budgetWarning, serviceName };
}

/** The amount and its fee against the wallet's balance. */
async function checkBalance(
  db: DbOrTx,
  accountId: string,
  body: ExpenseInput,
  wallet: WalletRow,
  scheduledDate: string | null,
) {
  const fee = await computeFee(db, {
    accountId,
    method: 'bank-transfer',
    amount: body.amount,
    currency: wallet.currency,
  });
  // A scheduled payment is checked against the balance on its date (a shortfall then fails it).
  if (!scheduledDate && wallet.balance < body.amount + fee)
    throw fieldError('amount', EXPENSE_MSG.insufficientFunds);
}

/** Product lines: chosen from the account's products; total = price x quantity. */
async function productLines(db: DbOrTx, accountId: string, body: ExpenseInput): Promise<ExpenseLine[]> {
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
  return lines;
}

/** Every attached file is the account's; a receipt is required above the AP policy's amount. */
async function checkAttachments(
  db: DbOrTx,
  accountId: string,
  body: ExpenseInput,
  lines: ExpenseLine[],
  policy: ApPolicyRow,
) {
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
}

/** An approver is required above the maker's own limit, or when the maker has none (001 §5). */
async function checkApprover(db: DbOrTx, accountId: string, userId: string, body: ExpenseInput) {
  const limit = await memberLimit(db, accountId, userId);
  const needsApprover = limit === null || body.amount > limit;
  if (needsApprover && !body.approverId) throw fieldError('approverId', EXPENSE_MSG.approverRequired);
  if (body.approverId && !(await validApprover(db, accountId, body.approverId, body.amount)))
    throw fieldError('approverId', EXPENSE_MSG.approverInvalid);
}

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
