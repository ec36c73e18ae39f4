import { z } from 'zod';
import { listFormatQuery } from './http';

// Insights dashboard and team report (000 §2.4, 002 §2 "Insight dashboard" feature row).

export const INSIGHT_PERIODS = ['day', 'week', 'month'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const INSIGHT_CURRENCIES = ['NGN', 'USD', 'GBP'] as const;
export const DASHBOARD_PANELS = [
  'paymentOverview',
  'vendorPayments',
  'approvalsPending',
  'expensesByStatus',
  'budgetUse',
  'billsOverview',
  'billsAwaitingApproval',
  'assetsOverview',
  'assetPayouts',
] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

const day = z.string().max(10).date('Use a date (YYYY-MM-DD)');
export const insightQuery = z.object({
  period: z.enum(INSIGHT_PERIODS, { error: 'Period must be day, week or month' }).default('month'),
  currency: z.enum(INSIGHT_CURRENCIES, { error: 'Currency must be NGN, USD or GBP' }).default('NGN'),
  subsidiaryId: z.string().uuid().optional(),
  from: day.optional(),
  to: day.optional(),
  ...listFormatQuery.shape,
});
export type InsightQuery = z.input<typeof insightQuery>;
export const dashboardQuery = insightQuery.extend({
  panel: z.enum(DASHBOARD_PANELS, { error: 'Unknown panel' }).optional(),
});

const money = <K extends string>(name: K) =>
  ({ [name]: z.string(), [`${name}Minor`]: z.number().int() }) as { [P in K]: z.ZodString } & {
    [P in `${K}Minor`]: z.ZodNumber;
  };

export const paymentBucketSchema = z.object({
  bucket: z.string(),
  ...money('moneyIn'),
  ...money('moneyOut'),
  count: z.number().int(),
});
export type PaymentBucket = z.infer<typeof paymentBucketSchema>;

export const paymentOverviewSchema = z.object({
  period: z.enum(INSIGHT_PERIODS),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  ...money('totalIn'),
  ...money('totalOut'),
  buckets: z.array(paymentBucketSchema),
});
export type PaymentOverview = z.infer<typeof paymentOverviewSchema>;

/**
 * A bill's state on the dashboard (each bill in exactly one): requested (waiting on the vendor),
 * received (filled in or arrived by email, not yet sent for payment), awaitingApproval (its payout
 * waits on the approvals engine), processing (approved, being paid), scheduled, paid, and overdue
 * (not paid and past its due date, whatever else it is waiting on); then rejected, failed and
 * cancelled. The first seven are always listed; the last three when there are any.
 */
export const BILL_INSIGHT_STATUSES = [
  'requested',
  'received',
  'awaitingApproval',
  'processing',
  'scheduled',
  'paid',
  'overdue',
  'rejected',
  'failed',
  'cancelled',
] as const;
export type BillInsightStatus = (typeof BILL_INSIGHT_STATUSES)[number];
export const BILL_INSIGHT_LABELS: Record<BillInsightStatus, string> = {
  requested: 'Requested',
  received: 'Received',
  awaitingApproval: 'Awaiting approval',
  processing: 'Processing',
  scheduled: 'Scheduled',
  paid: 'Paid',
  overdue: 'Overdue',
  rejected: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const billsOverviewSchema = z.array(
  z.object({ status: z.enum(BILL_INSIGHT_STATUSES), ...money('amount'), count: z.number().int() }),
);
export const billsAwaitingApprovalSchema = z.object({
  count: z.number().int(),
  ...money('total'),
  /** The bills waiting longest (since they were sent for approval), oldest first. */
  oldest: z.array(
    z.object({
      reference: z.string(),
      vendor: z.string().nullable(),
      invoiceNumber: z.string().nullable(),
      dueDate: z.string().nullable(),
      waitingSince: z.string(),
      ...money('amount'),
    }),
  ),
});
export const assetsOverviewSchema = z.object({
  count: z.number().int(),
  activeCount: z.number().int(),
  /** Assets registered in the period. */
  addedInPeriod: z.number().int(),
  /** Σ inventory price × quantity; products are priced in naira. */
  valueCurrency: z.literal('NGN'),
  ...money('value'),
  byType: z.array(
    z.object({
      type: z.string(),
      status: z.enum(['active', 'inactive']),
      count: z.number().int(),
      ...money('value'),
    }),
  ),
});
export const assetPayoutsSchema = z.object({
  count: z.number().int(),
  ...money('amount'),
  buckets: z.array(z.object({ bucket: z.string(), count: z.number().int(), ...money('amount') })),
  /** Per asset: the paid payouts naming it (a payout naming two assets counts for each). */
  topAssets: z.array(
    z.object({
      assetId: z.string(),
      type: z.string(),
      brand: z.string(),
      modelNo: z.string(),
      serialNo: z.string(),
      count: z.number().int(),
      ...money('amount'),
    }),
  ),
});
export const dashboardSchema = z.object({
  paymentOverview: paymentOverviewSchema,
  vendorPayments: z.array(z.object({ payee: z.string(), ...money('amount'), count: z.number().int() })),
  approvalsPending: z.array(z.object({ type: z.string(), ...money('amount'), count: z.number().int() })),
  expensesByStatus: z.array(z.object({ status: z.string(), ...money('amount'), count: z.number().int() })),
  budgetUse: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      budget: z.string().nullable(),
      budgetMinor: z.number().int().nullable(),
      ...money('spent'),
    }),
  ),
  billsOverview: billsOverviewSchema,
  billsAwaitingApproval: billsAwaitingApprovalSchema,
  assetsOverview: assetsOverviewSchema,
  assetPayouts: assetPayoutsSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const teamReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      ...money('spent'),
      count: z.number().int(),
    }),
  ),
  subsidiaries: z.array(
    z.object({
      subsidiaryId: z.string().nullable(),
      name: z.string(),
      ...money('spent'),
      count: z.number().int(),
    }),
  ),
  approvers: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      decisions: z.number().int(),
      /** Mean hours from the item reaching the approver's level (or the previous decision) to the decision. */
      avgTurnaroundHours: z.number().nullable(),
      waitingCount: z.number().int(),
      ...money('waitingAmount'),
    }),
  ),
});
export type TeamReport = z.infer<typeof teamReportSchema>;
