import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listQuery } from './http';
import { AMOUNT_TEXT_MAX } from './money';

// Agent commissions and disbursement batches (002 §3 Agent, Commission settings; §4 Agent and
// commission; §5; §7 Agents and commission settings; 001 §2 Commissions, §3, §4, §7, §8; issue 24 §5).

export const COMMISSION_MSG = {
  saved: 'Commission settings saved successfully!',
  defaultRequired: 'Default commission must be greater than 0',
  thresholdMin: 'Commission earning threshold must be greater than NGN10 if provided',
  percentMax: 'Commission percentage must be less than 100',
  agentNotFound: 'Agent not found',
  agentRequired: 'Select the agent for an agent-specific setting',
  retried: 'Failed payments are being retried',
  refreshed: 'Bank details are being refreshed',
  removed: 'Item successfully removed from batch',
  nothingToRetry: 'There are no failed payments to retry',
  refreshWhilePending: 'Bank details cannot be refreshed while the batch is pending approval',
  removeNotAllowed: 'An item can only be removed from a rejected batch by someone who may resolve it',
  lastItem: 'The last item of a batch cannot be removed',
  removePaid: 'An item that is paid or being paid cannot be removed from its batch',
  batchNotFound: 'Disbursement batch not found',
  itemNotFound: 'Disbursement item not found',
} as const;

export const COMMISSION_TYPES = ['percentage', 'fixed'] as const;
export const PAYOUT_MODES = ['consolidated', 'individual'] as const;
export const PAYOUT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const SETTING_TYPES = ['general', 'agent'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export type PayoutFrequency = (typeof PAYOUT_FREQUENCIES)[number];

/** A decimal (number or text, at most 2 decimals) -> hundredths (kobo for naira, basis points for %). */
const hundredths = (message: string) =>
  z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX)]).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const [w, f = ''] = s.split('.');
    return Number(w) * 100 + Number(f.padEnd(2, '0'));
  });

/**
 * POST /agents/core/commission-settings (002 §3, §5). `defaultCommission` is a percentage for
 * `percentage` (below 100) or naira for `fixed`; the threshold, when given, is naira above 10.
 * Defaults: disabled, percentage, consolidated, monthly, general.
 */
export const commissionSettingsBody = z
  .object({
    isActive: z.boolean().default(false),
    defaultCommission: z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX)], {
      error: COMMISSION_MSG.defaultRequired,
    }),
    commissionType: z
      .enum(COMMISSION_TYPES, { error: 'Commission type must be percentage or fixed' })
      .default('percentage'),
    payoutMode: z
      .enum(PAYOUT_MODES, { error: 'Payout mode must be consolidated or individual' })
      .default('consolidated'),
    payoutFrequency: z
      .enum(PAYOUT_FREQUENCIES, { error: 'Payout frequency must be daily, weekly or monthly' })
      .default('monthly'),
    commissionEarningThreshold: z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX), z.null()]).optional(),
    settingType: z.enum(SETTING_TYPES, { error: 'Setting type must be general or agent' }).default('general'),
    userId: z.string().uuid().nullish(),
  })
  .transform((b, ctx) => {
    const value = hundredths(COMMISSION_MSG.defaultRequired).safeParse(b.defaultCommission);
    let commissionValue = 0;
    if (!value.success || value.data <= 0)
      ctx.addIssue({ code: 'custom', path: ['defaultCommission'], message: COMMISSION_MSG.defaultRequired });
    else if (b.commissionType === 'percentage' && value.data >= 10_000)
      ctx.addIssue({ code: 'custom', path: ['defaultCommission'], message: COMMISSION_MSG.percentMax });
    else commissionValue = value.data;
    let thresholdMinor: number | null = null;
    const th = b.commissionEarningThreshold;
    if (th !== undefined && th !== null && !(typeof th === 'string' && th.trim() === '')) {
      const t = hundredths(COMMISSION_MSG.thresholdMin).safeParse(th);
      if (!t.success || t.data <= 1000)
        ctx.addIssue({
          code: 'custom',
          path: ['commissionEarningThreshold'],
          message: COMMISSION_MSG.thresholdMin,
        });
      else thresholdMinor = t.data;
    }
    if (b.settingType === 'agent' && !b.userId)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: COMMISSION_MSG.agentRequired });
    return {
      isActive: b.isActive,
      commissionType: b.commissionType,
      commissionValue,
      payoutMode: b.payoutMode,
      payoutFrequency: b.payoutFrequency,
      thresholdMinor,
      settingType: b.settingType,
      userId: b.settingType === 'agent' ? (b.userId ?? null) : null,
    };
  });
