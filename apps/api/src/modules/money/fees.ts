import { and, eq, isNull, or } from 'drizzle-orm';
import { CURRENCIES, FEE_METHODS, FEE_MSG, formatMoney, type FeeBand, type FeePolicy } from '@owo/contract';
import { unprocessable } from '../../platform/errors';
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

/** The platform's policy for a method and currency: the operator row, else the built-in default. */
export async function getPlatformFeePolicy(
  db: DbOrTx,
  p: { method: string; currency: string },
): Promise<FeePolicy> {
  const [row] = await db
    .select()
    .from(feePolicies)
    .where(
      and(
        eq(feePolicies.method, p.method),
        eq(feePolicies.currency, p.currency),
        isNull(feePolicies.accountId),
      ),
    );
  if (row) return toPolicy(row);
  const builtIn = PLATFORM_FEE_DEFAULTS[p.method]?.[p.currency] ?? rule({});
  return { method: p.method, currency: p.currency, ...builtIn, source: 'default' };
}

/** The largest amount the floor check looks at (₦10 billion in kobo: far above any transfer limit). */
const FLOOR_CHECK_MAX = 1_000_000_000_000;

/**
 * Where an account's rule would charge less than the platform's (issue 34 §5: a company may add to
 * the platform fee, e.g. a reseller's markup, never lower it): the first amount at which it does,
 * or null when it never does. Both fees are piecewise linear in the amount (bands, percent, then
 * min and cap), so their difference is smallest at the ends of the pieces: every band edge, every
 * amount where a min or cap starts to bite, and the ends of the range, each with its neighbours.
 */
export function amountBelowFloor(account: FeeRule, platform: FeeRule): number | null {
  const points = new Set<number>([0, 1, FLOOR_CHECK_MAX]);
  for (const r of [account, platform]) {
    const flats = r.bands?.length ? r.bands.map((b) => b.flat) : [r.flat];
    for (const b of r.bands ?? []) if (b.upTo !== null) points.add(b.upTo).add(b.upTo + 1);
    if (r.percentBps > 0)
      for (const limit of [r.min, r.cap])
        if (limit != null)
          for (const f of flats) {
            const at = Math.floor(((limit - f) * 10_000) / r.percentBps);
            for (const d of [-1, 0, 1, 2]) points.add(at + d);
          }
  }
  const sorted = [...points].filter((a) => a >= 0 && a <= FLOOR_CHECK_MAX).sort((a, b) => a - b);
  return sorted.find((a) => applyFeeRule(account, a) < applyFeeRule(platform, a)) ?? null;
}

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
  return flooredFee(db, policy, p.amount);
}

/**
 * The fee of a policy for an amount, never below the platform's: an account row written before the
 * platform fee rose (or by hand) cannot undercut it.
 */
async function flooredFee(db: DbOrTx, policy: FeePolicy, amount: number): Promise<number> {
  const fee = applyFeeRule(policy, amount);
  if (policy.source !== 'account') return fee;
  return Math.max(fee, applyFeeRule(await getPlatformFeePolicy(db, policy), amount));
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
  if (p.accountId !== null) {
    const platform = await getPlatformFeePolicy(db, v);
    const mine = rule({
      flat: v.flat,
      percentBps: v.percent,
      cap: v.cap ?? null,
      min: v.min ?? null,
      bands: v.bands?.length ? v.bands : null,
    });
    const at = amountBelowFloor(mine, platform);
    if (at !== null) {
      const msg = FEE_MSG.belowPlatform(
        formatMoney(applyFeeRule(platform, at), v.currency),
        formatMoney(at, v.currency),
      );
      // The part that holds the fee down there: the cap when it bites, else the bands, percent or flat.
      const field =
        mine.cap !== null && applyFeeRule(mine, at) === mine.cap
          ? 'cap'
          : mine.bands
            ? 'bands'
            : mine.percentBps
              ? 'percent'
              : 'flat';
      throw unprocessable(msg, { [field]: [msg] });
    }
  }
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
  const fee = await flooredFee(db, policy, p.amount);
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
