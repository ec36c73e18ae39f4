// Payroll and people (issue 25): employees (bank numbers in the vault, figures masked by the server
// for callers without canViewPayrollSensitiveData), runs computed by the statutory engine, approval
// through the approvals engine (type `payroll`), and payment through the money core: the whole net
// pay held at the final approval and one transfer per employee with its own reference per attempt.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  canViewPayrollSensitiveData,
  checkPayrollDates,
  fromMinor,
  PAYROLL_MSG,
  type EmployeeInput,
  type Payroll,
  type PayrollEmployee,
  type PayrollRow,
  type PayrollRowStatus,
  type PayrollStatus,
} from '@owo/contract';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { issueLink } from '../../platform/tokens';
import { accounts, transactions, users, vaultReads } from '../../platform/schema';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import {
  approvalOf,
  cancelApproval,
  registerApprovable,
  submitForApproval,
  type HandlerContext,
} from '../approvals';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { dispatchManySoon } from '../funding';
import { sendMail } from '../mail';
import { maskedBank } from '../audit';
import { emitAreaEvent } from '../developers';
import { batchManifest, checkPayoutLimit, getWallet, payOutBatch, type OutflowBatchRow } from '../money';
import {
  computeEmployee,
  DEFAULT_STATUTORY,
  employeeNetPay,
  employeePayLines,
  LINE,
  payReviewFlags,
  pensionApplies,
  RESERVED_LINES,
  type PayContext,
  type PayLine,
  type StatutorySettings,
} from './statutory';
import {
  employeeBankChanges,
  payrollEmployees,
  payrollGroups,
  payrollRows,
  payrolls,
  payrollSettings,
  type StoredComponent,
} from './tables';
import type { employeeInput, employeeUpdateInput } from '@owo/contract';

type EmployeeRow = typeof payrollEmployees.$inferSelect;
type PayrollRec = typeof payrolls.$inferSelect;
type AfterCommit = (fn: () => Promise<void> | void) => void;
type Parsed = z.output<typeof employeeInput>;

export const EMPLOYEE_ACCOUNT_FIELD = 'payroll_employees.account_number';
export const EMPLOYEE_RSA_PIN_FIELD = 'payroll_employees.rsa_pin';
export const ROW_ACCOUNT_FIELD = 'payroll_rows.account_number';
/** A row's RSA PIN is the employee's ciphertext copied as it is (sealed under the employee's field
 *  name, as a pending bank change is), so the snapshot needs no decryption and old rows could be
 *  back-filled in SQL; `platform/vault/fields.ts` lists `payroll_rows.rsa_pin` under that name. */
export const ROW_RSA_PIN_FIELD = EMPLOYEE_RSA_PIN_FIELD;

const m = (minor: number | null) => (minor === null ? null : fromMinor(minor));
const mapMoney = (r: Record<string, number>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fromMinor(v)]));
const maskNumber = (last4: string) => `******${last4}`;
export const visibleTo = (tenant: TenantContext) => canViewPayrollSensitiveData(tenant.roleSlug);
export const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- settings ----

export async function statutorySettings(db: DbOrTx, accountId: string): Promise<StatutorySettings> {
  const [s] = await db.select().from(payrollSettings).where(eq(payrollSettings.accountId, accountId));
  if (!s) return DEFAULT_STATUTORY;
  return {
    enabled: s.enabled,
    payeBands: s.payeBands ?? DEFAULT_STATUTORY.payeBands,
    rentReliefBp: s.rentReliefBp,
    rentReliefCapMinor: s.rentReliefCapMinor,
    pensionEmployeeBp: s.pensionEmployeeBp,
    pensionEmployerBp: s.pensionEmployerBp,
    pensionMinEmployees: s.pensionMinEmployees,
    nhfBp: s.nhfBp,
    nhfDefault: s.nhfDefault,
    nsitfBp: s.nsitfBp,
    nsitfBase: s.nsitfBase,
    minimumWageExempt: s.minimumWageExempt,
    minimumWageMonthlyMinor: s.minimumWageMonthlyMinor,
  };
}

export async function headcount(db: DbOrTx, accountId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollEmployees)
    .where(eq(payrollEmployees.accountId, accountId));
  return r.n;
}

/** An employee's standing lines: the salary, then each component (deductions negative). */
export function employeeLines(e: Pick<EmployeeRow, 'salaryMinor' | 'components'>): PayLine[] {
  return employeePayLines(e.salaryMinor, e.components);
}

// ---- the company context of net pay (issue 35 §5) ----

/**
 * Why the employee list and a run disagreed on one employee's net pay (₦297,325 against
 * ₦274,365 for a ₦350,000 salary): the pension line depends on the COMPANY (its headcount against
 * the coverage threshold, and its statutory settings), not on the employee. The list recomputes it
 * on every read; a run froze it when its rows were written. Adding, importing or deleting an
 * employee across the threshold (or saving the settings) silently moved everyone's net on the list
 * while the open run kept the old figure, and that old figure is what was sent for approval and
 * paid. Now every change of that context recomputes the account's OPEN runs (draft, rejected:
 * not before an approver, nothing paid) from their own lines in the same transaction, with the
 * same function as the list (`employeeNetPay` / `computeEmployee`). A pending run keeps what its
 * approvers see (the approval manifest), a paid one what was paid.
 */
export async function lockPayContext(tx: Tx, accountId: string) {
  // one change of an account's headcount at a time (two adds never both miss the threshold)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payroll-context:' || ${accountId}))`);
  const settings = await statutorySettings(tx, accountId);
  return { settings, headcount: await headcount(tx, accountId) };
}

/** After employees were added or removed: open runs recomputed if the pension coverage flipped. */
export async function afterHeadcountChange(
  tx: Tx,
  accountId: string,
  before: { settings: StatutorySettings; headcount: number },
) {
  const now = await headcount(tx, accountId);
  if (pensionApplies(before) !== pensionApplies({ settings: before.settings, headcount: now }))
    await refreshOpenRuns(tx, accountId);
}

/** Lines as a map (description → kobo), duplicates summed: how a row's breakdown holds them. */
const lineMap = (lines: PayLine[]) => {
  const m = new Map<string, number>();
  for (const l of lines) m.set(l.description, (m.get(l.description) ?? 0) + l.amountMinor);
  return m;
};
const sameLines = (a: PayLine[], b: PayLine[]) => {
  const x = lineMap(a);
  const y = lineMap(b);
  return x.size === y.size && [...x].every(([k, v]) => y.get(k) === v);
};

/**
 * Recomputes every open (draft, rejected) run of the account with the company's context now.
 * `employee`: only that employee's rows, after their pay was edited: a row whose lines are still
 * the employee's former standing lines follows the edit (`after`); a row given its own lines for
 * this run (PUT /payrolls/{id}/employees) keeps them, with its statutory lines recomputed for the
 * employee's rent and NHF switch now.
 */
