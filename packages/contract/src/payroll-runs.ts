// Payroll runs: the create/edit dialog's body and date rules, a run, its rows, receipt and payslips
// (002 §3, §5, §7; issue 25).
import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listFormatQuery, listQuery } from './http';
import { PAYROLL_MODES, PAYROLL_MSG, PAYROLL_ROW_STATUSES, PAYROLL_STATUSES, PAYROLL_TYPES } from './payroll';

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
/** GET /payrolls/payslip: the list's query, narrowed to one run or one payslip (its row id). */
export const payslipListQuery = listQuery.extend({
  payrollId: z.string().uuid('Payroll must be an id').optional(),
  id: z.string().uuid('Payslip must be an id').optional(),
});
/** GET /payrolls/payslip/pdf: the payslip (its row id) to render as a PDF for staff. */
export const payslipPdfQuery = z.object({ id: z.string().uuid('Payslip must be an id') });
