// The AP policy (issue 21 §3): one row per account in ap_policies; no row means the defaults.
import { eq, sql } from 'drizzle-orm';
import { fromMinor, DEFAULT_KYC_INCOMPLETE_CAP_MINOR, type ApPolicy } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { apPolicies } from './tables';

export type ApPolicyRow = {
  autoApproveBelowMinor: number;
  fourEyes: boolean;
  overBudget: 'block' | 'warn';
  receiptsRequiredAboveMinor: number | null;
  kycIncompleteCapMinor: number;
  updatedAt: Date | null;
};

export const DEFAULT_AP_POLICY: ApPolicyRow = {
  autoApproveBelowMinor: 0,
  fourEyes: true,
  overBudget: 'block',
  receiptsRequiredAboveMinor: null,
  kycIncompleteCapMinor: DEFAULT_KYC_INCOMPLETE_CAP_MINOR,
  updatedAt: null,
};

export async function getApPolicy(db: DbOrTx, accountId: string): Promise<ApPolicyRow> {
  const [row] = await db.select().from(apPolicies).where(eq(apPolicies.accountId, accountId));
  return row ? { ...row } : { ...DEFAULT_AP_POLICY };
}

/**
 * The per-transaction cap while the account's KYB is incomplete, in kobo (issue 21 §0). The one
 * function other modules (money/limits.ts, issue 20) read the cap through.
 */
export async function kycIncompleteCapMinor(db: DbOrTx, accountId: string): Promise<number> {
  return (await getApPolicy(db, accountId)).kycIncompleteCapMinor;
}

export function apPolicyDto(p: ApPolicyRow): ApPolicy {
  return {
    autoApproveBelow: fromMinor(p.autoApproveBelowMinor),
    autoApproveBelowMinor: p.autoApproveBelowMinor,
    fourEyes: p.fourEyes,
    overBudget: p.overBudget,
    receiptsRequiredAbove:
      p.receiptsRequiredAboveMinor === null ? null : fromMinor(p.receiptsRequiredAboveMinor),
    receiptsRequiredAboveMinor: p.receiptsRequiredAboveMinor,
    kycIncompleteCap: fromMinor(p.kycIncompleteCapMinor),
    kycIncompleteCapMinor: p.kycIncompleteCapMinor,
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
      overBudget: 'block' | 'warn';
      receiptsRequiredAbove?: number | null;
      kycIncompleteCap: number;
    };
  },
): Promise<ApPolicyRow> {
  for (const [k, v] of Object.entries({
    autoApproveBelow: p.body.autoApproveBelow,
    receiptsRequiredAbove: p.body.receiptsRequiredAbove ?? 0,
    kycIncompleteCap: p.body.kycIncompleteCap,
  }))
    if (v > MAX_MINOR) throw badRequest('Amount is too large', { [k]: ['Amount is too large'] });
  const values = {
    autoApproveBelowMinor: p.body.autoApproveBelow,
    fourEyes: p.body.fourEyes,
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