export async function refreshOpenRuns(
  tx: Tx,
  accountId: string,
  employee?: { id: string; before: PayLine[]; after: PayLine[] },
) {
  const open = await tx
    .select({ id: payrolls.id })
    .from(payrolls)
    .where(and(eq(payrolls.accountId, accountId), inArray(payrolls.status, ['draft', 'rejected'])))
    .orderBy(asc(payrolls.id))
    .for('update');
  if (!open.length) return;
  const settings = await statutorySettings(tx, accountId);
  const n = await headcount(tx, accountId);
  for (const pr of open) {
    const rows = await tx
      .select({
        id: payrollRows.id,
        grossMinor: payrollRows.grossMinor,
        netMinor: payrollRows.netMinor,
        breakdown: payrollRows.breakdown,
        employerCosts: payrollRows.employerCosts,
        employeeId: payrollRows.employeeId,
        annualRentMinor: payrollEmployees.annualRentMinor,
        nhfEnabled: payrollEmployees.nhfEnabled,
      })
      .from(payrollRows)
      .leftJoin(payrollEmployees, eq(payrollEmployees.id, payrollRows.employeeId))
      .where(eq(payrollRows.payrollId, pr.id));
    const computed = rows.map((r) => {
      // a deleted employee's row keeps its snapshot (there is no rent or NHF switch to read)
      if (r.nhfEnabled === null || r.annualRentMinor === null || (employee && r.employeeId !== employee.id))
        return { ...r, changed: false };
      const own = Object.entries(r.breakdown)
        .filter(([k]) => !RESERVED_LINES.includes(k))
        .map(([description, amountMinor]) => ({ description, amountMinor }));
      const lines = employee && sameLines(own, employee.before) ? employee.after : own;
      const c = computeRunRow(
        lines,
        { annualRentMinor: r.annualRentMinor, nhfEnabled: r.nhfEnabled },
        settings,
        n,
      );
      return { id: r.id, ...c, changed: true };
    });
    const changed = computed
      .filter((c) => c.changed)
      .map((c) => ({
        id: c.id,
        gross_minor: c.grossMinor,
        net_minor: c.netMinor,
        breakdown: c.breakdown,
        employer_costs: c.employerCosts,
      }));
    if (!changed.length) continue;
    for (let i = 0; i < changed.length; i += 5000)
      await tx.execute(sql`
        update payroll_rows r set gross_minor = x.gross_minor, net_minor = x.net_minor,
          breakdown = x.breakdown, employer_costs = x.employer_costs
        from json_to_recordset(${JSON.stringify(changed.slice(i, i + 5000))}::json)
          as x(id uuid, gross_minor bigint, net_minor bigint, breakdown jsonb, employer_costs jsonb)
        where r.id = x.id`);
    const t = totals(computed);
    await tx
      .update(payrolls)
      .set({
        grossMinor: t.grossMinor,
        netMinor: t.netMinor,
        employerCostMinor: t.employerCostMinor,
        breakdown: t.breakdown,
        employerCosts: t.employerCosts,
        updatedAt: sql`now()`,
      })
      .where(eq(payrolls.id, pr.id));
  }
}

// ---- employees ----

function componentsOf(e: Pick<Parsed, 'components'>, field: string): StoredComponent[] {
  return (e.components ?? []).map((c, j) => {
    if (
      RESERVED_LINES.some((r) => r.toLowerCase() === c.description.toLowerCase()) ||
      c.description === LINE.salary
    )
      throw fieldError(`${field}components.${j}.description`, PAYROLL_MSG.reservedLine);
    return {
      description: c.description,
      type: c.type,
      amountMinor: c.type === 'deduction' ? -c.amount : c.amount,
    };
  });
}

type BankColumns = Pick<
  EmployeeRow,
  'bankCode' | 'bankName' | 'accountName' | 'accountNumber' | 'accountNumberHmac' | 'accountNumberLast4'
>;

/**
 * Checks a batch (emails unique within it and in the account; NUBAN and name lookup), nothing written.
 * An update (`exceptId`) without an account number keeps `keepBank` (same bank only).
 */
async function prepareEmployees(
  deps: AppDeps,
  accountId: string,
  list: (Omit<Parsed, 'accountNumber'> & { accountNumber?: string })[],
  exceptId?: string,
  opts: {
    keepBank?: BankColumns;
    /** the field prefix of row i, with its dot */ fieldOf?: (i: number) => string;
  } = {},
) {
  const vault = vaultFor(deps.config);
  const seen = new Map<string, number>();
  const fieldOf = opts.fieldOf ?? ((i: number) => `employees.${i}.`);
  list.forEach((e, i) => {
    if (seen.has(e.email)) throw fieldError(`${fieldOf(i)}email`, PAYROLL_MSG.emailDuplicate);
    seen.set(e.email, i);
  });
  const taken = await deps.db
    .select({ id: payrollEmployees.id, email: payrollEmployees.email })
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.accountId, accountId), inArray(payrollEmployees.email, [...seen.keys()])));
  const clash = taken.find((t) => t.id !== exceptId);
  if (clash) throw fieldError(`${fieldOf(seen.get(clash.email)!)}email`, PAYROLL_MSG.emailTaken);
  const settings = await statutorySettings(deps.db, accountId);
  const out = [];
  for (const [i, e] of list.entries()) {
    const field = fieldOf(i);
    const components = componentsOf(e, field);
    out.push({
      name: e.name,
      email: e.email,
      salaryMinor: e.salaryAmount,
      components,
      annualRentMinor: e.annualRent,
      nhfEnabled: e.nhfEnabled ?? settings.nhfDefault,
      ...(await bankColumns(deps, vault, e, field, opts.keepBank)),
      ...remittanceValues(vault, e),
    });
  }
  return out;
}

/** An employee's bank columns: NUBAN-checked and name-resolved (the resolved name wins), or kept. */
async function bankColumns(
  deps: AppDeps,
  vault: ReturnType<typeof vaultFor>,
  e: { bankCode: string; accountNumber?: string },
  field: string,
  keep?: BankColumns,
): Promise<BankColumns> {
  if (e.accountNumber === undefined) {
    if (!keep || keep.bankCode !== e.bankCode)
      throw fieldError(`${field}accountNumber`, PAYROLL_MSG.accountNumberForBank);
    const { bankCode, bankName, accountName, accountNumber, accountNumberHmac, accountNumberLast4 } = keep;
    return { bankCode, bankName, accountName, accountNumber, accountNumberHmac, accountNumberLast4 };
  }
  const resolved = await resolveAccountName(deps, { accountNumber: e.accountNumber, bankCode: e.bankCode });
  if (!resolved.bank) throw fieldError(`${field}bankCode`, UNKNOWN_BANK);
  if (!resolved.accountName) throw fieldError(`${field}accountNumber`, ACCOUNT_NOT_VERIFIED);
  return {
    bankCode: resolved.bank.code,
    bankName: resolved.bank.name,
    accountName: resolved.accountName,
    ...sealAccount(vault, e.accountNumber),
  };
}

/** The vault's column values (ciphertext, HMAC, last 4) for an employee's account number. */
function sealAccount(vault: ReturnType<typeof vaultFor>, plain: string) {
  const f = vaultField(EMPLOYEE_ACCOUNT_FIELD);
  const s = sealed(f, vault, plain);
  return { accountNumber: s[f.column], accountNumberHmac: s[f.hmac!], accountNumberLast4: s[f.last4!] };
}

/** The remittance columns of an employee; the RSA PIN sealed by the vault (none: all null). */
export function remittanceValues(
  vault: ReturnType<typeof vaultFor>,
  e: { stateOfResidence?: string; pfaName?: string; rsaPin?: string; nhfNumber?: string },
) {
  const pin = e.rsaPin ? sealed(vaultField(EMPLOYEE_RSA_PIN_FIELD), vault, e.rsaPin) : null;
  return {
    stateOfResidence: e.stateOfResidence ?? null,
    pfaName: e.pfaName ?? null,
    rsaPin: pin ? pin.rsa_pin : null,
    rsaPinLast4: pin ? pin.rsa_pin_last4 : null,
    nhfNumber: e.nhfNumber ?? null,
  };
}

/** The employee portal invitation's link (platform/tokens.ts): one employee, to join, for 14 days. */
export const EMPLOYEE_INVITATION_LINK = 'employee-invitation';
export const EMPLOYEE_INVITE_TTL_DAYS = 14;

