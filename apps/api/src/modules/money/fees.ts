import { and, eq, isNull, or } from 'drizzle-orm';
import { CURRENCIES, FEE_METHODS, type FeeBand, type FeePolicy } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { feePolicies } from './fees-tables';

export type FeeRule = Omit<FeePolicy, 'method' | 'currency' | 'source'>;

const rule = (r: Partial<FeeRule>): FeeRule => ({
  flat: 0,
  percentBps: 0,
  cap: null,
  min: null,
  bands: null,
  ...r,
});

/**
 * Built-in platform defaults (documented in docs): used when neither the account nor an operator
 * row (account_id null) sets a policy.
 * - bank-transfer NGN: NIP-style bands: ₦10 up to ₦5,000; ₦25 up to ₦50,000; ₦50 above.
 * - exchange (any wallet currency): 1% of the converted amount.
 * - deposit: free (funding by bank transfer into the virtual account).
 * Anything else: no fee.
 */
export const PLATFORM_FEE_DEFAULTS: Record<string, Partial<Record<string, FeeRule>>> = {
  'bank-transfer': {
    NGN: rule({
      bands: [
        { upTo: 500_000, flat: 1_000 },
        { upTo: 5_000_000, flat: 2_500 },
        { upTo: null, flat: 5_000 },
      ],
    }),
  },
  exchange: Object.fromEntries(CURRENCIES.map((c) => [c, rule({ percentBps: 100 })])),
  deposit: Object.fromEntries(CURRENCIES.map((c) => [c, rule({})])),
};

/** The flat part for an amount: its band's flat when bands are set, else `flat`. */
function flatFor(r: FeeRule, amount: number): number {
  if (!r.bands?.length) return r.flat;
  const band =
    r.bands.find((b: FeeBand) => b.upTo === null || amount <= b.upTo) ?? r.bands[r.bands.length - 1];
  return band.flat;
}

/** Pure fee arithmetic, minor units, percent rounded half up. */
export function applyFeeRule(r: FeeRule, amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('amount must be a non-negative integer');
  const pct = Number((BigInt(amount) * BigInt(r.percentBps) * 2n + 10_000n) / 20_000n);
  let fee = flatFor(r, amount) + pct;
  if (r.min != null) fee = Math.max(fee, r.min);
  if (r.cap != null) fee = Math.min(fee, r.cap);
  return fee;
}

const toPolicy = (row: typeof feePolicies.$inferSelect): FeePolicy => ({
  method: row.method,
  currency: row.currency,
  flat: row.flatMinor,
  percentBps: row.percentBps,
  cap: row.capMinor,
  min: row.minMinor,
  bands: row.bands ?? null,
  source: row.accountId ? 'account' : 'default',
});

/** The policy in force for an account: its own row, else the platform row, else the built-in default. */
export async function getFeePolicy(
  db: DbOrTx,
  p: { accountId: string; method: string; currency: string },
): Promise<FeePolicy> {
  const rows = await db
    .select()
    .from(feePolicies)
    .where(
      and(
        eq(feePolicies.method, p.method),
        eq(feePolicies.currency, p.currency),
        or(eq(feePolicies.accountId, p.accountId), isNull(feePolicies.accountId)),
      ),
    );
  const row = rows.find((r) => r.accountId === p.accountId) ?? rows.find((r) => r.accountId === null);
  if (row) return toPolicy(row);
  const builtIn = PLATFORM_FEE_DEFAULTS[p.method]?.[p.currency] ?? rule({});
  return { method: p.method, currency: p.currency, ...builtIn, source: 'default' };
}

/** Fee in minor units of `currency` for moving `amount` (minor units) by `method`. */
export async function computeFee(
  db: DbOrTx,
  p: {
    accountId: string;
    method: 'bank-transfer' | 'exchange' | 'deposit' | (string & {});
    amount: number;
    currency: string;
  },
): Promise<number> {
  const policy = await getFeePolicy(db, p);
  return applyFeeRule(policy, p.amount);
}

/** Every method x currency policy in force for the account (the settings screen). */
export async function listFeePolicies(db: DbOrTx, accountId: string): Promise<FeePolicy[]> {
  const out: FeePolicy[] = [];
  for (const method of FEE_METHODS) {
    for (const currency of CURRENCIES) out.push(await getFeePolicy(db, { accountId, method, currency }));
  }
  return out;
}

export type FeePolicyValues = {
  method: string;
  currency: string;
  flat: number;
  percent: number;
  cap?: number | null;
  min?: number | null;
  bands?: FeeBand[] | null;
};

/** Sets the account's own policy for a method and currency (insert or replace); `accountId: null`
 *  sets the platform default row (platform administrators only, checked by the route). */
export async function setFeePolicy(
  db: DbOrTx,
  p: { accountId: string | null; userId: string; policy: FeePolicyValues },
): Promise<FeePolicy> {
  const v = p.policy;
  const values = {
    flatMinor: v.flat,
    percentBps: v.percent,
    capMinor: v.cap ?? null,
    minMinor: v.min ?? null,
    bands: v.bands?.length ? v.bands : null,
    updatedBy: p.userId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(feePolicies)
    .values({ accountId: p.accountId, method: v.method, currency: v.currency, ...values })
    .onConflictDoUpdate({
      target: [feePolicies.accountId, feePolicies.method, feePolicies.currency],
      set: values,
    })
    .returning();
  return toPolicy(row);
}

/** Removes the account's own policy: the default applies again. True when one existed. */
export async function resetFeePolicy(
  db: DbOrTx,
  p: { accountId: string | null; method: string; currency: string },
): Promise<boolean> {
  const rows = await db
    .delete(feePolicies)
    .where(
      and(
        p.accountId === null ? isNull(feePolicies.accountId) : eq(feePolicies.accountId, p.accountId),
        eq(feePolicies.method, p.method),
        eq(feePolicies.currency, p.currency),
      ),
    )
    .returning({ id: feePolicies.id });
  return rows.length > 0;
}

/** The index of the band an amount falls in, or null when the rule has no bands. */
export function bandIndexFor(r: FeeRule, amount: number): number | null {
  if (!r.bands?.length) return null;
  const i = r.bands.findIndex((b) => b.upTo === null || amount <= b.upTo);
  return i < 0 ? r.bands.length - 1 : i;
}

/** The fee preview of the settings screen: the policy in force, its fee and band for an amount. */
export async function quoteFee(
  db: DbOrTx,
  p: { accountId: string; method: string; currency: string; amount: number },
) {
  const policy = await getFeePolicy(db, p);
  const fee = applyFeeRule(policy, p.amount);
  return { policy, fee, bandIndex: bandIndexFor(policy, p.amount) };
}

/** The platform defaults in force (operator rows, else the built-in ones), every method x currency. */
export async function listPlatformFeePolicies(db: DbOrTx): Promise<FeePolicy[]> {
  const rows = await db.select().from(feePolicies).where(isNull(feePolicies.accountId));
  const out: FeePolicy[] = [];
  for (const method of FEE_METHODS)
    for (const currency of CURRENCIES) {
      const row = rows.find((r) => r.method === method && r.currency === currency);
      out.push(
        row
          ? toPolicy(row)
          : {
              method,
              currency,
              ...(PLATFORM_FEE_DEFAULTS[method]?.[currency] ?? rule({})),
              source: 'default',
            },
      );
    }
  return out;
}
