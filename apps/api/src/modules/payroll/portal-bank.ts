// The employee portal's add-bank (issue 25 §5): an employee asks for a new salary account. It is
// NUBAN-checked and resolved through `banks`, kept in `employee_bank_changes`, and submitted to the
// approvals engine as type `employeeBankChange`. The employee is not a member of the company, so the
// engine's `externalMaker` applies: the item's maker is the account's first owner as a stand-in (told
// of decisions), never auto-approved, approved by the company's owners/admins or an
// `employeeBankChange` workflow. Final approval replaces the employee's bank details in the deciding
// transaction; runs already created keep the account snapshotted in their rows.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { PORTAL_BANK_MSG, type EmployeeBankChange } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { approvalDecisions } from '../../platform/schema';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import {
  approvalOf,
  registerApprovable,
  runAfterCommit,
  submitForApproval,
  type ApprovalSubject,
  type HandlerContext,
} from '../approvals';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { sendMail } from '../mail';
import { membersInRoles } from '../notifications';
import type { EmployeeContext } from './portal-session';
import { employeeBank } from './manage-employees';
import { EMPLOYEE_ACCOUNT_FIELD } from './shared';
import { employeeBankChanges, payrollEmployees } from './tables';

type ChangeRow = typeof employeeBankChanges.$inferSelect;

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 2);

/**
 * Loose name match: banks print names in any order, with middle names and titles. It matches when
 * the resolved name holds at least two of the employee's words (one, for a one-word name).
 */
export function namesMatch(employeeName: string, resolved: string): boolean {
  const mine = new Set(words(employeeName));
  const theirs = new Set(words(resolved));
  const shared = [...mine].filter((w) => theirs.has(w)).length;
  return shared >= Math.min(2, mine.size) && mine.size > 0;
}

export function changeDto(c: ChangeRow): EmployeeBankChange {
  return {
    id: c.id,
    reference: c.reference,
    status: c.status,
    bankCode: c.bankCode,
    bankName: c.bankName,
    accountName: c.accountName,
    accountNumber: `******${c.accountNumberLast4}`,
    nameMatches: c.nameMatches,
    reason: c.reason,
    requestedAt: c.createdAt.toISOString(),
    decidedAt: c.decidedAt?.toISOString() ?? null,
  };
}

async function lockChange(tx: DbOrTx, accountId: string, id: string): Promise<ChangeRow> {
  const [c] = await tx
    .select()
    .from(employeeBankChanges)
    .where(and(eq(employeeBankChanges.id, id), eq(employeeBankChanges.accountId, accountId)))
    .for('update');
  if (!c) throw notFound('Bank change');
  return c;
}

async function mailEmployee(tx: Tx, deps: AppDeps, employeeId: string, subject: string, text: string) {
  const [e] = await tx
    .select({ name: payrollEmployees.name, email: payrollEmployees.email })
    .from(payrollEmployees)
    .where(eq(payrollEmployees.id, employeeId));
  if (!e) return;
  await sendMail(deps, { to: e.email, subject, text: `Hello ${e.name},\n\n${text}\n\nOwo` }, tx);
}

/** The change as the approvals engine shows it; its maker is the account's owner (the employee is outside it). */
async function employeeBankChangeSubject(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<ApprovalSubject | null> {
  const [r] = await db
    .select({ c: employeeBankChanges, name: payrollEmployees.name, oldBank: payrollEmployees.bankName })
    .from(employeeBankChanges)
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, employeeBankChanges.employeeId))
    .where(and(eq(employeeBankChanges.id, id), eq(employeeBankChanges.accountId, accountId)));
  if (!r) return null;
  const admins = await membersInRoles(db, accountId);
  const owner = admins.find((a) => a.role === 'owner') ?? admins[0];
  if (!owner) return null;
  const warn = r.c.nameMatches ? '' : ' (the account name does not match the employee’s name)';
  return {
    amountMinor: 0,
    currency: 'NGN',
    payee: `${r.name}: ${r.c.accountName} (${r.c.bankName} ******${r.c.accountNumberLast4})`,
    description: `Salary account change requested by ${r.name} in the employee portal, from ${r.oldBank} to ${r.c.bankName}${warn}`,
    categoryId: null,
    subsidiaryId: null,
    makerUserId: owner.userId,
    reference: r.c.reference,
    rejectionResolverIds: admins.map((a) => a.userId),
  };
}