async function invite(
  deps: AppDeps,
  tx: Tx,
  e: { id: string; name: string; email: string; accountId: string },
  company: string,
) {
  // A resend revokes the earlier link (issueLink replaces the object's live links).
  const token = await issueLink(tx, {
    kind: EMPLOYEE_INVITATION_LINK,
    action: 'join',
    objectId: e.id,
    accountId: e.accountId,
    expiresAt: sql`now() + make_interval(days => ${EMPLOYEE_INVITE_TTL_DAYS})`,
  });
  await sendMail(
    deps,
    {
      to: e.email,
      subject: `${company} invited you to the Owo employee portal`,
      text: `Hello ${e.name},\n\n${company} pays your salary through Owo. See your payslips in the employee portal (the link works once and expires in ${EMPLOYEE_INVITE_TTL_DAYS} days):\n${deps.config.appUrl}/employee-portal/join?token=${token}\n\nOwo`,
    },
    tx,
  );
}

/** Invites newly added employees (one mail each, in the caller's transaction). */
export async function inviteEmployees(
  deps: AppDeps,
  tx: Tx,
  accountId: string,
  list: { id: string; name: string; email: string }[],
) {
  const company = await companyName(tx, accountId);
  for (const e of list) await invite(deps, tx, { ...e, accountId }, company);
}

async function companyName(db: DbOrTx, accountId: string) {
  const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return a?.name ?? 'Your employer';
}

export async function addEmployees(deps: AppDeps, p: { tenant: TenantContext; employees: Parsed[] }) {
  const values = await prepareEmployees(deps, p.tenant.accountId, p.employees);
  return deps.db.transaction(async (tx) => {
    const before = await lockPayContext(tx, p.tenant.accountId);
    const rows = await tx
      .insert(payrollEmployees)
      .values(values.map((v) => ({ ...v, accountId: p.tenant.accountId })))
      .returning();
    await afterHeadcountChange(tx, p.tenant.accountId, before);
    const company = await companyName(tx, p.tenant.accountId);
    for (const r of rows) await invite(deps, tx, r, company);
    return rows.map((r) => r.id);
  });
}

export async function resendInvitation(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  await deps.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, p.tenant.accountId, p.id);
    await invite(deps, tx, e, await companyName(tx, p.tenant.accountId));
  });
}

async function lockEmployee(tx: DbOrTx, accountId: string, id: string): Promise<EmployeeRow> {
  const [e] = await tx
    .select()
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.id, id), eq(payrollEmployees.accountId, accountId)))
    .for('update');
  if (!e) throw notFound('Employee');
  return e;
}

/**
 * PUT /payrolls/employees/{id}: an omitted figure, account number or RSA PIN keeps the stored value;
 * a caller without canViewPayrollSensitiveData may change everything but the figures.
 */
export async function updateEmployee(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; body: z.output<typeof employeeUpdateInput> },
) {
  const b = p.body;
  const figures = b.salaryAmount !== undefined || b.annualRent !== undefined || b.components !== undefined;
  if (figures && !visibleTo(p.tenant)) throw forbidden(PAYROLL_MSG.noPermission);
  return deps.db.transaction(async (tx) => {
    await lockPayContext(tx, p.tenant.accountId); // lock order: context, employee, runs
    const stored = await lockEmployee(tx, p.tenant.accountId, p.id);
    const [prepared] = await prepareEmployees(
      deps,
      p.tenant.accountId,
      [
        {
          ...b,
          salaryAmount: b.salaryAmount ?? stored.salaryMinor,
          annualRent: b.annualRent ?? stored.annualRentMinor,
          nhfEnabled: b.nhfEnabled ?? stored.nhfEnabled,
        },
      ],
      p.id,
      { keepBank: stored, fieldOf: () => '' },
    );
    // the RSA PIN never leaves in full, so an update without one keeps the stored PIN
    const { rsaPin, rsaPinLast4, components, ...rest } = prepared;
    const v = {
      ...rest,
      ...(b.rsaPin ? { rsaPin, rsaPinLast4 } : {}),
      components: b.components === undefined ? stored.components : components,
    };
    const [after] = await tx
      .update(payrollEmployees)
      .set({ ...v, updatedAt: sql`now()` })
      .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)))
      .returning();
    // the employee's rows in open runs follow the edit of their pay (issue 35 §5)
    await refreshOpenRuns(tx, p.tenant.accountId, {
      id: p.id,
      before: employeeLines(stored),
      after: employeeLines(after),
    });
    // the salary account before and after, masked (the stored number is sealed: its last four)
    const before = employeeBank(stored);
    const now = employeeBank(after);
    return { bankChange: JSON.stringify(before) === JSON.stringify(now) ? null : { before, after: now } };
  });
}

/** An employee's salary account for the audit log: the number masked to its last four digits. */
export const employeeBank = (
  e: Pick<EmployeeRow, 'bankCode' | 'bankName' | 'accountName' | 'accountNumberLast4'>,
) => maskedBank({ ...e, accountNumber: e.accountNumberLast4 });

/**
 * DELETE /payrolls/employees/{id}. A bank change still open for approval goes with the employee
 * (its row cascades), so its approval item is closed through the engine (`cancelApproval`) in the
 * same transaction: nothing is left pending with no record to load.
 */
export async function deleteEmployee(db: Db, p: { tenant: TenantContext; id: string; userId: string }) {
  await db.transaction(async (tx) => {
    const before = await lockPayContext(tx, p.tenant.accountId);
    const open = await tx
      .select({ id: employeeBankChanges.id })
      .from(employeeBankChanges)
      .where(
        and(
          eq(employeeBankChanges.employeeId, p.id),
          eq(employeeBankChanges.accountId, p.tenant.accountId),
          eq(employeeBankChanges.status, 'pending'),
        ),
      );
    for (const c of open)
      await cancelApproval(tx, {
        accountId: p.tenant.accountId,
        type: 'employeeBankChange',
        resourceId: c.id,
        userId: p.userId,
        comments: 'The employee was deleted',
      });
    const [row] = await tx
      .delete(payrollEmployees)
      .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)))
      .returning({ id: payrollEmployees.id });
    if (!row) throw notFound('Employee');
    await afterHeadcountChange(tx, p.tenant.accountId, before);
  });
}

export type EmployeeView = { visible: boolean; settings: StatutorySettings; headcount: number };

export async function employeeView(db: DbOrTx, tenant: TenantContext): Promise<EmployeeView> {
  return {
    visible: visibleTo(tenant),
    settings: await statutorySettings(db, tenant.accountId),
    headcount: await headcount(db, tenant.accountId),
  };
}

type EmployeeListRow = Omit<EmployeeRow, 'accountNumber' | 'accountNumberHmac' | 'accountId' | 'rsaPin'> & {
  groupName: string | null;
};

