import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { NIGERIAN_STATES } from './kyb';
import { PAY_REVIEW_FLAGS } from './payroll-pay';
import { FULL_ACCESS_ROLES } from './permissions';

// Payroll and people (002 §2 Payroll, §3, §5 Salary and payroll, §7; 000 §4.5, §5; issue 25).

export const PAYROLL_MSG = {
  salaryMin: 'Salary amount should be greater than 0',
  salaryDecimals: 'Salary should not have more than 2 decimal places',
  amountInvalid: 'Amount should be a number with at most 2 decimal places',
  zeroOrNegative: 'Some employees have negative or zero salary. Please update the salary to continue.',
  creationAfterProcessing:
    'Payroll Creation Date must be greater than Payroll Processing Date. They cannot be equal.',
  processingBeforeCreation:
    'Payroll Processing Date must be less than Payroll Creation Date. They cannot be equal.',
  scheduledTomorrow: 'Scheduled pay date must be tomorrow or later',
  scheduledRequired: 'Please select a scheduled pay date',
  processingDayRequired: 'Please enter the payroll processing day',
  creationDayRequired: 'Please enter the payroll creation day',
  nameRequired: 'Payroll name is required',
  employeesRequired: 'Please select at least one employee',
  employeeNotFound: 'Employee not found',
  employeeTwice: 'This employee is already in the payroll',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'An employee with this email already exists',
  emailDuplicate: 'This email appears more than once',
  nameMissing: 'Employee name is required',
  reservedLine: 'This description is reserved for a statutory deduction',
  employeesUpdated: 'Payroll Employees Updated!',
  employeeDeleted: 'Employee deleted successfully',
  noPermission: 'No permission to view salary details',
  created: 'Payroll created successfully',
  updated: 'Payroll updated successfully',
  deleted: 'Payroll deleted successfully',
  submitted: 'Payroll submitted for approval',
  notEditable: 'Only a draft or rejected payroll can be changed',
  notSubmittable: 'Only a draft payroll can be submitted for approval',
  notRetriable: 'There are no failed payments to retry on this payroll',
  retried: 'Failed payments are being retried',
  insufficientFunds: 'Insufficient funds, top-up required',
  selectWallet: 'Please select a wallet to pay from',
  ngnOnly: 'Payroll is paid from the NGN wallet',
  invitationSent: 'Invitation sent successfully',
  stateInvalid: 'Select one of the 36 states or the Federal Capital Territory',
  rsaPinInvalid: 'RSA PIN must be PEN followed by 12 digits',
  nhfNumberInvalid: 'NHF number must be letters and digits, up to 20',
  monthInvalid: 'Month must be YYYY-MM',
  accountNumberForBank: 'Enter the account number at the new bank',
} as const;

/** The PenCom RSA PIN: PEN and 12 digits (upper-cased). */
export const RSA_PIN_RE = /^PEN\d{12}$/;

/** The remittance fields of an employee (issue 25 §4), each optional: blank values are "none". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && !v.trim() ? undefined : v);
const optionalBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional()).optional();
export const remittanceFields = {
  stateOfResidence: optionalBlank(
    z
      .string()
      .trim()
      .max(60, PAYROLL_MSG.stateInvalid)
      .transform((v, ctx) => {
        const hit = NIGERIAN_STATES.find(
          (st) =>
            st.toLowerCase() === v.toLowerCase() || (v.toUpperCase() === 'FCT' && st.startsWith('Federal')),
        );
        if (!hit) {
          ctx.addIssue({ code: 'custom', message: PAYROLL_MSG.stateInvalid });
          return z.NEVER;
        }
        return hit;
      }),
  ),
  pfaName: optionalBlank(z.string().trim().max(120)),
  rsaPin: optionalBlank(
    z
      .string()
      .trim()
      .max(20, PAYROLL_MSG.rsaPinInvalid)
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(RSA_PIN_RE, PAYROLL_MSG.rsaPinInvalid)),
  ),
  nhfNumber: optionalBlank(
    z
      .string()
      .trim()
      .max(20, PAYROLL_MSG.nhfNumberInvalid)
      .regex(/^[A-Za-z0-9/-]{1,20}$/, PAYROLL_MSG.nhfNumberInvalid),
  ),
};

export const PAYROLL_TYPES = ['once', 'recurring'] as const;
export const PAYROLL_MODES = ['instant', 'scheduled'] as const;
/**
 * draft -> pending (submitted to the approvals engine) -> rejected (edit, resolve -> pending) |
 * approved -> paying (net pay held, each row sent) -> completed | partially_failed | failed.
 */