/** The final approval: the employee is paid into the new account from now on, and told. */
async function applyEmployeeBankChange({ tx, deps: d, item, auditChange }: HandlerContext) {
  const c = await lockChange(tx, item.accountId, item.resourceId);
  if (c.status !== 'pending') return;
  const [old] = await tx
    .select()
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.id, c.employeeId), eq(payrollEmployees.accountId, c.accountId)));
  // the approval's audit row: the salary account before and after, masked
  if (old)
    auditChange?.(
      { employeeId: c.employeeId, bank: employeeBank(old) },
      { employeeId: c.employeeId, bank: employeeBank(c) },
    );
  await tx
    .update(payrollEmployees)
    .set({
      bankCode: c.bankCode,
      bankName: c.bankName,
      accountName: c.accountName,
      accountNumber: c.accountNumber,
      accountNumberHmac: c.accountNumberHmac,
      accountNumberLast4: c.accountNumberLast4,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payrollEmployees.id, c.employeeId), eq(payrollEmployees.accountId, c.accountId)));
  await tx
    .update(employeeBankChanges)
    .set({ status: 'approved', decidedAt: sql`now()` })
    .where(eq(employeeBankChanges.id, c.id));
  await mailEmployee(
    tx,
    d,
    c.employeeId,
    'Your new salary account was approved',
    `Your salary account change to ${c.bankName} ******${c.accountNumberLast4} (${c.accountName}) was approved. Payroll runs created from now on pay into it.`,
  );
}

/** A rejection: the change is closed with the approver's comment as its reason, and the employee told. */
async function rejectEmployeeBankChange({ tx, deps: d, item }: HandlerContext) {
  const c = await lockChange(tx, item.accountId, item.resourceId);
  const [last] = await tx
    .select({ comments: approvalDecisions.comments })
    .from(approvalDecisions)
    .where(eq(approvalDecisions.itemId, item.id))
    .orderBy(desc(approvalDecisions.seq))
    .limit(1);
  const reason = last?.comments ?? null;
  await tx
    .update(employeeBankChanges)
    .set({ status: 'rejected', reason, decidedAt: sql`now()` })
    .where(eq(employeeBankChanges.id, c.id));
  await mailEmployee(
    tx,
    d,
    c.employeeId,
    'Your new salary account was not approved',
    `Your salary account change to ${c.bankName} ******${c.accountNumberLast4} was rejected${reason ? `: "${reason}"` : ''}. Your salary keeps going to your current account.`,
  );
}

export function registerEmployeeBankApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'employeeBankChange',
    externalMaker: true,
    path: () => '/payroll/employees',
    load: employeeBankChangeSubject,
    onFinalApproval: applyEmployeeBankChange,
    onRejection: rejectEmployeeBankChange,
    onResolve: async ({ tx, item }) => {
      const c = await lockChange(tx, item.accountId, item.resourceId);
      const [other] = await tx
        .select({ id: employeeBankChanges.id })
        .from(employeeBankChanges)
        .where(
          and(eq(employeeBankChanges.employeeId, c.employeeId), eq(employeeBankChanges.status, 'pending')),
        );
      if (other) throw conflict(PORTAL_BANK_MSG.pending);
      await tx
        .update(employeeBankChanges)
        .set({ status: 'pending', reason: null, decidedAt: null })
        .where(eq(employeeBankChanges.id, c.id));
    },
  });
}

async function changesOf(db: DbOrTx, accountId: string, employeeId: string) {
  const rows = await db
    .select()
    .from(employeeBankChanges)
    .where(and(eq(employeeBankChanges.accountId, accountId), eq(employeeBankChanges.employeeId, employeeId)))
    .orderBy(desc(employeeBankChanges.createdAt))
    .limit(5);
  return {
    pending: rows.find((r) => r.status === 'pending') ?? null,
    lastDecided: rows.find((r) => r.status !== 'pending') ?? null,
  };
}

/** GET /employee-portal/bank-account: the current account masked, any pending change, the last decision. */
export async function getPortalBank(
  db: DbOrTx,
  ctx: Pick<EmployeeContext, 'accountId' | 'payrollEmployeeId'>,
) {
  const [e] = await db
    .select()
    .from(payrollEmployees)
    .where(
      and(eq(payrollEmployees.id, ctx.payrollEmployeeId), eq(payrollEmployees.accountId, ctx.accountId)),
    );
  if (!e) throw notFound('Employee');
  const { pending, lastDecided } = await changesOf(db, ctx.accountId, e.id);
  return {
    current: {
      bankCode: e.bankCode,
      bankName: e.bankName,
      accountName: e.accountName,
      accountNumber: `******${e.accountNumberLast4}`,
    },
    pendingChange: pending ? changeDto(pending) : null,
    lastDecision: lastDecided ? changeDto(lastDecided) : null,
  };
}

