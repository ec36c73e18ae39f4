// The AP policy (issue 21 §3): one row per account in ap_policies; no row means the defaults.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BILL_TIER_MSG,
  BILL_TIERS,
  formatMoney,
  fromMinor,
  DEFAULT_KYC_INCOMPLETE_CAP_MINOR,
  PLATFORM_LIMITS_MSG,
  type ApPolicy,
  type BillTier,
  type BillTierBand,
} from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { badRequest, notFound, unprocessable } from '../../platform/errors';
import { apPolicies, approvalWorkflows, platformLimits } from './tables';

export type ApPolicyRow = {
  autoApproveBelowMinor: number;
  fourEyes: boolean;
  selfApproval: boolean;
  overBudget: 'block' | 'warn';
  receiptsRequiredAboveMinor: number | null;
  kycIncompleteCapMinor: number;
  updatedAt: Date | null;
};

export const DEFAULT_AP_POLICY: ApPolicyRow = {
  autoApproveBelowMinor: 0,
  fourEyes: true,
  selfApproval: true,
  overBudget: 'block',
  receiptsRequiredAboveMinor: null,
  kycIncompleteCapMinor: DEFAULT_KYC_INCOMPLETE_CAP_MINOR,
  updatedAt: null,
};

/** The platform's KYC cap (issue 34 §5) in kobo: the platform_limits row, else the built-in default. */
export async function platformKycCap(db: DbOrTx): Promise<{ capMinor: number; updatedAt: Date | null }> {
  const [row] = await db.select().from(platformLimits).where(eq(platformLimits.id, 1));
  return row
    ? { capMinor: row.kycIncompleteCapMinor, updatedAt: row.updatedAt }
    : { capMinor: DEFAULT_KYC_INCOMPLETE_CAP_MINOR, updatedAt: null };
}

/** PUT /api/platform/kyc-cap (platform administrators only, checked by the route). */
export async function setPlatformKycCap(tx: Tx, p: { userId: string; capMinor: number }) {
  if (p.capMinor > MAX_MINOR)
    throw badRequest('Amount is too large', { kycIncompleteCap: ['Amount is too large'] });
  const values = { kycIncompleteCapMinor: p.capMinor, updatedBy: p.userId, updatedAt: new Date() };
  await tx
    .insert(platformLimits)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: platformLimits.id, set: values });
  return platformKycCap(tx);
}

/**
 * The account's AP policy. Its KYC cap is the one in force: the company's own, but never above the
 * platform's (a company may tighten a platform rule, never loosen it; a cap saved before the
 * platform lowered its own reads as the platform's).
 */
export async function getApPolicy(
  db: DbOrTx,
  accountId: string,
): Promise<ApPolicyRow & { platformKycCapMinor: number }> {
  const [[row], platform] = await Promise.all([
    db.select().from(apPolicies).where(eq(apPolicies.accountId, accountId)),
    platformKycCap(db),
  ]);
  const p = row ? { ...row } : { ...DEFAULT_AP_POLICY };
  return {
    ...p,
    kycIncompleteCapMinor: Math.min(p.kycIncompleteCapMinor, platform.capMinor),
    platformKycCapMinor: platform.capMinor,
  };
}

/**
 * The per-transaction cap while the account's KYB is incomplete, in kobo (issue 21 §0): the
 * company's, never above the platform's. The one function other modules (money/limits.ts, issue
 * 20) read the cap through.
 */
export async function kycIncompleteCapMinor(db: DbOrTx, accountId: string): Promise<number> {
  return (await getApPolicy(db, accountId)).kycIncompleteCapMinor;
}

export function apPolicyDto(p: ApPolicyRow & { platformKycCapMinor: number }): ApPolicy {
  return {
    autoApproveBelow: fromMinor(p.autoApproveBelowMinor),
    autoApproveBelowMinor: p.autoApproveBelowMinor,
    fourEyes: p.fourEyes,
    selfApproval: p.selfApproval,
    overBudget: p.overBudget,
    receiptsRequiredAbove:
      p.receiptsRequiredAboveMinor === null ? null : fromMinor(p.receiptsRequiredAboveMinor),
    receiptsRequiredAboveMinor: p.receiptsRequiredAboveMinor,
    kycIncompleteCap: fromMinor(p.kycIncompleteCapMinor),
    kycIncompleteCapMinor: p.kycIncompleteCapMinor,
    platformKycIncompleteCap: fromMinor(p.platformKycCapMinor),
    platformKycIncompleteCapMinor: p.platformKycCapMinor,
    updatedAt: p.updatedAt ? p.updatedAt.toISOString() : null,
  };
}

const MAX_MINOR = 1_000_000_000_000_00; // ₦1 trillion: far above any real policy, well inside bigint