export const PAYROLL_STATUSES = [
  'draft',
  'pending',
  'rejected',
  'approved',
  'paying',
  'completed',
  'partially_failed',
  'failed',
] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const PAYROLL_ROW_STATUSES = ['pending', 'paying', 'paid', 'failed'] as const;
export type PayrollRowStatus = (typeof PAYROLL_ROW_STATUSES)[number];

/** 002 §6: among the built-in roles only owner and admin may view payroll sensitive data. */
export const canViewPayrollSensitiveData = (roleSlug: string | null | undefined) =>
  !!roleSlug && (FULL_ACCESS_ROLES as readonly string[]).includes(roleSlug);

/** Salary: > 0 with at most 2 decimals (002 §5), monthly naira. Answers kobo. */
export const salarySchema = z
  .union([z.number(), z.string().max(32, PAYROLL_MSG.salaryDecimals)])
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    if (!/^-?\d{1,13}(\.\d+)?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: PAYROLL_MSG.salaryMin });
      return z.NEVER;
    }
    if (/\.\d{3,}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: PAYROLL_MSG.salaryDecimals });
      return z.NEVER;
    }
    const [w, f = ''] = s.replace('-', '').split('.');
    const minor = (Number(w) * 100 + Number(f.padEnd(2, '0'))) * (s.startsWith('-') ? -1 : 1);
    if (minor <= 0) {
      ctx.addIssue({ code: 'custom', message: PAYROLL_MSG.salaryMin });
      return z.NEVER;
    }
    return minor;
  });

const componentAmount = salarySchema;

export const salaryComponentInput = z.object({
  description: z.string().trim().min(1, 'Description is required').max(60),
  type: z.enum(['addition', 'deduction'], { error: 'Type must be addition or deduction' }),
  amount: componentAmount,
});

/** The rent an employee pays a year (naira; blank or 0 = none). Answers kobo. */
const annualRentAmount = z.union([z.number(), z.string().max(32)]).transform((v, ctx) => {
  if (v === '' || v === 0 || v === '0') return 0;
  const s = String(v).trim();
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: PAYROLL_MSG.amountInvalid });
    return z.NEVER;
  }
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
});

export const employeeInput = z.object({
  name: z.string().trim().min(1, PAYROLL_MSG.nameMissing).max(120),
  email: z.string().trim().toLowerCase().max(254).email(PAYROLL_MSG.emailInvalid),
  salaryAmount: salarySchema,
  bankCode: z.string().trim().min(1, 'Please select a bank').max(10),
  accountNumber: z
    .string()
    .max(10, 'Account number must be 10 digits')
    .trim()
    .regex(/^\d{10}$/, 'Account number must be 10 digits'),
  accountName: z.string().trim().max(120).optional(),
  annualRent: annualRentAmount.optional().transform((v) => v ?? 0),
  nhfEnabled: z.boolean().optional(),
  components: z.array(salaryComponentInput).max(30).optional(),
  ...remittanceFields,
});
export type EmployeeInput = z.input<typeof employeeInput>;
export const addEmployeesBody = z.object({ employees: z.array(employeeInput).min(1).max(1000) });

