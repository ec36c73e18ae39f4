import { z } from 'zod';
import { AMOUNT_TEXT_MAX, amountSchema } from './money';

// The approvals engine (issue 21 §1; 001 §3 approval trail, §4 Approval, §5 approval note, §7 Approvals;
// 002 §3 approvalWorkflowPendingApprovalItem, §6 approver flags; 000 §4.11 trail display).

/** Every approvable area. Screens read them from GET /api/approval-workflows/types, never hard-code them. */
export const APPROVAL_TYPES = [
  'expense',
  'invoice',
  'payroll',
  'marketplace',
  'payout',
  'disbursement',
  'commission',
  'payeeBankChange',
  'request',
  'employeeBankChange',
] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];
export const approvalTypeSchema = z.enum(APPROVAL_TYPES, { error: 'Unknown approval type' });

export const APPROVAL_TYPE_LABELS: Record<ApprovalType, string> = {
  expense: 'Expense',
  invoice: 'Invoice',
  payroll: 'Payroll',
  marketplace: 'Vending',
  payout: 'Payout',
  disbursement: 'Disbursement',
  commission: 'Commission',
  payeeBankChange: 'Vendor bank change',
  request: 'Fund request',
  employeeBankChange: 'Employee bank change',
};

export const LEVEL_RULES = ['any', 'all'] as const;
export type LevelRule = (typeof LEVEL_RULES)[number];

/** `cancelled`: the record went away while its item was open (`cancelApproval`); on no list. */
export const APPROVAL_ITEM_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalItemStatus = (typeof APPROVAL_ITEM_STATUSES)[number];

/** Trail entry statuses: 000 §4.11 shows Approved and Pending as such, anything else as a rejection. */
/** `Self-approved`: the owner approved their own item because nobody else could (issue 34 §9). */
export const TRAIL_STATUSES = [
  'Approved',
  'Rejected',
  'Resolved',
  'Resubmitted',
  'Cancelled',
  'Self-approved',
] as const;
export type TrailStatus = (typeof TRAIL_STATUSES)[number];

export const APPROVAL_MSG = {
  noteRequired: 'Comment is required',
  noteLength: 'Comment must be between 3 and 1000 characters',
  nameRequired: 'Name is required',
  levelsRequired: 'Add at least one approval level',
  approversRequired: 'Choose at least one approver',
  approverUnknown: 'Every approver must be an active member of this account',
  approverDuplicate: 'An approver appears twice in one level',
  rangeOrder: 'The upper amount must be greater than the lower amount',
  duplicateWorkflow: 'A workflow with the same type and conditions already exists',
  notPending: 'This item is no longer pending approval',
  notRejected: 'Only a rejected item can be resolved',
  alreadyDecided: 'You have already decided on this item at this level',
  ownItem: 'You cannot approve your own request',
  notApprover: 'You are not an approver for this item at its current level',
  overLimit: 'This amount is above your approval limit',
  notResolver: 'Only a rejection resolver can resolve this item',
  selfApproved: (type: ApprovalType) => `${APPROVAL_TYPE_LABELS[type]} self-approved`,
  approved: (type: ApprovalType) => `${APPROVAL_TYPE_LABELS[type]} approved successfully`,
  rejected: (type: ApprovalType) => `${APPROVAL_TYPE_LABELS[type]} rejected successfully`,
  resolved: (type: ApprovalType) => `${APPROVAL_TYPE_LABELS[type]} resolved successfully`,
} as const;

/**
 * Self-approval (issue 34 §9): the owner approves their own item, explicitly and audited, only when
 * nobody else can approve it and the AP policy allows it.
 */
export const SELF_APPROVAL_MSG = {
  label: 'Self-approved by the owner: no other approver',
  off: 'Self-approval is switched off in the AP policy: invite an approver',
  ownerOnly: 'Only the owner can self-approve',
  notMaker: 'Only the maker can self-approve their own item',
  otherApprover: 'Someone else can approve this item: ask them',
  approveDirectly: 'Four eyes is off: approve this item directly',
} as const;

/** Approval note (001 §5, 002 §5): required, 3 to 1000 characters. */
export const approvalNoteSchema = z
  .string({ error: APPROVAL_MSG.noteRequired })
  .trim()
  .min(1, APPROVAL_MSG.noteRequired)
  .min(3, APPROVAL_MSG.noteLength)
  .max(1000, APPROVAL_MSG.noteLength);

export const workflowLevelSchema = z.object({
  approverIds: z
    .array(z.string().uuid('Approver must be a user id'), { error: APPROVAL_MSG.approversRequired })
    .min(1, APPROVAL_MSG.approversRequired)
    .max(20, 'At most 20 approvers per level'),
  rule: z.enum(LEVEL_RULES, { error: "Rule must be 'any' or 'all'" }),
});
export type WorkflowLevel = z.infer<typeof workflowLevelSchema>;

