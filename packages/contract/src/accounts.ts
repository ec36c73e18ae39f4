import { z } from 'zod';
import { RESOURCES } from './permissions';

// Accounts, account switching and subsidiaries (000 §2.2, §3, §4.10, §7; 002 §3 Subsidiary).
export * from './kyb';
export * from './kyb-form';
export * from './notifications';

export const ACCOUNT_TYPES = ['business', 'individual', 'reseller', 'non-profit'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  business: 'Business',
  individual: 'Individual',
  reseller: 'Reseller',
  'non-profit': 'Non-profit',
};

/**
 * A company's initials, its first two words' first letters ("Acme Trading Ltd" → "AT"): its mark on
 * what it sends (the pay page, the payslip on screen and in PDF), since companies upload no logo.
 */
export const companyInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

export const ACCOUNT_MSG = {
  nameRequired: 'Account name is required',
  nameLength: 'Account name must be between 2 and 120 characters',
  typeRequired: 'Please choose an account type',
  subsidiaryNameRequired: 'Subsidiary name is required',
  subsidiaryExists: 'A subsidiary with this name already exists',
  subsidiaryInUse: 'This subsidiary has records and cannot be deleted; deactivate it instead',
  subsidiaryUnknown: 'This subsidiary does not exist for this account',
  subsidiaryNoAccess: 'You do not have access to this subsidiary',
  allSubsidiariesForbidden: 'Only owners and admins can view all subsidiaries',
  noSubsidiaryAccess: 'You have no access to any subsidiary. Ask an owner or admin to give you access to one',
  memberRequired: 'Member is required',
  memberUnknown: 'This member does not belong to this account',
  memberFullAccess: 'Owners and admins already see every subsidiary',
  fileInUse: 'This file is used by the account setup documents and cannot be deleted',
  fileRequired: 'Please select a file',
} as const;

export { ALL_SUBSIDIARIES } from './accounts-scope';

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(2, ACCOUNT_MSG.nameLength)
    .max(120, ACCOUNT_MSG.nameLength);

export const createAccountBody = z.object({
  name: name(ACCOUNT_MSG.nameRequired),
  type: z.enum(ACCOUNT_TYPES, { error: ACCOUNT_MSG.typeRequired }),
});
export type CreateAccountBody = z.infer<typeof createAccountBody>;

export const subaccessSchema = z.object({
  id: z.string(),
  subsidiaryId: z.string(),
  active: z.boolean(),
  subsidiary: z.object({ id: z.string(), name: z.string() }),
});

/** One entry of GET /me/accounts (000 §3 "Accounts entry"); `id` is the membership id. */
export const accountEntrySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  account: z.object({ id: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES) }),
  tiers: z.array(z.object({ tier: z.number().int() })),
  role: z.string(),
  subaccess: z.array(subaccessSchema),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const resourcesSchema = z.union([
  z.literal('*'),
  z.partialRecord(z.enum(RESOURCES), z.array(z.string())),
]);

export const activeAccountSchema = z.object({
  activeAccount: accountEntrySchema.nullable(),
  resources: resourcesSchema.nullable(),
});
export type ActiveAccount = z.infer<typeof activeAccountSchema>;

/** Accepts the membership id or the account id of one of the caller's memberships. */
export const setActiveAccountBody = z.object({
  id: z.string({ error: 'Account is required' }).uuid('Account is required'),
});

export const subsidiaryBody = z.object({
  name: z
    .string({ error: ACCOUNT_MSG.subsidiaryNameRequired })
    .trim()
    .min(1, ACCOUNT_MSG.subsidiaryNameRequired)
    .max(120),
  description: z.string().trim().max(500).nullish(),
});
export const updateSubsidiaryBody = subsidiaryBody.partial().extend({ active: z.boolean().optional() });

export const subsidiarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  membersCount: z.number().int(),
  createdAt: z.string(),
});
export type Subsidiary = z.infer<typeof subsidiarySchema>;

export const subsidiaryMemberSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  active: z.boolean(),
  role: z.string(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export const subsidiaryDetailSchema = subsidiarySchema.extend({ members: z.array(subsidiaryMemberSchema) });

/** PUT /expense-subsidiary/manage-access/active (000 §4.10, 001 §7). */
export const activeSubsidiaryBody = z.object({
  subsidiaryId: z.string({ error: 'Subsidiary is required' }).uuid('Subsidiary is required'),
});
export const activeSubsidiarySchema = z.object({ subsidiaryId: z.string().nullable(), name: z.string() });
export const SUBSIDIARY_SWITCH_MSG = {
  active: (name: string) => `Switched to ${name}`,
  all: 'Switched to All Subsidiaries',
} as const;

export const subsidiaryMemberBody = z.object({
  memberId: z.string({ error: ACCOUNT_MSG.memberRequired }).uuid(ACCOUNT_MSG.memberRequired),
});
export const subsidiaryMemberActiveBody = z.object({
  active: z.boolean({ error: 'Active must be true or false' }),
});

/** POST /files/upload answer (000 §3 "File upload result"). */
export const uploadResultSchema = z.object({
  uploader: z.object({ id: z.string(), name: z.string() }),
  fileName: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
/** Server-made names: 32 hex characters and the extension of the detected type. */
export const FILE_NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp|gif|pdf)$/;
/** 32 hex characters, a point and a 3-4 letter extension. */
export const FILE_NAME_MAX = 37;
export const fileNameBody = z.object({
  fileName: z
    .string({ error: ACCOUNT_MSG.fileRequired })
    .max(FILE_NAME_MAX, 'Invalid file name')
    .regex(FILE_NAME_PATTERN, 'Invalid file name'),
});

/** GET /settings/organisation: the account, read-only type, and a KYB summary. */
export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  createdAt: z.string(),
  owner: z.object({ name: z.string(), email: z.string() }),
  kyb: z.object({
    legalName: z.string().nullable(),
    tradingName: z.string().nullable(),
    registrationNumber: z.string().nullable(),
    industry: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    state: z.string().nullable(),
    progress: z.object({ maxStep: z.number().int(), isComplete: z.boolean(), fillPercentage: z.number() }),
  }),
});
export type Organisation = z.infer<typeof organisationSchema>;
/** The account type is fixed at creation; only the display name changes here. */
export const updateOrganisationBody = z.object({ name: name(ACCOUNT_MSG.nameRequired) });
