import { z } from 'zod';
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
