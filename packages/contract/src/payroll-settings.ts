// Payroll: groups, statutory settings and remittance schedules (002 §2, §7; issue 25 §0, §4).
import { z } from 'zod';
import { PAYROLL_MSG } from './payroll';

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