/**
 * PUT /payrolls/employees/{id}: the add body, where an omitted figure (`salaryAmount`, `annualRent`,
 * `components`, `nhfEnabled`), account number or RSA PIN keeps the stored value (both leave the API
 * masked). A new account number (or bank) is NUBAN-checked and its resolved name wins. A caller
 * without canViewPayrollSensitiveData may not send figures (403).
 */
export const employeeUpdateInput = employeeInput.extend({
  salaryAmount: salarySchema.optional(),
  annualRent: annualRentAmount.optional(),
  accountNumber: employeeInput.shape.accountNumber.optional(),
});
export type EmployeeUpdateInput = z.input<typeof employeeUpdateInput>;

export const componentSchema = z.object({
  description: z.string(),
  type: z.enum(['addition', 'deduction']),
  /** Deductions are negative. Null when the caller may not view salary figures. */
  amount: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
});

/** A staff-side employee (002 §3 Employee; issue 25: staff rows answer `email`). */
export const employeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** False when salary figures were withheld (no canViewPayrollSensitiveData): every figure is null. */
  salaryVisible: z.boolean(),
  salaryAmount: z.string().nullable(),
  salaryAmountMinor: z.number().int().nullable(),
  annualRent: z.string().nullable(),
  annualRentMinor: z.number().int().nullable(),
  nhfEnabled: z.boolean(),
  bankDetails: z.object({
    bankCode: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    /** Masked (`******1234`) unless the caller may view sensitive data. */
    accountNumber: z.string(),
  }),
  components: z.array(componentSchema),
  salaryBreakdown: z.record(z.string(), z.string()).nullable(),
  salaryBreakdownMinor: z.record(z.string(), z.number().int()).nullable(),
  /** Net pay: `employeeNetPay` (payroll-pay.ts), the same function as every run, payslip and export. */
  finalAmount: z.string().nullable(),
  finalAmountMinor: z.number().int().nullable(),
  /** Gross = salaryAmount + additions (002 §3). */
  grossAmount: z.string().nullable(),
  grossAmountMinor: z.number().int().nullable(),
  /** PAYE + pension + NHF, and the employee's own deductions (both positive kobo). */
  statutoryDeductionsMinor: z.number().int().nullable(),
  otherDeductionsMinor: z.number().int().nullable(),
  /**
   * Figures to review, never changed silently (issue 35 §5): `componentsDoubleSalary` = the Basic,
   * Housing and Transport additions add up to the salary itself (the gross is doubled). Empty when
   * the caller may not view salary figures.
   */
  reviewFlags: z.array(z.enum(PAY_REVIEW_FLAGS)),
  invitationStatus: z.enum(['invited', 'accepted']),
  groupId: z.string().nullable(),
  /** The group's name (null without a group). */
  groupName: z.string().nullable(),
  /** One of the 36 states or the Federal Capital Territory (the PAYE remittance's state). */
  stateOfResidence: z.string().nullable(),
  pfaName: z.string().nullable(),
  /** Always masked (`******1234`): the full PIN leaves only in the pension remittance file. */
  rsaPin: z.string().nullable(),
  nhfNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayrollEmployee = z.infer<typeof employeeSchema>;

export const employeeListQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  /** Only the employees of this group. */
  groupId: z.string().uuid('Group not found').optional(),
  ...listFormatQuery.shape,
});

const dayNumber = z.coerce
  .number({ error: 'Day must be a number from 0 to 31' })
  .int('Day must be a number from 0 to 31')
  .min(0, 'Day must be a number from 0 to 31')
  .max(31, 'Day must be a number from 0 to 31');

/** Lines of one employee for this run: description → amount (earnings positive, deductions negative). */
const breakdownLines = z.record(z.string().max(60), z.union([z.number(), z.string().max(32)]));