/**
 * POST /employee-portal/bank-account: NUBAN check and name resolution first (outside any
 * transaction), then, with the employee row locked: one pending change at a time (409), the change
 * stored and submitted to the approvals engine in the same transaction.
 */
export async function submitPortalBank(
  deps: AppDeps,
  ctx: Pick<EmployeeContext, 'accountId' | 'payrollEmployeeId'>,
  body: { bankCode: string; accountNumber: string },
) {
  const r = await resolveAccountName(deps, body);
  if (!r.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!r.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
  const vault = vaultFor(deps.config);
  const f = vaultField(EMPLOYEE_ACCOUNT_FIELD);
  const s = sealed(f, vault, body.accountNumber);
  const after: (() => Promise<void> | void)[] = [];
  const id = await deps.db.transaction(async (tx) => {
    const [e] = await tx
      .select()
      .from(payrollEmployees)
      .where(
        and(eq(payrollEmployees.id, ctx.payrollEmployeeId), eq(payrollEmployees.accountId, ctx.accountId)),
      )
      .for('update');
    if (!e) throw notFound('Employee');
    if (e.bankCode === r.bank!.code && vault.hmacs(f.kind, body.accountNumber).includes(e.accountNumberHmac))
      throw fieldError('accountNumber', PORTAL_BANK_MSG.sameAccount);
    const { pending } = await changesOf(tx, ctx.accountId, e.id);
    if (pending) throw conflict(PORTAL_BANK_MSG.pending);
    const [c] = await tx
      .insert(employeeBankChanges)
      .values({
        accountId: ctx.accountId,
        employeeId: e.id,
        reference: `EBC-${randomBytes(6).toString('hex').toUpperCase()}`,
        bankCode: r.bank!.code,
        bankName: r.bank!.name,
        accountName: r.accountName!,
        accountNumber: s[f.column],
        accountNumberHmac: s[f.hmac!],
        accountNumberLast4: s[f.last4!],
        nameMatches: namesMatch(e.name, r.accountName!),
      })
      .returning({ id: employeeBankChanges.id });
    await submitForApproval(tx, deps, {
      accountId: ctx.accountId,
      type: 'employeeBankChange',
      resourceId: c.id,
      afterCommit: (fn) => after.push(fn),
    });
    return c.id;
  });
  await runAfterCommit(after);
  return id;
}

/** GET /payrolls/employees/{id}/bank-change: HR's view of the pending change with the modals' item. */
export async function staffBankChange(
  db: DbOrTx,
  p: { tenant: TenantContext; id: string; viewerId: string },
) {
  const [e] = await db
    .select({ id: payrollEmployees.id })
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)));
  if (!e) throw notFound('Employee');
  const { pending } = await changesOf(db, p.tenant.accountId, e.id);
  return {
    pendingChange: pending ? changeDto(pending) : null,
    approvalWorkflowPendingApprovalItem: pending
      ? await approvalOf(db, {
          accountId: p.tenant.accountId,
          type: 'employeeBankChange',
          resourceId: pending.id,
          viewerId: p.viewerId,
        })
      : null,
  };
}

/** GET /payrolls/employees/bank-changes: the company's pending changes (one per employee at most). */
export async function listStaffBankChanges(db: DbOrTx, p: { tenant: TenantContext; viewerId: string }) {
  const rows = await db
    .select({
      c: employeeBankChanges,
      name: payrollEmployees.name,
      email: payrollEmployees.email,
    })
    .from(employeeBankChanges)
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, employeeBankChanges.employeeId))
    .where(
      and(eq(employeeBankChanges.accountId, p.tenant.accountId), eq(employeeBankChanges.status, 'pending')),
    )
    .orderBy(asc(employeeBankChanges.createdAt))
    .limit(200);
  return Promise.all(
    rows.map(async (r) => ({
      employee: { id: r.c.employeeId, name: r.name, email: r.email },
      change: changeDto(r.c),
      approvalWorkflowPendingApprovalItem: await approvalOf(db, {
        accountId: p.tenant.accountId,
        type: 'employeeBankChange',
        resourceId: r.c.id,
        viewerId: p.viewerId,
      }),
    })),
  );
}