export async function saveApPolicy(
  tx: Tx,
  p: {
    accountId: string;
    userId: string;
    body: {
      autoApproveBelow: number;
      fourEyes: boolean;
      selfApproval?: boolean;
      overBudget: 'block' | 'warn';
      receiptsRequiredAbove?: number | null;
      kycIncompleteCap: number;
    };
  },
): Promise<ApPolicyRow & { platformKycCapMinor: number }> {
  for (const [k, v] of Object.entries({
    autoApproveBelow: p.body.autoApproveBelow,
    receiptsRequiredAbove: p.body.receiptsRequiredAbove ?? 0,
    kycIncompleteCap: p.body.kycIncompleteCap,
  }))
    if (v > MAX_MINOR) throw badRequest('Amount is too large', { [k]: ['Amount is too large'] });
  // Platform rules above company settings (issue 34 §5): the cap may be lowered, never raised above
  // the platform's. Read under a share lock, so a platform change cannot interleave.
  const [platformRow] = await tx.select().from(platformLimits).where(eq(platformLimits.id, 1)).for('share');
  const platformCap = platformRow?.kycIncompleteCapMinor ?? DEFAULT_KYC_INCOMPLETE_CAP_MINOR;
  if (p.body.kycIncompleteCap > platformCap) {
    const msg = PLATFORM_LIMITS_MSG.kycCapAbovePlatform(formatMoney(platformCap, 'NGN'));
    throw unprocessable(msg, { kycIncompleteCap: [msg] });
  }
  const values = {
    autoApproveBelowMinor: p.body.autoApproveBelow,
    fourEyes: p.body.fourEyes,
    ...(p.body.selfApproval === undefined ? {} : { selfApproval: p.body.selfApproval }),
    overBudget: p.body.overBudget,
    receiptsRequiredAboveMinor: p.body.receiptsRequiredAbove ?? null,
    kycIncompleteCapMinor: p.body.kycIncompleteCap,
    updatedBy: p.userId,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(apPolicies)
    .values({ accountId: p.accountId, ...values })
    .onConflictDoUpdate({ target: apPolicies.accountId, set: values });
  return getApPolicy(tx, p.accountId);
}

// ---- Bill tiers (issue 23 §2): approval bands by amount — NOT the KYB tiers ----

export type BillTiers = Partial<
  Record<BillTier, { workflowId: string; fromMinor: number; toMinor: number | null }>
>;

export async function getBillTiers(db: DbOrTx, accountId: string): Promise<BillTiers> {
  const [row] = await db
    .select({ billTiers: apPolicies.billTiers })
    .from(apPolicies)
    .where(eq(apPolicies.accountId, accountId));
  return row?.billTiers ?? {};
}

/** The workflow named by the band a bill's amount falls in (null: no band; the usual matching applies). */
export async function billTierWorkflow(
  db: DbOrTx,
  accountId: string,
  amountMinor: number,
): Promise<string | null> {
  const tiers = await getBillTiers(db, accountId);
  for (const t of BILL_TIERS) {
    const b = tiers[t];
    if (b && amountMinor >= b.fromMinor && (b.toMinor === null || amountMinor <= b.toMinor))
      return b.workflowId;
  }
  return null;
}

export async function billTiersDto(db: DbOrTx, accountId: string): Promise<BillTierBand[]> {
  const tiers = await getBillTiers(db, accountId);
  const ids = BILL_TIERS.map((t) => tiers[t]?.workflowId).filter((x): x is string => !!x);
  const names = ids.length
    ? new Map(
        (
          await db
            .select({ id: approvalWorkflows.id, name: approvalWorkflows.name })
            .from(approvalWorkflows)
            .where(and(eq(approvalWorkflows.accountId, accountId), inArray(approvalWorkflows.id, ids)))
        ).map((w) => [w.id, w.name]),
      )
    : new Map<string, string>();
  return BILL_TIERS.flatMap((t) => {
    const b = tiers[t];
    if (!b) return [];
    return [
      {
        tier: t,
        workflowId: b.workflowId,
        workflowName: names.get(b.workflowId) ?? '(deleted workflow)',
        fromAmount: fromMinor(b.fromMinor),
        fromAmountMinor: b.fromMinor,
        toAmount: b.toMinor === null ? null : fromMinor(b.toMinor),
        toAmountMinor: b.toMinor,
      },
    ];
  });
}

/**
 * PUT /api/payout/quote/tier/{tier}/{workflowId}: the band [from, to] (to null = no upper bound) is
 * approved by that payout workflow. Bands stay ordered (one lowest) and never overlap.
 */
export async function saveBillTier(
  tx: Tx,
  p: {
    accountId: string;
    userId: string;
    tier: BillTier;
    workflowId: string;
    fromMinor: number;
    toMinor: number | null;
  },
): Promise<void> {
  const [w] = await tx
    .select({ type: approvalWorkflows.type })
    .from(approvalWorkflows)
    .where(and(eq(approvalWorkflows.id, p.workflowId), eq(approvalWorkflows.accountId, p.accountId)));
  if (!w) throw notFound('Approval workflow');
  if (w.type !== 'payout') throw badRequest(BILL_TIER_MSG.workflowType, { id: [BILL_TIER_MSG.workflowType] });
  if (p.toMinor !== null && p.toMinor <= p.fromMinor)
    throw badRequest(BILL_TIER_MSG.range, { toAmount: [BILL_TIER_MSG.range] });
  // Lock the policy row (created when absent) so two tier edits cannot interleave.
  await tx.insert(apPolicies).values({ accountId: p.accountId }).onConflictDoNothing();
  const [row] = await tx
    .select({ billTiers: apPolicies.billTiers })
    .from(apPolicies)
    .where(eq(apPolicies.accountId, p.accountId))
    .for('update');
  const tiers: BillTiers = {
    ...row.billTiers,
    [p.tier]: { workflowId: p.workflowId, fromMinor: p.fromMinor, toMinor: p.toMinor },
  };
  const set = BILL_TIERS.filter((t) => tiers[t]).map((t) => tiers[t]!);
  for (let i = 1; i < set.length; i++) {
    const prev = set[i - 1];
    if (prev.toMinor === null || set[i].fromMinor <= prev.toMinor)
      throw badRequest(BILL_TIER_MSG.overlap, { fromAmount: [BILL_TIER_MSG.overlap] });
  }
  await tx
    .update(apPolicies)
    .set({ billTiers: tiers, updatedBy: p.userId, updatedAt: sql`now()` })
    .where(eq(apPolicies.accountId, p.accountId));
}