/** Amounts in naira (decimal strings or numbers); stored in kobo. */
export const workflowBody = z.object({
  name: z.string({ error: APPROVAL_MSG.nameRequired }).trim().min(1, APPROVAL_MSG.nameRequired).max(100),
  type: approvalTypeSchema,
  amountFrom: amountSchema.optional().nullable(),
  amountTo: amountSchema.optional().nullable(),
  categoryId: z.string().uuid('Category must be an id').optional().nullable(),
  subsidiaryId: z.string().uuid('Subsidiary must be an id').optional().nullable(),
  levels: z
    .array(workflowLevelSchema, { error: APPROVAL_MSG.levelsRequired })
    .min(1, APPROVAL_MSG.levelsRequired)
    .max(10, 'At most 10 levels'),
});
export type WorkflowBody = z.input<typeof workflowBody>;

const userRef = z.object({ id: z.string(), name: z.string() });

export const workflowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: approvalTypeSchema,
  amountFrom: z.string().nullable(),
  amountFromMinor: z.number().int().nullable(),
  amountTo: z.string().nullable(),
  amountToMinor: z.number().int().nullable(),
  categoryId: z.string().nullable(),
  subsidiaryId: z.string().nullable(),
  levels: z.array(z.object({ rule: z.enum(LEVEL_RULES), approvers: z.array(userRef) })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const workflowListQuery = z.object({ type: approvalTypeSchema.optional() });

export const approvalTypeParam = z.object({ type: approvalTypeSchema });
export const approvalIdParam = z.object({ approvalId: z.string().uuid() });

export const decisionBody = z.object({
  approvalStatus: z.enum(['approved', 'rejected'], {
    error: "approvalStatus must be 'approved' or 'rejected'",
  }),
  comments: approvalNoteSchema,
});
export type DecisionBody = z.infer<typeof decisionBody>;
export const resolveBody = z.object({ comments: approvalNoteSchema });
export const selfApprovalBody = z.object({ comments: approvalNoteSchema });

export const trailEntrySchema = z.object({
  status: z.enum(TRAIL_STATUSES),
  comments: z.string(),
  dateApproved: z.string(),
  level: z.number().int(),
  userData: z.object({ id: z.string().nullable(), name: z.string() }),
  uniqueHash: z.string(),
});
export type TrailEntry = z.infer<typeof trailEntrySchema>;

/** What every approvable record carries (002 §3); canApprove and canResolve are the server's word. */
export const pendingApprovalItemSchema = z.object({
  id: z.string().uuid(),
  type: approvalTypeSchema,
  status: z.enum(APPROVAL_ITEM_STATUSES),
  canApprove: z.boolean(),
  canResolve: z.boolean(),
  /** The viewer (the owner and maker) may self-approve: nobody else can approve, the policy allows it. */
  canSelfApprove: z.boolean(),
  rejectionResolverIds: z.array(z.string()),
  currentLevel: z.number().int(),
  totalLevels: z.number().int(),
  workflowId: z.string().nullable(),
  workflowName: z.string(),
  /** Who may act at the current level (empty once decided). */
  currentApprovers: z.array(userRef),
  approvals: z.array(trailEntrySchema),
  trailVerified: z.boolean(),
});
export type PendingApprovalItem = z.infer<typeof pendingApprovalItemSchema>;

// ---- Comment thread (002 §2 approval history "link to a comment thread"; issue 24 §0) ----

export const APPROVAL_COMMENT_MSG = {
  required: 'Comment is required',
  length: 'Comment must be between 1 and 1000 characters',
  added: 'Comment added successfully',
} as const;

export const approvalCommentBody = z.object({
  body: z
    .string({ error: APPROVAL_COMMENT_MSG.required })
    .trim()
    .min(1, APPROVAL_COMMENT_MSG.required)
    .max(1000, APPROVAL_COMMENT_MSG.length),
});
export type ApprovalCommentBody = z.infer<typeof approvalCommentBody>;

/** One entry of the thread: a free comment, or a decision's comment (with the decision's status). */
export const approvalCommentSchema = z.object({
  id: z.string(),
  kind: z.enum(['comment', 'decision']),
  /** The decision's trail status; null for a free comment. */
  status: z.enum(TRAIL_STATUSES).nullable(),
  body: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type ApprovalComment = z.infer<typeof approvalCommentSchema>;

/** The approvable record as the lists show it; `id` is the record's own id. */
export const resourceItemSchema = z.object({
  id: z.string().uuid(),
  type: approvalTypeSchema,
  reference: z.string().nullable(),
  amount: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  payee: z.string().nullable(),
  description: z.string().nullable(),
  maker: userRef,
  createdAt: z.string(),
});
export type ResourceItem = z.infer<typeof resourceItemSchema>;

export const approvalListItemSchema = z.object({
  resourceItem: resourceItemSchema,
  pendingApprovalItem: z.object({
    id: z.string().uuid(),
    status: z.enum(APPROVAL_ITEM_STATUSES),
    canApprove: z.boolean(),
    canResolve: z.boolean(),
    currentLevel: z.number().int(),
    totalLevels: z.number().int(),
  }),
});
export type ApprovalListItem = z.infer<typeof approvalListItemSchema>;

/**
 * GET /api/approval-workflows/approvers/{type} (issue 34 §9): before submitting, can anyone but the
 * caller (the maker) approve an item of this type? `needsApprover` is true when four eyes applies
 * and nobody else can; the form then shows "Invite an approver".
 */
export const approverOutlookQuery = z.object({
  amount: amountSchema.optional(),
  categoryId: z.string().uuid('Category must be an id').optional(),
  subsidiaryId: z.string().uuid('Subsidiary must be an id').optional(),
  approverId: z.string().uuid('Approver must be a user id').optional(),
});
export const approverOutlookSchema = z.object({
  type: approvalTypeSchema,
  fourEyes: z.boolean(),
  hasOtherApprover: z.boolean(),
  needsApprover: z.boolean(),
  /** The caller is the owner and the AP policy lets the owner self-approve when nobody else can. */
  canSelfApprove: z.boolean(),
});
export type ApproverOutlook = z.infer<typeof approverOutlookSchema>;

export const approvalTypesSchema = z.array(z.object({ type: approvalTypeSchema, label: z.string() }));

// ---- AP policy (issue 21 §3) ----

export const OVER_BUDGET_MODES = ['block', 'warn'] as const;
/** ₦100,000 in kobo: the default per-transaction cap while KYB is incomplete (issue 21 §0). */
export const DEFAULT_KYC_INCOMPLETE_CAP_MINOR = 10_000_000;

export const apPolicySchema = z.object({
  autoApproveBelow: z.string(),
  autoApproveBelowMinor: z.number().int(),
  fourEyes: z.boolean(),
  /** The owner may self-approve an item nobody else can approve (issue 34 §9); default on. */
  selfApproval: z.boolean(),
  overBudget: z.enum(OVER_BUDGET_MODES),
  receiptsRequiredAbove: z.string().nullable(),
  receiptsRequiredAboveMinor: z.number().int().nullable(),
  kycIncompleteCap: z.string(),
  kycIncompleteCapMinor: z.number().int(),
  /** The platform's KYC cap (issue 34 §5): the company's own cap may be lower, never higher. */
  platformKycIncompleteCap: z.string(),
  platformKycIncompleteCapMinor: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type ApPolicy = z.infer<typeof apPolicySchema>;

export const PLATFORM_LIMITS_MSG = {
  kycCapAbovePlatform: (platformCap: string) =>
    `The KYC cap cannot be above the platform's ${platformCap} while KYB is incomplete; only a platform administrator changes that`,
  platformAdminOnly: 'Only a platform administrator can change the platform KYC cap',
  saved: 'Platform KYC cap saved successfully',
} as const;

/** GET /api/platform/kyc-cap: the platform's KYC cap (everyone signed in reads it). */
export const platformKycCapSchema = z.object({
  editable: z.boolean(),
  kycIncompleteCap: z.string(),
  kycIncompleteCapMinor: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type PlatformKycCap = z.infer<typeof platformKycCapSchema>;
export const platformKycCapBody = z.object({ kycIncompleteCap: amountSchema });

/** Zero is allowed for the threshold (nothing is auto-approved). */
const nonNegativeAmount = z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX)]).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'Amount must be a number with at most 2 decimal places' });
    return z.NEVER;
  }
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
});

export const apPolicyBody = z.object({
  autoApproveBelow: nonNegativeAmount,
  fourEyes: z.boolean({ error: 'fourEyes must be true or false' }),
  /** Absent: unchanged. */
  selfApproval: z.boolean({ error: 'selfApproval must be true or false' }).optional(),
  overBudget: z.enum(OVER_BUDGET_MODES, { error: "overBudget must be 'block' or 'warn'" }),
  receiptsRequiredAbove: nonNegativeAmount.nullable().optional(),
  kycIncompleteCap: amountSchema,
});
export type ApPolicyBody = z.input<typeof apPolicyBody>;
