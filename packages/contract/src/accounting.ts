import { z } from 'zod';
import { listQuery } from './http';

// Accounting integration (001 §2 settings/integrations and the import payment tags flow, §3
// Integration, §4 Accounting integration, §7 Accounting; 002 §4 payroll). Resources
// `accountingIntegrations` and `paymentTags`. Routes under /api/accounting.

export const ACCOUNTING_PROVIDERS = ['sandbox', 'quickbooks'] as const;
export type AccountingProvider = (typeof ACCOUNTING_PROVIDERS)[number];
export const ACCOUNTING_PROVIDER_NAMES: Record<AccountingProvider, string> = {
  sandbox: 'Owo Sandbox Books',
  quickbooks: 'QuickBooks Online',
};

/** Provider account types (QuickBooks' BooksAccountType names). */
export const BOOKS_ACCOUNT_TYPES = [
  'Expense',
  'Other Expense',
  'Cost of Goods Sold',
  'Bank',
  'Credit Card',
  'Accounts Payable',
  'Other Current Liability',
  'Income',
  'Equity',
  'Fixed Asset',
  'Other Current Asset',
] as const;
export type BooksAccountType = (typeof BOOKS_ACCOUNT_TYPES)[number];

/** The documents a paid record becomes in the books. */
export const POSTING_DOCUMENTS = ['Purchase', 'Bill', 'JournalEntry'] as const;
export type PostingDocument = (typeof POSTING_DOCUMENTS)[number];
export const POSTING_RECORDS = ['expense', 'payout', 'bill', 'payroll'] as const;
export type PostingRecord = (typeof POSTING_RECORDS)[number];
export const POSTING_STATUSES = ['pending', 'posted', 'failed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

export const ACCOUNTING_MSG = {
  /** 001 §4: the expired-authorisation modal. */
  expiredTitle: 'Integration access expired',
  expired: 'Access to the following integration has expired...',
  continueWithoutSync: 'Continue without Sync',
  revalidate: 'Revalidate Access',
  connectStarted: 'Continue to your accounting software to grant access',
  connected: 'Accounting software connected',
  disconnected: 'Accounting software disconnected',
  stateInvalid: 'This authorisation link is invalid or has expired. Please connect again',
  codeInvalid: 'The accounting software refused the authorisation. Please connect again',
  notConnected: 'No accounting software is connected',
  authExpired: 'Access to the accounting software has expired. Revalidate access to sync',
  providerUnavailable: 'The accounting software could not be reached. Please try again',
  accountsSynced: 'Chart of accounts synced',
  locationsSynced: 'Locations synced',
  mappingSaved: 'Payment tags imported',
  categoryNotFound: 'Category not found',
  providerAccountNotFound: 'Account not found in the chart of accounts',
  classNotFound: 'Class not found',
  postingNotFound: 'Posting not found',
  postingRetried: 'Posting queued again',
  postingNotFailed: 'Only a failed posting can be retried',
  syncConfirm:
    'Sync the chart of accounts from your accounting software? Accounts, classes and locations are replaced with what the software holds now.',
} as const;

export const providerParam = z.object({ provider: z.enum(ACCOUNTING_PROVIDERS) });
export const accountTypeParam = z.object({ type: z.enum(BOOKS_ACCOUNT_TYPES) });

export const connectBody = z.object({ type: z.enum(ACCOUNTING_PROVIDERS).default('sandbox') });
export type ConnectBody = z.input<typeof connectBody>;
export const connectAnswer = z.object({ type: z.enum(ACCOUNTING_PROVIDERS), url: z.string() });
export type ConnectAnswer = z.infer<typeof connectAnswer>;

export const callbackQuery = z.object({
  code: z.string().trim().min(1).max(512),
  state: z.string().trim().min(1).max(128),
  realmId: z.string().trim().min(1).max(64),
});
export type CallbackQuery = z.infer<typeof callbackQuery>;

/** 001 §3 Integration, with what the screens need beside it. */
export const integrationSchema = z.object({
  type: z.enum(ACCOUNTING_PROVIDERS),
  name: z.string(),
  enabled: z.boolean(),
  authTokenValid: z.boolean(),
  realmId: z.string(),
  connectedAt: z.string(),
  accountsSyncedAt: z.string().nullable(),
  locationsSyncedAt: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const authStatusSchema = z.object({
  connected: z.boolean(),
  type: z.enum(ACCOUNTING_PROVIDERS).nullable(),
  name: z.string().nullable(),
  enabled: z.boolean(),
  authTokenValid: z.boolean(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const providerAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  active: z.boolean(),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

export const categoryMappingSchema = z.object({
  categoryId: z.string(),
  categoryName: z.string(),
  providerAccountId: z.string().nullable(),
  providerAccountName: z.string().nullable(),
  classId: z.string().nullable(),
  className: z.string().nullable(),
});
export type CategoryMapping = z.infer<typeof categoryMappingSchema>;

const refId = z.string().trim().min(1).max(64);

/**
 * The account choices beyond the category mapping (issue 27 §1 Posting): where payroll's journal
 * lines and transfer fees go. The first accounts sync picks defaults from the chart by account type
 * and name (`syncAccounts`); the import flow changes them.
 */
export const JOURNAL_ACCOUNT_KEYS = [
  /** Expense: employer pension contributions (10%). */
  'employerPensionAccountId',
  /** Expense: NSITF (1%, employer). */
  'nsitfExpenseAccountId',
  /** Liability: PAYE withheld. */
  'payePayableAccountId',
  /** Liability: pension, employee + employer, owed to the PFAs. */
  'pensionPayableAccountId',
  /** Liability: NHF withheld. */
  'nhfPayableAccountId',
  /** Liability: NSITF owed. */
  'nsitfPayableAccountId',
  /** Liability: other salary deductions (loans, dues) held for their payee. */
  'otherDeductionsAccountId',
  /** Expense: transfer fees charged by Owo. */
  'bankChargesAccountId',
] as const;
export type JournalAccountKey = (typeof JOURNAL_ACCOUNT_KEYS)[number];

export const mappingBody = z.object({
  /** The bank account payments leave from; the default expense account for unmapped categories. */
  bankAccountId: refId.optional(),
  defaultExpenseAccountId: refId.optional(),
  payrollAccountId: refId.optional(),
  employerPensionAccountId: refId.optional(),
  nsitfExpenseAccountId: refId.optional(),
  payePayableAccountId: refId.optional(),
  pensionPayableAccountId: refId.optional(),
  nhfPayableAccountId: refId.optional(),
  nsitfPayableAccountId: refId.optional(),
  otherDeductionsAccountId: refId.optional(),
  bankChargesAccountId: refId.optional(),
  mappings: z
    .array(
      z.object({
        categoryId: z.string().uuid(),
        providerAccountId: refId.nullable(),
        classId: refId.nullable().optional(),
      }),
    )
    .max(500),
});
export type MappingBody = z.input<typeof mappingBody>;

export const mappingAnswer = z.object({
  bankAccountId: z.string().nullable(),
  defaultExpenseAccountId: z.string().nullable(),
  payrollAccountId: z.string().nullable(),
  employerPensionAccountId: z.string().nullable(),
  nsitfExpenseAccountId: z.string().nullable(),
  payePayableAccountId: z.string().nullable(),
  pensionPayableAccountId: z.string().nullable(),
  nhfPayableAccountId: z.string().nullable(),
  nsitfPayableAccountId: z.string().nullable(),
  otherDeductionsAccountId: z.string().nullable(),
  bankChargesAccountId: z.string().nullable(),
  mappings: z.array(categoryMappingSchema),
});
export type MappingAnswer = z.infer<typeof mappingAnswer>;

export const postingSchema = z.object({
  id: z.string(),
  record: z.enum(POSTING_RECORDS),
  recordId: z.string(),
  reference: z.string(),
  document: z.enum(POSTING_DOCUMENTS),
  status: z.enum(POSTING_STATUSES),
  amount: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  providerDocumentId: z.string().nullable(),
  link: z.string(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
});
export type Posting = z.infer<typeof postingSchema>;

export const postingListQuery = listQuery.extend({ status: z.enum(POSTING_STATUSES).optional() });