export function employeeDto(e: EmployeeListRow, v: EmployeeView): PayrollEmployee {
  const r = v.visible ? employeeNetPay(e, v) : null;
  return {
    id: e.id,
    name: e.name,
    email: e.email,
    salaryVisible: v.visible,
    salaryAmount: v.visible ? fromMinor(e.salaryMinor) : null,
    salaryAmountMinor: v.visible ? e.salaryMinor : null,
    annualRent: v.visible ? fromMinor(e.annualRentMinor) : null,
    annualRentMinor: v.visible ? e.annualRentMinor : null,
    nhfEnabled: e.nhfEnabled,
    bankDetails: {
      bankCode: e.bankCode,
      bankName: e.bankName,
      accountName: e.accountName,
      accountNumber: maskNumber(e.accountNumberLast4),
    },
    components: e.components.map((c) => ({
      description: c.description,
      type: c.type,
      amount: v.visible ? fromMinor(c.amountMinor) : null,
      amountMinor: v.visible ? c.amountMinor : null,
    })),
    salaryBreakdown: r ? mapMoney(r.breakdown) : null,
    salaryBreakdownMinor: r ? r.breakdown : null,
    finalAmount: r ? fromMinor(r.netMinor) : null,
    finalAmountMinor: r ? r.netMinor : null,
    grossAmount: r ? fromMinor(r.grossMinor) : null,
    grossAmountMinor: r ? r.grossMinor : null,
    statutoryDeductionsMinor: r ? r.statutoryMinor : null,
    otherDeductionsMinor: r ? r.otherDeductionsMinor : null,
    reviewFlags: v.visible ? payReviewFlags(e.salaryMinor, e.components) : [],
    invitationStatus: e.inviteAcceptedAt ? 'accepted' : 'invited',
    groupId: e.groupId,
    groupName: e.groupName,
    stateOfResidence: e.stateOfResidence,
    pfaName: e.pfaName,
    rsaPin: e.rsaPinLast4 ? maskNumber(e.rsaPinLast4) : null,
    nhfNumber: e.nhfNumber,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export const EMPLOYEE_COLUMNS = {
  id: payrollEmployees.id,
  name: payrollEmployees.name,
  email: payrollEmployees.email,
  salaryMinor: payrollEmployees.salaryMinor,
  components: payrollEmployees.components,
  annualRentMinor: payrollEmployees.annualRentMinor,
  nhfEnabled: payrollEmployees.nhfEnabled,
  bankCode: payrollEmployees.bankCode,
  bankName: payrollEmployees.bankName,
  accountName: payrollEmployees.accountName,
  accountNumberLast4: payrollEmployees.accountNumberLast4,
  inviteAcceptedAt: payrollEmployees.inviteAcceptedAt,
  groupId: payrollEmployees.groupId,
  groupName: sql<
    string | null
  >`(select ${payrollGroups.name} from ${payrollGroups} where ${payrollGroups.id} = ${payrollEmployees.groupId})`,
  stateOfResidence: payrollEmployees.stateOfResidence,
  pfaName: payrollEmployees.pfaName,
  rsaPinLast4: payrollEmployees.rsaPinLast4,
  nhfNumber: payrollEmployees.nhfNumber,
  createdAt: payrollEmployees.createdAt,
  updatedAt: payrollEmployees.updatedAt,
};

export async function getEmployee(db: Db, p: { tenant: TenantContext; id: string }) {
  const [e] = await db
    .select(EMPLOYEE_COLUMNS)
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)));
  if (!e) throw notFound('Employee');
  return employeeDto(e, await employeeView(db, p.tenant));
}

export const employeeSearch = (search?: string) => (search ? `%${escapeLike(search)}%` : null);

// ---- payroll runs: computing ----

type ComputedRow = {
  employee: EmployeeRow;
  grossMinor: number;
  netMinor: number;
  breakdown: Record<string, number>;
  employerCosts: Record<string, number>;
};

function parseLines(raw: Record<string, number | string>, field: string): PayLine[] {
  return Object.entries(raw).map(([description, v]) => {
    const s = String(v).trim();
    if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(s)) throw fieldError(field, PAYROLL_MSG.salaryDecimals);
    if (RESERVED_LINES.includes(description)) throw fieldError(field, PAYROLL_MSG.reservedLine);
    const neg = s.startsWith('-');
    const [w, f = ''] = s.replace('-', '').split('.');
    const minor = Number(w) * 100 + Number(f.padEnd(2, '0'));
    return { description, amountMinor: neg ? -minor : minor };
  });
}

/** Computes every employee's month with the account's statutory settings (pure after two reads). */
export async function computeRun(
  db: DbOrTx,
  accountId: string,
  employeeIds: string[],
  overrides?: Record<string, Record<string, number | string>>,
  fieldOf: (id: string) => string = (id) => `payrollBreakdown.${id}`,
  /** Filled with the company context the rows were computed with. */
  used?: Partial<PayContext>,
): Promise<ComputedRow[]> {
  const ids = [...new Set(employeeIds)];
  const found: EmployeeRow[] = [];
  for (let i = 0; i < ids.length; i += 5000)
    found.push(
      ...(await db
        .select()
        .from(payrollEmployees)
        .where(
          and(
            eq(payrollEmployees.accountId, accountId),
            inArray(payrollEmployees.id, ids.slice(i, i + 5000)),
          ),
        )),
    );
  if (found.length !== ids.length) throw fieldError('employees', PAYROLL_MSG.employeeNotFound);
  const byId = new Map(found.map((e) => [e.id, e]));
  const settings = await statutorySettings(db, accountId);
  const n = await headcount(db, accountId);
  if (used) Object.assign(used, { settings, headcount: n });
  return ids.map((id) => {
    const e = byId.get(id)!;
    const lines = overrides?.[id] ? parseLines(overrides[id], fieldOf(id)) : employeeLines(e);
    return { employee: e, ...computeRunRow(lines, e, settings, n) };
  });
}

export function computeRunRow(
  lines: PayLine[],
  e: Pick<EmployeeRow, 'annualRentMinor' | 'nhfEnabled'>,
  settings: StatutorySettings,
  headcountN: number,
) {
  const r = computeEmployee(
    { lines, annualRentMinor: e.annualRentMinor, nhfEnabled: e.nhfEnabled },
    settings,
    { headcount: headcountN },
  );
  return {
    grossMinor: r.grossMinor,
    netMinor: r.netMinor,
    breakdown: r.breakdown,
    employerCosts: r.employerCosts,
  };
}

function totals(rows: Pick<ComputedRow, 'grossMinor' | 'netMinor' | 'breakdown' | 'employerCosts'>[]) {
  const breakdown: Record<string, number> = {};
  const employerCosts: Record<string, number> = {};
  let grossMinor = 0;
  let netMinor = 0;
  for (const r of rows) {
    grossMinor += r.grossMinor;
    netMinor += r.netMinor;
    for (const [k, v] of Object.entries(r.breakdown)) breakdown[k] = (breakdown[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.employerCosts)) employerCosts[k] = (employerCosts[k] ?? 0) + v;
  }
  const employerCostMinor = Object.values(employerCosts).reduce((a, v) => a + v, 0);
  return { grossMinor, netMinor, breakdown, employerCosts, employerCostMinor };
}

type PayrollBody = {
  name: string;
  description?: string;
  type: 'once' | 'recurring';
  mode: 'instant' | 'scheduled';
  walletId: string;
  employees: string[];
  daysBeforeMonthEndToCreatePayroll?: number | null;
  daysBeforeMonthEndToProcessPayroll?: number | null;
  scheduledPayDate?: string | null;
  payrollBreakdown?: Record<string, Record<string, number | string>>;
};

async function preparePayroll(
  deps: AppDeps,
  tenant: TenantContext,
  body: PayrollBody,
  fieldOf?: (id: string) => string,
) {
  const dateErrors = checkPayrollDates(body, lagosToday());
  if (Object.keys(dateErrors).length)
    throw badRequest(
      Object.values(dateErrors)[0],
      Object.fromEntries(Object.entries(dateErrors).map(([k, v]) => [k, [v]])),
    );
  const wallet = await getWallet(deps.db, tenant.accountId, body.walletId);
  if (!wallet) throw fieldError('walletId', PAYROLL_MSG.selectWallet);
  if (wallet.currency !== 'NGN') throw fieldError('walletId', PAYROLL_MSG.ngnOnly);
  const used: Partial<PayContext> = {};
  const rows = await computeRun(
    deps.db,
    tenant.accountId,
    body.employees,
    body.payrollBreakdown,
    fieldOf,
    used,
  );
  if (rows.some((r) => r.netMinor <= 0)) throw fieldError('employees', PAYROLL_MSG.zeroOrNegative);
  // Naira salaries are limited by the account's KYB tier (the money core's one payout rule).
  const largest = Math.max(...rows.map((r) => r.netMinor));
  await checkPayoutLimit(deps, deps.db, {
    accountId: tenant.accountId,
    amountMinor: largest,
    currency: 'NGN',
    fields: ['employees'],
  });
  return { rows, totals: totals(rows), ctx: used as PayContext };
}