export const payrollBodyBase = z.object({
  name: z.string().trim().min(1, PAYROLL_MSG.nameRequired).max(120),
  description: z.string().trim().max(500).optional(),
  type: z.enum(PAYROLL_TYPES, { error: 'Payroll type must be once or recurring' }),
  mode: z.enum(PAYROLL_MODES, { error: 'Payout type must be instant or scheduled' }),
  walletId: z.string().uuid(PAYROLL_MSG.selectWallet),
  employees: z.array(z.string().uuid()).min(1, PAYROLL_MSG.employeesRequired).max(10_000),
  daysBeforeMonthEndToCreatePayroll: dayNumber.optional().nullable(),
  daysBeforeMonthEndToProcessPayroll: dayNumber.optional().nullable(),
  scheduledPayDate: z.string().date('Enter a valid date').optional().nullable(),
  /** Per employee id, this run's non-statutory lines; computed from the employee when omitted. */
  payrollBreakdown: z.record(z.string().uuid(), breakdownLines).optional(),
});

/**
 * PUT /payrolls/{id}/employees: the run's employees as they should be. `lines` are this run's
 * non-statutory lines (Salary, allowances, deductions negative); omitted, a row already in the run
 * keeps its lines and a new one takes the employee's own. PAYE, pension and NHF are recomputed.
 */
export const payrollEmployeesBody = z.object({
  employees: z
    .array(
      z.object({
        employeeId: z.string().uuid(PAYROLL_MSG.employeeNotFound),
        lines: breakdownLines.optional(),
      }),
    )
    .min(1, PAYROLL_MSG.employeesRequired)
    .max(10_000),
});
export type PayrollEmployeesInput = z.input<typeof payrollEmployeesBody>;

/** The dialog's rules (000 §5, 002 §5), checked by the server and the form alike. */
export function checkPayrollDates(
  v: {
    type: string;
    mode: string;
    daysBeforeMonthEndToCreatePayroll?: number | null;
    daysBeforeMonthEndToProcessPayroll?: number | null;
    scheduledPayDate?: string | null;
  },
  today: string,
): Record<string, string> {
  const e: Record<string, string> = {};
  const c = v.daysBeforeMonthEndToCreatePayroll;
  const p = v.daysBeforeMonthEndToProcessPayroll;
  if (v.type === 'recurring' && (c === undefined || c === null))
    e.daysBeforeMonthEndToCreatePayroll = PAYROLL_MSG.creationDayRequired;
  if (
    (v.type === 'recurring' || v.mode === 'scheduled') &&
    (p === undefined || p === null) &&
    v.type === 'recurring'
  )
    e.daysBeforeMonthEndToProcessPayroll = PAYROLL_MSG.processingDayRequired;
  if (c !== undefined && c !== null && p !== undefined && p !== null && !(c > p)) {
    e.daysBeforeMonthEndToCreatePayroll = PAYROLL_MSG.creationAfterProcessing;
    e.daysBeforeMonthEndToProcessPayroll = PAYROLL_MSG.processingBeforeCreation;
  }
  if (v.mode === 'scheduled' && v.type === 'once') {
    if (!v.scheduledPayDate) e.scheduledPayDate = PAYROLL_MSG.scheduledRequired;
    else if (v.scheduledPayDate <= today) e.scheduledPayDate = PAYROLL_MSG.scheduledTomorrow;
  }
  return e;
}

export const payrollBody = payrollBodyBase;
export type PayrollInput = z.input<typeof payrollBody>;

const moneyPair = (name: string) => ({
  [name]: z.string().nullable(),
  [`${name}Minor`]: z.number().int().nullable(),
});

