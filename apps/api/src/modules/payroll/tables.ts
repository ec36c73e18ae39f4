import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PayrollRowStatus, PayrollStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';
import { importBatches } from '../../platform/tables';
import type { TaxBand } from './statutory';

/** A salary component; `amountMinor` is negative for a deduction (002 §5). */
export type StoredComponent = { description: string; type: 'addition' | 'deduction'; amountMinor: number };

/**
 * The account's statutory settings (issue 25 §4): every uncertain rule is a column here; an account
 * without a row uses `DEFAULT_STATUTORY`.
 */
export const payrollSettings = pgTable('payroll_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  payeBands: jsonb('paye_bands').$type<TaxBand[]>(),
  rentReliefBp: integer('rent_relief_bp').notNull().default(2000),
  rentReliefCapMinor: bigint('rent_relief_cap_minor', { mode: 'number' }).notNull().default(50_000_000),
  pensionEmployeeBp: integer('pension_employee_bp').notNull().default(800),
  pensionEmployerBp: integer('pension_employer_bp').notNull().default(1000),
  pensionMinEmployees: integer('pension_min_employees').notNull().default(3),
  nhfBp: integer('nhf_bp').notNull().default(250),
  nhfDefault: boolean('nhf_default').notNull().default(true),
  nsitfBp: integer('nsitf_bp').notNull().default(100),
  nsitfBase: text('nsitf_base').$type<'gross' | 'bht'>().notNull().default('gross'),
  minimumWageExempt: boolean('minimum_wage_exempt').notNull().default(false),
  minimumWageMonthlyMinor: bigint('minimum_wage_monthly_minor', { mode: 'number' })
    .notNull()
    .default(7_000_000),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's employee (002 §3 Employee). The bank account number is a vault field
 * (`payroll_employees.account_number`): ciphertext, with its HMAC and last 4 beside it.
 */
export const payrollEmployees = pgTable(
  'payroll_employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    salaryMinor: bigint('salary_minor', { mode: 'number' }).notNull(),
    components: jsonb('components').$type<StoredComponent[]>().notNull().default([]),
    annualRentMinor: bigint('annual_rent_minor', { mode: 'number' }).notNull().default(0),
    nhfEnabled: boolean('nhf_enabled').notNull().default(true),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountNumberHmac: text('account_number_hmac').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    groupId: uuid('group_id'),
    /** Remittance fields (issue 25 §4): state of residence (PAYE), PFA and RSA PIN (pension), NHF number. */
    stateOfResidence: text('state_of_residence'),
    pfaName: text('pfa_name'),
    /** Vault field `payroll_employees.rsa_pin` (ciphertext), last 4 beside it. */
    rsaPin: text('rsa_pin'),
    rsaPinLast4: text('rsa_pin_last4'),
    nhfNumber: text('nhf_number'),
    inviteAcceptedAt: timestamp('invite_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_employees_account_email_key').on(t.accountId, t.email),
    index('payroll_employees_account_created_idx').on(t.accountId, t.createdAt, t.id),
  ],
);

/** A payroll run (002 §3 Payroll). Totals are computed by the server from its rows. */
export const payrolls = pgTable(
  'payrolls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').$type<'once' | 'recurring'>().notNull(),
    mode: text('mode').$type<'instant' | 'scheduled'>().notNull(),
    status: text('status').$type<PayrollStatus>().notNull().default('draft'),
    walletId: uuid('wallet_id').notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    daysBeforeMonthEndToCreatePayroll: integer('days_create'),
    daysBeforeMonthEndToProcessPayroll: integer('days_process'),
    scheduledPayDate: date('scheduled_pay_date'),
    employeeCount: integer('employee_count').notNull(),
    grossMinor: bigint('gross_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    employerCostMinor: bigint('employer_cost_minor', { mode: 'number' }).notNull(),
    /** The run's totals by line: description → kobo (deductions negative). */
    breakdown: jsonb('breakdown').$type<Record<string, number>>().notNull(),
    employerCosts: jsonb('employer_costs').$type<Record<string, number>>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A month's run of a recurring payroll: the recurring payroll it was made from, and its month. */
    parentId: uuid('parent_id'),
    period: text('period'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payrolls_reference_key').on(t.reference),
    // each month's run of a recurring payroll exists once, however many workers try to make it
    uniqueIndex('payrolls_parent_period_key').on(t.parentId, t.period),
    index('payrolls_account_created_idx').on(t.accountId, t.createdAt, t.id),
  ],
);

/**
 * One employee in one run: a snapshot of pay and bank details at creation, and the payment. Each
 * attempt's transfer reference is `<payroll ref>-<row no>-<attempt>` (unique: paid at most once).
 */
