import { z } from 'zod';
import { majorAmount, minorAmount } from './money';
import { ACTIONS, RESOURCES } from './permissions';

// Teams: roles, invitations and members (002 §2 Teams, §3, §5 Teams and access, §7).

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const TEAM_MSG = {
  emailInvalid: 'Please enter a valid email address',
  roleRequired: 'Role is required',
  roleNameRequired: 'Name is required',
  roleDescriptionRequired: 'Description is required',
  roleUnknown: 'This role does not exist for this account',
  roleExists: 'A role with this name already exists',
  builtInRoleReadOnly: 'Built-in roles cannot be changed',
  onlyOwnerInvitesOwner: 'Only an owner can invite another owner',
  onlyOwnerGrantsOwner: 'Only an owner can make someone an owner',
  alreadyMember: 'This user is already a member of this account',
  ownerInviteRoleFixed: 'The role of an owner invitation cannot be changed',
  invitationNotPending: 'This invitation is no longer pending',
  invitationExpired: 'This invitation has expired',
  invitationUsed: 'This invitation is no longer valid',
  invitationOtherEmail: 'This invitation was sent to a different email address',
  ownerRoleFixed: "The owner's role cannot be changed",
  ownRoleFixed: 'You cannot change your own role',
  ownerNotRevocable: "The owner's access cannot be revoked",
  ownAccessNotRevocable: 'You cannot revoke your own access',
  subsidiaryUnknown: 'This subsidiary does not exist for this account',
} as const;

const grantSchema = z.enum([...ACTIONS, '*']);
/** A custom role's permissions: resource -> granted actions. '*' (everything) is reserved to built-ins. */
export const roleResourcesSchema = z.partialRecord(z.enum(RESOURCES), z.array(grantSchema).min(1).max(6));

export const roleBody = z
  .object({
    name: z.string({ error: TEAM_MSG.roleNameRequired }).trim().min(1, TEAM_MSG.roleNameRequired).max(80),
    description: z
      .string({ error: TEAM_MSG.roleDescriptionRequired })
      .trim()
      .min(1, TEAM_MSG.roleDescriptionRequired)
      .max(500),
    resources: roleResourcesSchema.default({}),
  })
  .strict();
export type RoleBody = z.infer<typeof roleBody>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  resources: z.union([z.literal('*'), z.record(z.string(), z.array(z.string()))]),
  isBuiltIn: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

const emailField = z
  .string({ error: TEAM_MSG.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email(TEAM_MSG.emailInvalid));
const roleField = z.string({ error: TEAM_MSG.roleRequired }).trim().min(1, TEAM_MSG.roleRequired).max(80);

export const createInvitationBody = z
  .object({
    email: emailField,
    role: roleField,
    /** Defaults to the inviter's active subsidiary (x-subsidiary-id). */
    subsidiaryId: z.string().uuid().nullish(),
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof createInvitationBody>;

export const changeRoleBody = z.object({ role: roleField }).strict();
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  roleName: z.string(),
  subsidiaryId: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  expired: z.boolean(),
  createdAt: z.string(),
  invitedBy: z.object({ name: z.string() }).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const inviteCodeParam = z.object({ code: z.string().min(1).max(200) });
export const acceptInvitationBody = z
  .object({
    code: z
      .string({ error: 'Invitation code is required' })
      .trim()
      .min(1, 'Invitation code is required')
      .max(200),
  })
  .strict();

/** What the public accept page shows before sign-in (no secret: the code is the caller's own). */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  accountName: z.string(),
  role: z.string(),
  roleName: z.string(),
  expiresAt: z.string(),
  userExists: z.boolean(),
});

export const memberSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  role: z.string(),
  roleName: z.string(),
  active: z.boolean(),
  updatedAt: z.string(),
  /** The spend limit: `limit` in naira (decimal string), `limitMinor` in kobo. */
  limit: z.object({ limit: majorAmount, limitMinor: minorAmount }).nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberDetailSchema = memberSchema.extend({
  stats: z.object({
    totalCashOutFlow: majorAmount,
    totalCashOutFlowMinor: minorAmount,
    totalTransactions: z.number().int(),
  }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const MEMBER_FILTERS = ['agents', 'members'] as const;

export const SPEND_LIMIT_MSG = 'Spend limit must be a positive whole number of naira';
/** 002 §5: a positive integer, in naira; stored in kobo, answered as `limit.limit` (naira) and `limit.limitMinor` (kobo). */
export const spendLimitBody = z
  .object({
    amount: z
      .number({ error: SPEND_LIMIT_MSG })
      .int(SPEND_LIMIT_MSG)
      .positive(SPEND_LIMIT_MSG)
      .max(1_000_000_000_000, SPEND_LIMIT_MSG),
  })
  .strict();