export const payrollSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(PAYROLL_TYPES),
  mode: z.enum(PAYROLL_MODES),
  status: z.enum(PAYROLL_STATUSES),
  walletId: z.string(),
  employeeCount: z.number().int(),
  paidCount: z.number().int(),
  failedCount: z.number().int(),
  daysBeforeMonthEndToCreatePayroll: z.number().int().nullable(),
  daysBeforeMonthEndToProcessPayroll: z.number().int().nullable(),
  scheduledPayDate: z.string().nullable(),
  salaryVisible: z.boolean(),
  ...(moneyPair('grossAmount') as {
    grossAmount: z.ZodNullable<z.ZodString>;
    grossAmountMinor: z.ZodNullable<z.ZodNumber>;
  }),
  ...(moneyPair('netAmount') as {
    netAmount: z.ZodNullable<z.ZodString>;
    netAmountMinor: z.ZodNullable<z.ZodNumber>;
  }),
  ...(moneyPair('employerCost') as {
    employerCost: z.ZodNullable<z.ZodString>;
    employerCostMinor: z.ZodNullable<z.ZodNumber>;
  }),
  /** Totals of the run by line (earnings positive, deductions negative); null when masked. */
  payrollBreakdown: z.record(z.string(), z.string()).nullable(),
  payrollBreakdownMinor: z.record(z.string(), z.number().int()).nullable(),
  employerCosts: z.record(z.string(), z.string()).nullable(),
  maker: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payroll = z.infer<typeof payrollSchema>;
export const payrollDetailSchema = payrollSchema.extend({
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type PayrollDetail = z.infer<typeof payrollDetailSchema>;

export const payrollRowSchema = z.object({
  id: z.string(),
  employeeId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  status: z.enum(PAYROLL_ROW_STATUSES),
  attempt: z.number().int(),
  failureReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  bankDetails: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  salaryVisible: z.boolean(),
  salaryAmount: z.string().nullable(),
  salaryAmountMinor: z.number().int().nullable(),
  finalAmount: z.string().nullable(),
  finalAmountMinor: z.number().int().nullable(),
  salaryBreakdown: z.record(z.string(), z.string()).nullable(),
  salaryBreakdownMinor: z.record(z.string(), z.number().int()).nullable(),
  employerCosts: z.record(z.string(), z.string()).nullable(),
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollListQuery = listQuery.extend({
  status: z.enum(PAYROLL_STATUSES).optional(),
  type: z.enum(PAYROLL_TYPES).optional(),
  ...listFormatQuery.shape,
});
export const payrollRowsQuery = listQuery.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  status: z.enum(PAYROLL_ROW_STATUSES).optional(),
  ...listFormatQuery.shape,
});

export const payrollReceiptSchema = z.object({
  reference: z.string(),
  name: z.string(),
  status: z.enum(PAYROLL_STATUSES),
  employeeCount: z.number().int(),
  paidCount: z.number().int(),
  failedCount: z.number().int(),
  salaryVisible: z.boolean(),
  paidAmount: z.string().nullable(),
  paidAmountMinor: z.number().int().nullable(),
  fees: z.string().nullable(),
  feesMinor: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  companyName: z.string(),
});

/** A payslip (002 §3): one employee's row of a paid run. Figures null when masked. */
export const payslipSchema = z.object({
  id: z.string(),
  payrollId: z.string(),
  payrollName: z.string(),
  createdAt: z.string(),
  companyName: z.string(),
  status: z.enum(PAYROLL_ROW_STATUSES),
  payPeriod: z.string(),
  payrollEmployee: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  bankDetails: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  salaryVisible: z.boolean(),
  amount: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  finalAmount: z.string().nullable(),
  finalAmountMinor: z.number().int().nullable(),
  salaryBreakdown: z.record(z.string(), z.string()).nullable(),
  salaryBreakdownMinor: z.record(z.string(), z.number().int()).nullable(),
});
export type Payslip = z.infer<typeof payslipSchema>;

// ---- import with validation batches (002 §7 csv calls, issue 25 §2) ----

export const PAYROLL_IMPORT_MSG = {
  /** Deviation: the spec's 'please select an image or pdf' is wrong for this dialog (FEATURES.md). */
  fileFormat: 'Invalid file format, please select a CSV or Excel file',
  fileRequired: 'Please select a file to upload',
  empty: 'The file has no employee rows',
  tooMany: 'A file may hold at most 10,000 employees',
  missingColumns: 'The file is missing the columns: ',
  required: 'This field is required',
  bankUnknown: 'Unknown bank',
  accountNotVerified: 'We could not verify this account number at the selected bank',
  accountDigits: 'Account number must be 10 digits',
  nubanFailed: 'This account number fails the NUBAN check for the selected bank',
  emailDuplicate: 'This email appears more than once in the file',
  emailTaken: 'An employee with this email already exists',
  accountDuplicate: 'This bank account appears more than once in the file',
  accountTaken: 'An employee with this bank account already exists',
  hasProblems: 'Some rows have problems. Fix them before importing.',
  stillChecking: 'Account names are still being checked. Please wait.',
  notOpen: 'This import has already been committed or discarded',
  extracted: 'File read successfully',
  validated: 'Employees validated',
  entryUpdated: 'Row updated',
  committed: 'Employees imported successfully',
  discarded: 'Import discarded',
  deleted: 'Import deleted',
  retried: 'Validation restarted',
} as const;

/** The template's columns (the add body's names); extract accepts them in any case. */
export const PAYROLL_IMPORT_COLUMNS = [
  'name',
  'email',
  'salaryAmount',
  'bankCode',
  'accountNumber',
  'accountName',
  'annualRent',
  'stateOfResidence',
  'pfaName',
  'rsaPin',
  'nhfNumber',
] as const;
export const PAYROLL_IMPORT_REQUIRED_COLUMNS = [
  'name',
  'email',
  'salaryAmount',
  'bankCode',
  'accountNumber',
] as const;
export const PAYROLL_IMPORT_MAX_ROWS = 10_000;
export const IMPORT_ACTIONS = ['commit', 'discard'] as const;

const cell = (max: number) => z.string().max(max, 'Value is too long').optional().default('');
/** One spreadsheet row as text: the server reports every problem per column instead of refusing. */
export const importEntryInput = z.object({
  name: cell(200),
  email: cell(254),
  salaryAmount: cell(32),
  bankCode: cell(60),
  accountNumber: cell(20),
  accountName: cell(200),
  annualRent: cell(32),
  stateOfResidence: cell(60),
  pfaName: cell(120),
  rsaPin: cell(20),
  nhfNumber: cell(20),
});
export type ImportEntryInput = z.input<typeof importEntryInput>;
export const importValidateBody = z.object({
  fileName: z.string().trim().max(200).optional(),
  entries: z
    .array(importEntryInput)
    .min(1, PAYROLL_IMPORT_MSG.empty)
    .max(PAYROLL_IMPORT_MAX_ROWS, PAYROLL_IMPORT_MSG.tooMany),
});
export const importExtractSchema = z.object({
  fileName: z.string(),
  columns: z.array(z.string()),
  entries: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      salaryAmount: z.string(),
      bankCode: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
      annualRent: z.string(),
      stateOfResidence: z.string(),
      pfaName: z.string(),
      rsaPin: z.string(),
      nhfNumber: z.string(),
    }),
  ),
});