export const payrollRows = pgTable(
  'payroll_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payrollId: uuid('payroll_id')
      .notNull()
      .references(() => payrolls.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    rowNo: integer('row_no').notNull(),
    employeeId: uuid('employee_id').references(() => payrollEmployees.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    /** Vault field `payroll_rows.account_number`. */
    accountNumber: text('account_number').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    grossMinor: bigint('gross_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    breakdown: jsonb('breakdown').$type<Record<string, number>>().notNull(),
    employerCosts: jsonb('employer_costs').$type<Record<string, number>>().notNull(),
    // The employee's remittance fields when the row was written (the remittance CSVs read these,
    // so a later edit of the employee never rewrites a paid month). The RSA PIN is the employee's
    // ciphertext copied as it is (vault field `payroll_employees.rsa_pin`, listed for this table).
    stateOfResidence: text('state_of_residence'),
    pfaName: text('pfa_name'),
    rsaPin: text('rsa_pin'),
    rsaPinLast4: text('rsa_pin_last4'),
    nhfNumber: text('nhf_number'),
    status: text('status').$type<PayrollRowStatus>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    transactionId: uuid('transaction_id'),
    failureReason: text('failure_reason'),
  },
  (t) => [
    uniqueIndex('payroll_rows_payroll_row_key').on(t.payrollId, t.rowNo),
    index('payroll_rows_account_idx').on(t.accountId, t.payrollId),
  ],
);

/**
 * An employee's portal identity (002 §3 Employee user): one per email, across every company that
 * employs that email (`payroll_employees.email`). Separate from staff `users`.
 */
export const employeeUsers = pgTable('employee_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A portal session: the SHA-256 of its token (Bearer or the `owo_emp` cookie) and the company the
 * employee is looking at (`payroll_employee_id`, changed by switch-account).
 */
export const employeeSessions = pgTable(
  'employee_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeUserId: uuid('employee_user_id')
      .notNull()
      .references(() => employeeUsers.id, { onDelete: 'cascade' }),
    payrollEmployeeId: uuid('payroll_employee_id')
      .notNull()
      .references(() => payrollEmployees.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_sessions_user_idx').on(t.employeeUserId)],
);

/**
 * One row of an employee import as typed (its batch is the import pipeline's `import_batches` row); `errors` holds the row's own problems (column → message) and the
 * `dup_*` flags its clashes with other rows or existing employees (recomputed in one statement).
 * The account number is vault field `payroll_import_entries.account_number` (HMAC for duplicates).
 */
export const payrollImportEntries = pgTable(
  'payroll_import_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    rowNo: integer('row_no').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    salaryText: text('salary_text').notNull(),
    salaryMinor: bigint('salary_minor', { mode: 'number' }),
    annualRentText: text('annual_rent_text').notNull(),
    annualRentMinor: bigint('annual_rent_minor', { mode: 'number' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name'),
    accountNumber: text('account_number').notNull(),
    accountNumberHmac: text('account_number_hmac'),
    accountNumberLast4: text('account_number_last4').notNull(),
    accountName: text('account_name'),
    /** Remittance columns as typed (optional); the RSA PIN is vault field `payroll_import_entries.rsa_pin`. */
    stateOfResidence: text('state_of_residence'),
    pfaName: text('pfa_name'),
    rsaPin: text('rsa_pin'),
    rsaPinLast4: text('rsa_pin_last4'),
    nhfNumber: text('nhf_number'),
    nameStatus: text('name_status').$type<'pending' | 'resolved' | 'failed' | 'skipped'>().notNull(),
    errors: jsonb('errors').$type<Record<string, string>>().notNull().default({}),
    dupEmail: boolean('dup_email').notNull().default(false),
    emailTaken: boolean('email_taken').notNull().default(false),
    dupAccount: boolean('dup_account').notNull().default(false),
    accountTaken: boolean('account_taken').notNull().default(false),
  },
  (t) => [
    uniqueIndex('payroll_import_entries_batch_row_key').on(t.batchId, t.rowNo),
    index('payroll_import_entries_pending_idx').on(t.batchId, t.nameStatus),
  ],
);

/** A group of employees (002 §2 /payroll/groups): a name to filter and pick employees by. */
export const payrollGroups = pgTable(
  'payroll_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payroll_groups_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

/** A portal password reset (002 §4): the SHA-256 of the mailed reference, single use, 1 hour. */
export const employeePasswordResets = pgTable(
  'employee_password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeUserId: uuid('employee_user_id')
      .notNull()
      .references(() => employeeUsers.id, { onDelete: 'cascade' }),
    refHash: text('ref_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_password_resets_user_idx').on(t.employeeUserId)],
);

/**
 * An employee's own request for a new salary account (issue 25 §5 add-bank), made in the employee
 * portal: pending until HR decides through the approvals engine (type `employeeBankChange`). The
 * number is sealed as the vault field `payroll_employees.account_number` (same associated data), so
 * approval copies ciphertext, HMAC and last 4 to the employee without decrypting.
 */
export const employeeBankChanges = pgTable(
  'employee_bank_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => payrollEmployees.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountNumberHmac: text('account_number_hmac').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    nameMatches: boolean('name_matches').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('employee_bank_changes_one_pending_key')
      .on(t.employeeId)
      .where(sql`${t.status} = 'pending'`),
    index('employee_bank_changes_employee_idx').on(t.employeeId, t.createdAt),
  ],
);
