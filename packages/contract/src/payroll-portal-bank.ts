// The employee portal's add-bank (issue 25 §5): the employee asks for a new salary account; it is
// NUBAN-checked and resolved, then waits for HR's approval through the approvals engine (type
// `employeeBankChange`) before any run uses it.
import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { validateAccountQuery } from './banks';

export const PORTAL_BANK_MSG = {
  submitted: 'Your new bank account has been sent to HR for approval',
  pending: 'A bank account change is already awaiting approval',
  sameAccount: 'This is already your salary account',
  approved: 'Employee bank account approved',
} as const;

/** POST /employee-portal/bank-account: the same 10-digit and bank rules as every bank form. */
export const portalBankBody = validateAccountQuery;
export type PortalBankInput = z.input<typeof portalBankBody>;

export const BANK_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A requested change as the employee (and HR) see it: the number masked to its last 4. */
export const employeeBankChangeSchema = z.object({
  id: z.string().uuid(),
  reference: z.string(),
  status: z.enum(BANK_CHANGE_STATUSES),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** Whether the resolved account name matches the employee's name (shared words, any order). */
  nameMatches: z.boolean(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type EmployeeBankChange = z.infer<typeof employeeBankChangeSchema>;

/** GET /employee-portal/bank-account. */
export const portalBankSchema = z.object({
  current: z.object({
    bankCode: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
  pendingChange: employeeBankChangeSchema.nullable(),
  /** The latest decided change (approved or rejected, with the reason), if any. */
  lastDecision: employeeBankChangeSchema.nullable(),
});
export type PortalBank = z.infer<typeof portalBankSchema>;

/** GET /payrolls/employees/{id}/bank-change: the pending change for HR, with the shared modals' item. */
export const staffBankChangeSchema = z.object({
  pendingChange: employeeBankChangeSchema.nullable(),
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type StaffBankChange = z.infer<typeof staffBankChangeSchema>;

/** GET /payrolls/employees/bank-changes: every pending change of the company, for HR's panel. */
export const staffBankChangeItemSchema = z.object({
  employee: z.object({ id: z.string().uuid(), name: z.string(), email: z.string() }),
  change: employeeBankChangeSchema,
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type StaffBankChangeItem = z.infer<typeof staffBankChangeItemSchema>;
