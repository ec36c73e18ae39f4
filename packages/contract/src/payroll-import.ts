// Payroll: the employee import with validation batches (002 §7 csv calls, issue 25 §2).
import { z } from 'zod';

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