/**
 * In the transaction that writes a run's rows, once they are written: if the company context
 * (`now`, locked by `lockPayContext` FIRST in that transaction, so no employee joins or leaves
 * meanwhile and the lock order is always context, then runs) moved since the rows were computed
 * (an employee added or deleted, the settings saved in between), the account's open runs, this
 * one included, are recomputed.
 */
async function settleRunContext(tx: Tx, accountId: string, now: PayContext, used: PayContext) {
  if (now.headcount !== used.headcount || JSON.stringify(now.settings) !== JSON.stringify(used.settings))
    await refreshOpenRuns(tx, accountId);
}

const newReference = () => `pyr_${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;

async function writeRows(tx: Tx, deps: AppDeps, accountId: string, payrollId: string, rows: ComputedRow[]) {
  const vault = vaultFor(deps.config);
  const empField = EMPLOYEE_ACCOUNT_FIELD;
  const values = rows.map((r, i) => ({
    payroll_id: payrollId,
    account_id: accountId,
    row_no: i + 1,
    employee_id: r.employee.id,
    name: r.employee.name,
    email: r.employee.email,
    bank_code: r.employee.bankCode,
    bank_name: r.employee.bankName,
    account_name: r.employee.accountName,
    // re-sealed under the row's own field name (the field is bound into the ciphertext)
    account_number: vault.encrypt(ROW_ACCOUNT_FIELD, vault.decrypt(empField, r.employee.accountNumber)),
    account_number_last4: r.employee.accountNumberLast4,
    gross_minor: r.grossMinor,
    net_minor: r.netMinor,
    breakdown: r.breakdown,
    employer_costs: r.employerCosts,
    // the remittance fields as they are now (the PIN's ciphertext copied: ROW_RSA_PIN_FIELD)
    state_of_residence: r.employee.stateOfResidence,
    pfa_name: r.employee.pfaName,
    rsa_pin: r.employee.rsaPin,
    rsa_pin_last4: r.employee.rsaPinLast4,
    nhf_number: r.employee.nhfNumber,
  }));
  // One statement per 5,000 rows: the rows travel as one JSON parameter (10,000 rows in ~1 s
  // instead of ~5 s of 17-parameter-per-row inserts; `npm run bench:payroll`).
  for (let i = 0; i < values.length; i += 5000)
    await tx.execute(sql`
      insert into payroll_rows (payroll_id, account_id, row_no, employee_id, name, email, bank_code, bank_name,
        account_name, account_number, account_number_last4, gross_minor, net_minor, breakdown, employer_costs,
        state_of_residence, pfa_name, rsa_pin, rsa_pin_last4, nhf_number)
      select * from json_to_recordset(${JSON.stringify(values.slice(i, i + 5000))}::json) as x(
        payroll_id uuid, account_id uuid, row_no int, employee_id uuid, name text, email text, bank_code text,
        bank_name text, account_name text, account_number text, account_number_last4 text, gross_minor bigint,
        net_minor bigint, breakdown jsonb, employer_costs jsonb, state_of_residence text, pfa_name text,
        rsa_pin text, rsa_pin_last4 text, nhf_number text)`);
}

export async function createPayroll(
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    body: PayrollBody;
    /** A month's run of a recurring payroll: made once per (parent, period); null when it exists. */
    child?: { parentId: string; period: string };
  },
): Promise<string | null> {
  const { rows, totals: t, ctx } = await preparePayroll(deps, p.tenant, p.body);
  return deps.db.transaction(async (tx) => {
    const now = await lockPayContext(tx, p.tenant.accountId);
    const inserted = await tx
      .insert(payrolls)
      .values({
        accountId: p.tenant.accountId,
        reference: newReference(),
        name: p.body.name,
        description: p.body.description || null,
        type: p.body.type,
        mode: p.body.mode,
        walletId: p.body.walletId,
        makerUserId: p.userId,
        daysBeforeMonthEndToCreatePayroll: p.body.daysBeforeMonthEndToCreatePayroll ?? null,
        daysBeforeMonthEndToProcessPayroll: p.body.daysBeforeMonthEndToProcessPayroll ?? null,
        scheduledPayDate: p.body.scheduledPayDate ?? null,
        employeeCount: rows.length,
        grossMinor: t.grossMinor,
        netMinor: t.netMinor,
        employerCostMinor: t.employerCostMinor,
        breakdown: t.breakdown,
        employerCosts: t.employerCosts,
        parentId: p.child?.parentId ?? null,
        period: p.child?.period ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: payrolls.id });
    const rec = inserted[0];
    if (!rec) return null; // another worker made this month's run first
    await writeRows(tx, deps, p.tenant.accountId, rec.id, rows);
    await settleRunContext(tx, p.tenant.accountId, now, ctx);
    return rec.id;
  });
}

export async function lockPayroll(tx: DbOrTx, accountId: string, id: string): Promise<PayrollRec> {
  const [r] = await tx
    .select()
    .from(payrolls)
    .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)))
    .for('update');
  if (!r) throw notFound('Payroll');
  return r;
}

export async function updatePayroll(
  deps: AppDeps,
  p: { tenant: TenantContext; id: string; body: PayrollBody; fieldOf?: (id: string) => string },
) {
  const before = await lockPayroll(deps.db, p.tenant.accountId, p.id);
  if (before.status !== 'draft' && before.status !== 'rejected') throw conflict(PAYROLL_MSG.notEditable);
  const { rows, totals: t, ctx } = await preparePayroll(deps, p.tenant, p.body, p.fieldOf);
  await deps.db.transaction(async (tx) => {
    const now = await lockPayContext(tx, p.tenant.accountId);
    const r = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (r.status !== 'draft' && r.status !== 'rejected') throw conflict(PAYROLL_MSG.notEditable);
    await tx
      .update(payrolls)
      .set({
        name: p.body.name,
        description: p.body.description || null,
        type: p.body.type,
        mode: p.body.mode,
        walletId: p.body.walletId,
        daysBeforeMonthEndToCreatePayroll: p.body.daysBeforeMonthEndToCreatePayroll ?? null,
        daysBeforeMonthEndToProcessPayroll: p.body.daysBeforeMonthEndToProcessPayroll ?? null,
        scheduledPayDate: p.body.scheduledPayDate ?? null,
        employeeCount: rows.length,
        grossMinor: t.grossMinor,
        netMinor: t.netMinor,
        employerCostMinor: t.employerCostMinor,
        breakdown: t.breakdown,
        employerCosts: t.employerCosts,
        updatedAt: sql`now()`,
      })
      .where(eq(payrolls.id, r.id));
    await tx.delete(payrollRows).where(eq(payrollRows.payrollId, r.id));
    await writeRows(tx, deps, p.tenant.accountId, r.id, rows);
    await settleRunContext(tx, p.tenant.accountId, now, ctx);
  });
}

/**
 * PUT /payrolls/{id}/employees: replaces the run's rows (draft or rejected only, as PUT /payrolls/{id}),
 * recomputed through the statutory engine. A row sent without `lines` keeps this run's own lines
 * (the stored breakdown without PAYE/pension/NHF), or takes the employee's for a new row. Only a
 * caller who may view payroll sensitive data may send figures. A rejected run stays rejected: the
 * approvals engine's resolve sends it back to the first level, as for any edited payroll.
 */
export async function updatePayrollEmployees(
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    id: string;
    rows: { employeeId: string; lines?: Record<string, number | string> }[];
  },
) {
  const pr = await lockPayroll(deps.db, p.tenant.accountId, p.id);
  if (pr.status !== 'draft' && pr.status !== 'rejected') throw conflict(PAYROLL_MSG.notEditable);
  if (!visibleTo(p.tenant) && p.rows.some((r) => r.lines)) throw forbidden(PAYROLL_MSG.noPermission);
  const seen = new Map<string, number>();
  p.rows.forEach((r, i) => {
    if (seen.has(r.employeeId)) throw fieldError(`employees.${i}.employeeId`, PAYROLL_MSG.employeeTwice);
    seen.set(r.employeeId, i);
  });
  const current = await deps.db
    .select({ employeeId: payrollRows.employeeId, breakdown: payrollRows.breakdown })
    .from(payrollRows)
    .where(and(eq(payrollRows.accountId, p.tenant.accountId), eq(payrollRows.payrollId, pr.id)));
  const kept = new Map(current.filter((c) => c.employeeId).map((c) => [c.employeeId!, c.breakdown]));
  const overrides: Record<string, Record<string, number | string>> = {};
  for (const r of p.rows) {
    const own = kept.get(r.employeeId);
    if (r.lines) overrides[r.employeeId] = r.lines;
    else if (own)
      overrides[r.employeeId] = Object.fromEntries(
        Object.entries(own)
          .filter(([k]) => !RESERVED_LINES.includes(k))
          .map(([k, v]) => [k, fromMinor(v)]),
      );
  }
  await updatePayroll(deps, {
    tenant: p.tenant,
    id: pr.id,
    fieldOf: (id) => `employees.${seen.get(id)}.lines`,
    body: {
      name: pr.name,
      description: pr.description ?? undefined,
      type: pr.type,
      mode: pr.mode,
      walletId: pr.walletId,
      employees: p.rows.map((r) => r.employeeId),
      daysBeforeMonthEndToCreatePayroll: pr.daysBeforeMonthEndToCreatePayroll,
      daysBeforeMonthEndToProcessPayroll: pr.daysBeforeMonthEndToProcessPayroll,
      scheduledPayDate: pr.scheduledPayDate,
      payrollBreakdown: overrides,
    },
  });
}

export async function deletePayroll(db: Db, p: { tenant: TenantContext; id: string }) {
  await db.transaction(async (tx) => {
    const r = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (r.status !== 'draft') throw conflict(PAYROLL_MSG.notEditable.replace('or rejected ', ''));
    await tx.delete(payrolls).where(eq(payrolls.id, r.id));
  });
}

/** POST /payrolls/{id}/approve: SUBMITS the draft to the approvals engine (decisions go through it). */
export async function submitPayroll(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const r = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (r.status !== 'draft') throw conflict(PAYROLL_MSG.notSubmittable);
    await tx
      .update(payrolls)
      .set({ status: 'pending', updatedAt: sql`now()` })
      .where(eq(payrolls.id, r.id));
    await submitForApproval(tx, deps, {
      accountId: r.accountId,
      type: 'payroll',
      resourceId: r.id,
      afterCommit: (fn) => after.push(fn),
    });
  });
  return after;
}

// ---- payment ----

/**
 * The `payroll` webhook event of a state change made in `tx` (approved, rejected, failed before any
 * transfer started). A run's paid / partlyFailed / failed outcome after its transfers settle is
 * written by the developers module inside the money core's settle (`settleWebhookSql`).
 */
const payrollEvent = (
  tx: DbOrTx,
  pr: PayrollRec,
  status: string,
  key?: string,
  extra?: Record<string, unknown>,
) =>
  emitAreaEvent(tx, {
    accountId: pr.accountId,
    event: 'payroll',
    id: pr.id,
    reference: pr.reference,
    status,
    amountMinor: pr.netMinor,
    currency: 'NGN',
    key,
    extra: { name: pr.name, ...extra },
  });

const transferReference = (ref: string, rowNo: number, attempt: number) => `${ref}-${rowNo}-${attempt}`;

type RowRec = typeof payrollRows.$inferSelect;

/**
 * Every line of the run as the money core pays it (net pay to the row's bank account, from the run's
 * wallet, on its pay date): the SAME drafts the approval's manifest is built from.
 */
function runRows(deps: AppDeps, pr: PayrollRec, rows: RowRec[]): OutflowBatchRow[] {
  const vault = vaultFor(deps.config);
  return rows.map((r) => ({
    draft: {
      amountMinor: r.netMinor,
      currency: 'NGN',
      walletId: pr.walletId,
      bankCode: r.bankCode,
      bankName: r.bankName,
      accountNumber: vault.decrypt(ROW_ACCOUNT_FIELD, r.accountNumber),
      accountName: r.accountName,
      payee: r.employeeId,
      date: pr.scheduledPayDate,
    },
    reference: transferReference(pr.reference, r.rowNo, r.attempt + 1),
    narration: `Salary: ${pr.name}`,
  }));
}

const runLines = (db: DbOrTx, payrollId: string) =>
  db.select().from(payrollRows).where(eq(payrollRows.payrollId, payrollId)).orderBy(asc(payrollRows.rowNo));

/**
 * Pays `pay` (all lines, or the failed ones on a retry) through `payOutBatch`, under the digest of the
 * whole run as approved: the whole net pay and fees must be there and every line within the payout
 * limit, or every line to pay fails with the reason (nothing held); otherwise each line is one
 * transfer with its own reference per attempt, held in this transaction. A run whose lines differ
 * from what was approved: 409, nothing moves.
 */
export async function payRows(
  tx: Tx,
  deps: AppDeps,
  pr: PayrollRec,
  pay: RowRec[],
  afterCommit: AfterCommit,
) {
  const all = await runLines(tx, pr.id);
  const paying = new Set(pay.map((r) => r.id));
  const rows = all.filter((r) => paying.has(r.id));
  // nothing was started: the run's outcome event now (no settle will write it)
  const startFailed = (failed: number, reason: string) =>
    payrollEvent(
      tx,
      pr,
      rows.length < pr.employeeCount ? 'partlyFailed' : 'failed',
      `failed:${rows[0]?.attempt ?? 0}`,
      { failedCount: failed, failureReason: reason },
    );
  await tx
    .update(payrolls)
    .set({ status: 'paying', updatedAt: sql`now()` })
    .where(eq(payrolls.id, pr.id));
  const r = await payOutBatch(tx, deps, {
    accountId: pr.accountId,
    authority: { approval: 'payroll', resourceId: pr.id },
    initiatedBy: pr.makerUserId,
    sourceType: 'payroll',
    sourceId: pr.id,
    rows: runRows(deps, pr, all),
    pay: all.flatMap((x, i) => (paying.has(x.id) ? [i] : [])),
  });
  if (!r.ok) {
    const reason = r.code === 'insufficient-funds' ? PAYROLL_MSG.insufficientFunds : r.reason;
    const ids = rows.map((x) => x.id);
    for (let i = 0; i < ids.length; i += 5000)
      await tx
        .update(payrollRows)
        .set({
          status: 'failed',
          failureReason: reason,
          transactionId: null,
          attempt: sql`${payrollRows.attempt} + 1`,
        })
        .where(inArray(payrollRows.id, ids.slice(i, i + 5000)));
    await startFailed(rows.length, reason);
    return;
  }
  await tx.insert(vaultReads).values({
    field: ROW_ACCOUNT_FIELD,
    recordId: pr.id,
    actorUserId: null,
    reason: `payroll ${pr.reference} payment (${rows.length} rows)`,
  });
  const transfers = r.transactions;
  const started = rows.map((x, i) => ({
    id: x.id,
    attempt: x.attempt + 1,
    transaction_id: transfers[i].id,
  }));
  for (let i = 0; i < started.length; i += 5000)
    await tx.execute(sql`
      update payroll_rows r set status = 'paying', attempt = x.attempt, transaction_id = x.transaction_id,
        failure_reason = null
      from json_to_recordset(${JSON.stringify(started.slice(i, i + 5000))}::json)
        as x(id uuid, attempt int, transaction_id uuid)
      where r.id = x.id`);
  const refs = transfers.map((t) => t.reference);
  afterCommit(() => dispatchManySoon(deps, refs));
}

export function registerPayrollApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'payroll',
    load: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.netMinor,
        currency: 'NGN',
        payee: `${r.employeeCount} employee${r.employeeCount === 1 ? '' : 's'}`,
        description: r.name,
        categoryId: null,
        subsidiaryId: null,
        makerUserId: r.makerUserId,
        reference: r.reference,
        approverId: null,
      };
    },
    manifest: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(payrolls)
        .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)));
      if (!r) return null;
      const rows = runRows(deps, r, await runLines(db, r.id));
      return batchManifest(
        db,
        accountId,
        rows.map((x) => x.draft),
      );
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const pr = await lockPayroll(tx, item.accountId, item.resourceId);
      if (pr.status !== 'pending') return; // paid once: a repeated final approval changes nothing
      await tx.update(payrolls).set({ status: 'approved' }).where(eq(payrolls.id, pr.id));
      await payrollEvent(tx, pr, 'approved');
      // a scheduled payroll waits for its date (the payroll ticker pays it then)
      if (pr.scheduledPayDate && pr.scheduledPayDate > lagosToday()) return;
      const rows = await tx
        .select()
        .from(payrollRows)
        .where(eq(payrollRows.payrollId, pr.id))
        .orderBy(asc(payrollRows.rowNo));
      await payRows(tx, d, pr, rows, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      const [pr] = await tx
        .update(payrolls)
        .set({ status: 'rejected', updatedAt: sql`now()` })
        .where(and(eq(payrolls.id, item.resourceId), eq(payrolls.accountId, item.accountId)))
        .returning();
      if (pr) await payrollEvent(tx, pr, 'rejected');
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(payrolls)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(payrolls.id, item.resourceId), eq(payrolls.accountId, item.accountId)));
    },
  });
}

const rowStatusSql = sql<PayrollRowStatus>`case
  when ${payrollRows.status} = 'paying' and ${transactions.status} = 'success' then 'paid'
  when ${payrollRows.status} = 'paying' and ${transactions.status} in ('failed', 'reversed') then 'failed'
  else ${payrollRows.status} end`;

/** POST /payrolls/{id}/payment/retry: pays the failed rows only, each with a new attempt and reference. */
export async function retryPayroll(deps: AppDeps, p: { tenant: TenantContext; id: string }) {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const pr = await lockPayroll(tx, p.tenant.accountId, p.id);
    if (pr.status !== 'paying') throw conflict(PAYROLL_MSG.notRetriable);
    const failed = await tx
      .select({ row: payrollRows })
      .from(payrollRows)
      .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
      .where(and(eq(payrollRows.payrollId, pr.id), sql`${rowStatusSql} = 'failed'`))
      .orderBy(asc(payrollRows.rowNo))
      .for('update', { of: payrollRows });
    if (!failed.length) throw conflict(PAYROLL_MSG.notRetriable);
    await payRows(
      tx,
      deps,
      pr,
      failed.map((f) => f.row),
      (fn) => after.push(fn),
    );
  });
  return after;
}

// ---- reading ----

async function rowCounts(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, Record<PayrollRowStatus, number>>();
  const rows = await db
    .select({ payrollId: payrollRows.payrollId, status: rowStatusSql, n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(inArray(payrollRows.payrollId, ids))
    .groupBy(payrollRows.payrollId, rowStatusSql);
  const out = new Map<string, Record<PayrollRowStatus, number>>();
  for (const r of rows) {
    const c = out.get(r.payrollId) ?? { pending: 0, paying: 0, paid: 0, failed: 0 };
    c[r.status] += r.n;
    out.set(r.payrollId, c);
  }
  return out;
}

function effectiveStatus(
  stored: PayrollStatus,
  c: Record<PayrollRowStatus, number> | undefined,
): PayrollStatus {
  if (stored !== 'paying' || !c) return stored;
  if (c.pending || c.paying) return 'paying';
  if (!c.failed) return 'completed';
  return c.paid ? 'partially_failed' : 'failed';
}

type ListRec = PayrollRec & { makerFirst: string; makerLast: string };

function payrollDto(r: ListRec, c: Record<PayrollRowStatus, number> | undefined, visible: boolean): Payroll {
  const v = <T>(x: T) => (visible ? x : null);
  return {
    id: r.id,
    reference: r.reference,
    name: r.name,
    description: r.description,
    type: r.type,
    mode: r.mode,
    status: effectiveStatus(r.status, c),
    walletId: r.walletId,
    employeeCount: r.employeeCount,
    paidCount: c?.paid ?? 0,
    failedCount: c?.failed ?? 0,
    daysBeforeMonthEndToCreatePayroll: r.daysBeforeMonthEndToCreatePayroll,
    daysBeforeMonthEndToProcessPayroll: r.daysBeforeMonthEndToProcessPayroll,
    scheduledPayDate: r.scheduledPayDate,
    salaryVisible: visible,
    grossAmount: v(m(r.grossMinor)),
    grossAmountMinor: v(r.grossMinor),
    netAmount: v(m(r.netMinor)),
    netAmountMinor: v(r.netMinor),
    employerCost: v(m(r.employerCostMinor)),
    employerCostMinor: v(r.employerCostMinor),
    payrollBreakdown: v(mapMoney(r.breakdown)),
    payrollBreakdownMinor: v(r.breakdown),
    employerCosts: v(mapMoney(r.employerCosts)),
    maker: { id: r.makerUserId, name: `${r.makerFirst} ${r.makerLast}`.trim() },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const listSelect = (db: DbOrTx) =>
  db
    .select({ p: payrolls, makerFirst: users.firstName, makerLast: users.lastName })
    .from(payrolls)
    .innerJoin(users, eq(users.id, payrolls.makerUserId));

export async function getPayroll(db: Db, p: { tenant: TenantContext; id: string; viewerId: string }) {
  const [r] = await listSelect(db).where(
    and(eq(payrolls.id, p.id), eq(payrolls.accountId, p.tenant.accountId)),
  );
  if (!r) throw notFound('Payroll');
  const counts = await rowCounts(db, [r.p.id]);
  return {
    ...payrollDto(
      { ...r.p, makerFirst: r.makerFirst, makerLast: r.makerLast },
      counts.get(r.p.id),
      visibleTo(p.tenant),
    ),
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'payroll',
      resourceId: p.id,
      viewerId: p.viewerId,
    }),
  };
}

/** Status filter values that are stored as such (the others are read from the rows). */
export async function listPayrolls(
  db: Db,
  p: {
    tenant: TenantContext;
    q: { page: number; limit: number; status?: PayrollStatus; type?: string; search?: string };
  },
) {
  const conds: (SQL | undefined)[] = [eq(payrolls.accountId, p.tenant.accountId)];
  if (p.q.type) conds.push(eq(payrolls.type, p.q.type as 'once'));
  if (p.q.search)
    conds.push(
      sql`(${payrolls.name} ilike ${`%${escapeLike(p.q.search)}%`} or ${payrolls.reference} ilike ${`%${escapeLike(p.q.search)}%`})`,
    );
  const paidStates = ['paying', 'completed', 'partially_failed', 'failed'];
  if (p.q.status)
    conds.push(
      paidStates.includes(p.q.status) ? eq(payrolls.status, 'paying') : eq(payrolls.status, p.q.status),
    );
  const where = and(...conds);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrolls)
    .where(where);
  const rows = await listSelect(db)
    .where(where)
    .orderBy(desc(payrolls.createdAt), desc(payrolls.id))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  const counts = await rowCounts(
    db,
    rows.map((r) => r.p.id),
  );
  const visible = visibleTo(p.tenant);
  let items = rows.map((r) =>
    payrollDto({ ...r.p, makerFirst: r.makerFirst, makerLast: r.makerLast }, counts.get(r.p.id), visible),
  );
  if (p.q.status && paidStates.includes(p.q.status)) items = items.filter((i) => i.status === p.q.status);
  return { items, total: n };
}

export const PAYROLL_ROW_SELECT = {
  id: payrollRows.id,
  employeeId: payrollRows.employeeId,
  name: payrollRows.name,
  email: payrollRows.email,
  status: rowStatusSql,
  attempt: payrollRows.attempt,
  failureReason: payrollRows.failureReason,
  txFailure: transactions.failureReason,
  transactionId: payrollRows.transactionId,
  bankName: payrollRows.bankName,
  accountName: payrollRows.accountName,
  last4: payrollRows.accountNumberLast4,
  grossMinor: payrollRows.grossMinor,
  netMinor: payrollRows.netMinor,
  breakdown: payrollRows.breakdown,
  employerCosts: payrollRows.employerCosts,
};
type RowSel = {
  id: string;
  employeeId: string | null;
  name: string;
  email: string;
  status: PayrollRowStatus;
  attempt: number;
  failureReason: string | null;
  txFailure: string | null;
  transactionId: string | null;
  bankName: string;
  accountName: string;
  last4: string;
  grossMinor: number;
  netMinor: number;
  breakdown: Record<string, number>;
  employerCosts: Record<string, number>;
};

export function rowDto(r: RowSel, visible: boolean): PayrollRow {
  const salary = r.breakdown[LINE.salary] ?? null;
  return {
    id: r.id,
    employeeId: r.employeeId,
    name: r.name,
    email: r.email,
    status: r.status,
    attempt: r.attempt,
    failureReason: r.status === 'failed' ? (r.failureReason ?? r.txFailure ?? null) : null,
    transactionId: r.transactionId,
    bankDetails: { bankName: r.bankName, accountName: r.accountName, accountNumber: maskNumber(r.last4) },
    salaryVisible: visible,
    salaryAmount: visible && salary !== null ? fromMinor(salary) : null,
    salaryAmountMinor: visible ? salary : null,
    finalAmount: visible ? fromMinor(r.netMinor) : null,
    finalAmountMinor: visible ? r.netMinor : null,
    salaryBreakdown: visible ? mapMoney(r.breakdown) : null,
    salaryBreakdownMinor: visible ? r.breakdown : null,
    employerCosts: visible ? mapMoney(r.employerCosts) : null,
  };
}

function rowWhere(accountId: string, payrollId: string, q: { status?: string; search?: string }) {
  const conds: SQL[] = [eq(payrollRows.accountId, accountId), eq(payrollRows.payrollId, payrollId)];
  if (q.status) conds.push(sql`${rowStatusSql} = ${q.status}`);
  if (q.search) conds.push(sql`${payrollRows.name} ilike ${`%${escapeLike(q.search)}%`}`);
  return and(...conds)!;
}

export async function listPayrollRows(
  db: Db,
  p: {
    tenant: TenantContext;
    id: string;
    q: { page: number; limit: number; status?: string; search?: string };
  },
) {
  const [pr] = await db
    .select({ id: payrolls.id })
    .from(payrolls)
    .where(and(eq(payrolls.id, p.id), eq(payrolls.accountId, p.tenant.accountId)));
  if (!pr) throw notFound('Payroll');
  const where = rowWhere(p.tenant.accountId, p.id, p.q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(where);
  const rows = (await db
    .select(PAYROLL_ROW_SELECT)
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(where)
    .orderBy(asc(payrollRows.rowNo))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit)) as RowSel[];
  const visible = visibleTo(p.tenant);
  return { items: rows.map((r) => rowDto(r, visible)), total: n };
}

export async function payrollReceipt(db: Db, p: { tenant: TenantContext; id: string }) {
  const [r] = await listSelect(db).where(
    and(eq(payrolls.id, p.id), eq(payrolls.accountId, p.tenant.accountId)),
  );
  if (!r) throw notFound('Payroll');
  const [sum] = await db
    .select({
      paid: sql<number>`coalesce(sum(${payrollRows.netMinor}) filter (where ${transactions.status} = 'success'), 0)::bigint`,
      fees: sql<number>`coalesce(sum(${transactions.fee}) filter (where ${transactions.status} = 'success'), 0)::bigint`,
      lastAt: sql<Date | null>`max(${transactions.updatedAt}) filter (where ${transactions.status} = 'success')`,
    })
    .from(payrollRows)
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(eq(payrollRows.payrollId, r.p.id));
  const c = (await rowCounts(db, [r.p.id])).get(r.p.id);
  const visible = visibleTo(p.tenant);
  return {
    reference: r.p.reference,
    name: r.p.name,
    status: effectiveStatus(r.p.status, c),
    employeeCount: r.p.employeeCount,
    paidCount: c?.paid ?? 0,
    failedCount: c?.failed ?? 0,
    salaryVisible: visible,
    paidAmount: visible ? fromMinor(Number(sum.paid)) : null,
    paidAmountMinor: visible ? Number(sum.paid) : null,
    fees: visible ? fromMinor(Number(sum.fees)) : null,
    feesMinor: visible ? Number(sum.fees) : null,
    paidAt: sum.lastAt ? new Date(sum.lastAt).toISOString() : null,
    companyName: p.tenant.accountName,
  };
}

export type { EmployeeInput };

/** GET /payrolls/payslip: the company's payslips (rows of runs that were paid out), newest first. */
export async function listPayslips(
  db: Db,
  p: { tenant: TenantContext; q: { page: number; limit: number; search?: string } },
) {
  const conds: SQL[] = [
    eq(payrollRows.accountId, p.tenant.accountId),
    eq(payrolls.status, 'paying'),
    sql`${rowStatusSql} = 'paid'`,
  ];
  if (p.q.search) conds.push(sql`${payrollRows.name} ilike ${`%${escapeLike(p.q.search)}%`}`);
  const where = and(...conds);
  const base = () =>
    db
      .select({
        ...PAYROLL_ROW_SELECT,
        payrollId: payrolls.id,
        payrollName: payrolls.name,
        createdAt: payrolls.createdAt,
      })
      .from(payrollRows)
      .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
      .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payrollRows)
    .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
    .leftJoin(transactions, eq(transactions.id, payrollRows.transactionId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(payrolls.createdAt), asc(payrollRows.rowNo))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  const visible = visibleTo(p.tenant);
  const items = rows.map((r) => {
    const d = rowDto(r as RowSel, visible);
    return {
      id: r.id,
      payrollId: r.payrollId,
      payrollName: r.payrollName,
      createdAt: r.createdAt.toISOString(),
      companyName: p.tenant.accountName,
      status: d.status,
      payPeriod: r.createdAt.toISOString().slice(0, 7),
      payrollEmployee: { id: r.employeeId, name: r.name, email: r.email },
      bankDetails: d.bankDetails,
      salaryVisible: visible,
      amount: visible ? fromMinor(r.grossMinor) : null,
      amountMinor: visible ? r.grossMinor : null,
      finalAmount: d.finalAmount,
      finalAmountMinor: d.finalAmountMinor,
      salaryBreakdown: d.salaryBreakdown,
      salaryBreakdownMinor: d.salaryBreakdownMinor,
    };
  });
  return { items, total: n };
}