export type CommissionSettingsInput = z.infer<typeof commissionSettingsBody>;

export const commissionConfigSchema = z.object({
  id: z.string().nullable(),
  settingType: z.enum(SETTING_TYPES),
  userId: z.string().nullable(),
  isActive: z.boolean(),
  commissionType: z.enum(COMMISSION_TYPES),
  /** Percent ("5", "2.50") for percentage, naira ("1500.00") for fixed. */
  defaultCommission: z.string(),
  defaultCommissionMinor: z.number().int().describe('basis points (percentage) or kobo (fixed)'),
  payoutMode: z.enum(PAYOUT_MODES),
  payoutFrequency: z.enum(PAYOUT_FREQUENCIES),
  commissionEarningThreshold: z.string().nullable(),
  commissionEarningThresholdMinor: z.number().int().nullable(),
});
export type CommissionConfig = z.infer<typeof commissionConfigSchema>;

/** 002 §3 Agent: the agent and the setting that applies to them (their own, else the general one). */
export const agentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  hasOwnSetting: z.boolean(),
  commission: commissionConfigSchema,
});
export type Agent = z.infer<typeof agentSchema>;

export const agentsQuery = listQuery.pick({ page: true, limit: true, search: true });
export const userIdParam = z.object({ userId: z.string().uuid() });

// ---- commissions ----
export const COMMISSION_APPROVAL_STATUSES = ['initialized', 'matured', 'pending', 'approved'] as const;
export const PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed'] as const;

export const agentCommissionSchema = z.object({
  id: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }),
  invoiceId: z.string().nullable(),
  invoiceReference: z.string().nullable(),
  kind: z.enum(['invoice', 'clawback', 'carried']),
  amountDue: z.string(),
  amountDueMinor: z.number().int(),
  invoiceCommissionConfig: z.object({
    commissionType: z.enum(COMMISSION_TYPES),
    commissionRate: z.string(),
  }),
  approvalStatus: z.enum(COMMISSION_APPROVAL_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  disbursementId: z.string().nullable(),
  payoutDate: z.string().nullable(),
  maturedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AgentCommission = z.infer<typeof agentCommissionSchema>;

/** The list's variants (001 §2): all, matured, disbursement (in a batch), pending, rejected. */
export const COMMISSION_VIEWS = ['all', 'matured', 'disbursement', 'pending', 'rejected'] as const;
export type CommissionView = (typeof COMMISSION_VIEWS)[number];
export const commissionsQuery = listQuery.pick({ page: true, limit: true }).extend({
  view: z.enum(COMMISSION_VIEWS).optional(),
  /** One invoice's commissions (the invoice detail's agent-commission table). */
  invoiceId: z.string().uuid('Invalid invoice id').optional(),
});

// ---- batches ----
export const BATCH_STATES = ['pending', 'processing', 'success', 'failed', 'partial', 'rejected'] as const;
export const commissionDisbursementItemSchema = z.object({
  id: z.string(),
  amount: z.string(),
  amountMinor: z.number().int(),
  accountName: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  reference: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
});
export type CommissionDisbursementItem = z.infer<typeof commissionDisbursementItemSchema>;

export const commissionDisbursementSchema = z.object({
  id: z.string(),
  reference: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }),
  state: z.enum(BATCH_STATES),
  totalAmount: z.string(),
  totalAmountMinor: z.number().int(),
  createdAt: z.string(),
  payoutFrequency: z.enum(PAYOUT_FREQUENCIES),
  period: z.string(),
  totalItems: z.number().int(),
  totalPaidItems: z.number().int(),
  totalFailedItems: z.number().int(),
  totalPendingItems: z.number().int(),
  approvalStatus: z.string(),
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
  commissions: z.array(agentCommissionSchema),
  canDeleteItems: z.boolean(),
});
export type CommissionDisbursement = z.infer<typeof commissionDisbursementSchema>;

export const commissionDisbursementItemParams = z.object({
  id: z.string().uuid(),
  itemId: z.string().uuid(),
});
export const disbursementItemsQuery = listQuery.pick({ page: true, limit: true });

// ---- the agent's dashboard (001 §3) ----
const figure = z.object({ value: z.string(), valueMinor: z.number().int() });
export const agentDashboardSchema = z.object({
  commissionSummary: z.object({
    totalEarned: figure,
    totalAwaitingApproval: figure,
    totalPaid: figure,
    totalAwaitingMaturity: figure,
  }),
  /** Earned per month (the chart), oldest first, last 6 months. */
  monthly: z.array(z.object({ month: z.string(), earned: z.string(), earnedMinor: z.number().int() })),
});
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;