export const IMPORT_BATCH_STATUSES = ['validating', 'validated', 'committed', 'discarded'] as const;
export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUSES)[number];

export const importEntrySchema = z.object({
  id: z.string(),
  rowNo: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Null when the caller may not view salary figures. */
  salaryAmount: z.string().nullable(),
  annualRent: z.string().nullable(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
  /** Masked (`******1234`). */
  accountNumber: z.string(),
  accountName: z.string().nullable(),
  stateOfResidence: z.string().nullable(),
  pfaName: z.string().nullable(),
  /** Masked (`******1234`). */
  rsaPin: z.string().nullable(),
  nhfNumber: z.string().nullable(),
  /** pending: the name lookup has not run yet; resolved / failed / skipped (the row has other problems). */
  nameStatus: z.enum(['pending', 'resolved', 'failed', 'skipped']),
  /** Column → problem; empty when the row can be imported. */
  errors: z.record(z.string(), z.string()),
  valid: z.boolean(),
});
export type ImportEntry = z.infer<typeof importEntrySchema>;

export const importBatchSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(IMPORT_BATCH_STATUSES),
  salaryVisible: z.boolean(),
  total: z.number().int(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Account-name resolution progress: resolved (or failed) of those to check. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;
export const importBatchDetailSchema = importBatchSchema.extend({
  entries: z.array(importEntrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  entriesTotal: z.number().int(),
});
export const importBatchQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  problems: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const importActionParams = z.object({
  batchId: z.string().uuid('Import not found'),
  x: z.enum(IMPORT_ACTIONS, { error: 'The action must be commit or discard' }),
});

// ---- groups (002 §2 /payroll/groups, §7 POST /payrolls/employees/{id}/group) ----

export const GROUP_MSG = {
  nameRequired: 'Group name is required',
  nameTaken: 'A group with this name already exists',
  created: 'Group created successfully',
  updated: 'Group updated successfully',
  deleted: 'Group deleted successfully',
  assigned: 'Employee group updated',
  notFound: 'Group not found',
} as const;
export const groupBody = z.object({
  name: z.string().trim().min(1, GROUP_MSG.nameRequired).max(80),
  description: z.string().trim().max(300).optional(),
});
export const employeeGroupBody = z.object({
  /** null takes the employee out of their group. */
  groupId: z.string().uuid(GROUP_MSG.notFound).nullable(),
});
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  employeeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayrollGroup = z.infer<typeof groupSchema>;

// ---- statutory settings (issue 25 §0, §4: each uncertain rule a setting) ----

export const payrollSettingsSchema = z.object({
  /** Statutory deductions computed at all. */
  enabled: z.boolean(),
  /** NHF for new employees (each employee has its own switch). */
  nhfDefault: z.boolean(),
  /** Pension applies when the company has at least this many employees. */
  pensionMinEmployees: z.number().int(),
  /** Employees earning the national minimum wage or less pay no PAYE. */
  minimumWageExempt: z.boolean(),
  minimumWageMonthly: z.string(),
  /** NSITF on gross pay or on basic + housing + transport. */
  nsitfBase: z.enum(['gross', 'bht']),
});
export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;
export const payrollSettingsBody = z.object({
  enabled: z.boolean(),
  nhfDefault: z.boolean(),
  pensionMinEmployees: z.coerce
    .number({ error: 'Enter a number of employees from 1 to 1000' })
    .int('Enter a number of employees from 1 to 1000')
    .min(1, 'Enter a number of employees from 1 to 1000')
    .max(1000, 'Enter a number of employees from 1 to 1000'),
  minimumWageExempt: z.boolean(),
  nsitfBase: z.enum(['gross', 'bht'], { error: 'NSITF base must be gross or bht' }),
});
export const SETTINGS_MSG = { updated: 'Payroll settings updated' } as const;

// ---- remittance schedules (issue 25 §4) ----

export const REMITTANCE_KINDS = ['paye', 'pension', 'nhf'] as const;
export type RemittanceKind = (typeof REMITTANCE_KINDS)[number];
export const remittanceParams = z.object({
  month: z
    .string()
    .max(7, PAYROLL_MSG.monthInvalid)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, PAYROLL_MSG.monthInvalid),
  file: z.enum(['paye.csv', 'pension.csv', 'nhf.csv'], {
    error: 'The file must be paye.csv, pension.csv or nhf.csv',
  }),
});
/** The columns of each remittance file (the bodies' schedules: state IRS, PFA, FMBN). */
export const REMITTANCE_COLUMNS = {
  paye: ['State of residence', 'Employee name', 'Email', 'Payroll reference', 'Gross pay', 'PAYE'],
  pension: [
    'PFA',
    'RSA PIN',
    'Employee name',
    'Employee contribution (8%)',
    'Employer contribution (10%)',
    'Total',
  ],
  nhf: ['NHF number', 'Employee name', 'Basic salary', 'NHF (2.5%)'],
} as const;
