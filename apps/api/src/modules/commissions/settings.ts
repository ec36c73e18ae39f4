// Commission settings (002 §3, §5, §7): one general setting per account and optional per-agent
// ones; an agent's effective setting is their own, else the general one, else the defaults
// (disabled, percentage, consolidated).
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  bpToPercent,
  COMMISSION_MSG,
  fromMinor,
  type Agent,
  type CommissionConfig,
  type CommissionSettingsInput,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { escapeLike } from '../../platform/text';
import { users, accountMembers } from '../../platform/tenancy-tables';
import { commissionSettings } from './tables';

export type SettingRow = typeof commissionSettings.$inferSelect;
export const AGENT_ROLE = 'agent';

export const DEFAULT_SETTING: Omit<SettingRow, 'id' | 'accountId' | 'createdAt' | 'updatedAt' | 'updatedBy'> =
  {
    userId: null,
    isActive: false,
    commissionType: 'percentage',
    commissionValue: 0,
    payoutMode: 'consolidated',
    payoutFrequency: 'monthly',
    thresholdMinor: null,
  };

export function configDto(
  r: Pick<
    SettingRow,
    | 'userId'
    | 'isActive'
    | 'commissionType'
    | 'commissionValue'
    | 'payoutMode'
    | 'payoutFrequency'
    | 'thresholdMinor'
  > & { id?: string | null },
): CommissionConfig {
  const pct = r.commissionType === 'percentage';
  return {
    id: r.id ?? null,
    settingType: r.userId ? 'agent' : 'general',
    userId: r.userId,
    isActive: r.isActive,
    commissionType: r.commissionType as CommissionConfig['commissionType'],
    defaultCommission: pct ? bpToPercent(r.commissionValue) : fromMinor(r.commissionValue),
    defaultCommissionMinor: r.commissionValue,
    payoutMode: r.payoutMode as CommissionConfig['payoutMode'],
    payoutFrequency: r.payoutFrequency as CommissionConfig['payoutFrequency'],
    commissionEarningThreshold: r.thresholdMinor === null ? null : fromMinor(r.thresholdMinor),
    commissionEarningThresholdMinor: r.thresholdMinor,
  };
}

export async function generalSetting(db: DbOrTx, accountId: string): Promise<CommissionConfig> {
  const [row] = await db
    .select()
    .from(commissionSettings)
    .where(and(eq(commissionSettings.accountId, accountId), isNull(commissionSettings.userId)));
  return configDto(row ?? DEFAULT_SETTING);
}

/** The setting that applies to an agent: their own, else the general one, else the defaults. */
export async function effectiveSetting(db: DbOrTx, accountId: string, agentUserId: string) {
  const rows = await db
    .select()
    .from(commissionSettings)
    .where(
      and(
        eq(commissionSettings.accountId, accountId),
        or(isNull(commissionSettings.userId), eq(commissionSettings.userId, agentUserId)),
      ),
    );
  return (
    rows.find((r) => r.userId === agentUserId) ??
    rows.find((r) => r.userId === null) ?? { ...DEFAULT_SETTING }
  );
}

async function isAgent(db: DbOrTx, accountId: string, userId: string) {
  const [m] = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.userId, userId),
        eq(accountMembers.roleSlug, AGENT_ROLE),
      ),
    );
  return !!m;
}

/** POST /agents/core/commission-settings: general, or one agent's (an agent of this account). */
export async function saveSettings(db: Db, accountId: string, byUserId: string, b: CommissionSettingsInput) {
  if (b.userId && !(await isAgent(db, accountId, b.userId)))
    throw new AppError(404, 'not-found', COMMISSION_MSG.agentNotFound);
  const values = {
    isActive: b.isActive,
    commissionType: b.commissionType,
    commissionValue: b.commissionValue,
    payoutMode: b.payoutMode,
    payoutFrequency: b.payoutFrequency,
    // The threshold applies to percentage commissions only (002 §5: the field shows only then).
    thresholdMinor: b.commissionType === 'percentage' ? b.thresholdMinor : null,
    updatedBy: byUserId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(commissionSettings)
    .values({ accountId, userId: b.userId, ...values })
    .onConflictDoUpdate({
      target: b.userId
        ? [commissionSettings.accountId, commissionSettings.userId]
        : [commissionSettings.accountId],
      targetWhere: b.userId
        ? sql`${commissionSettings.userId} is not null`
        : sql`${commissionSettings.userId} is null`,
      set: values,
    })
    .returning();
  return configDto(row);
}

type AgentMember = {
  memberId: string;
  userId: string;
  first: string;
  last: string;
  email: string;
  active: boolean;
};

async function agentsWithSettings(db: DbOrTx, accountId: string, members: AgentMember[]): Promise<Agent[]> {
  const ids = members.map((m) => m.userId);
  const rows = await db
    .select()
    .from(commissionSettings)
    .where(
      and(
        eq(commissionSettings.accountId, accountId),
        ids.length
          ? or(isNull(commissionSettings.userId), inArray(commissionSettings.userId, ids))
          : isNull(commissionSettings.userId),
      ),
    );
  const general = rows.find((r) => r.userId === null) ?? DEFAULT_SETTING;
  return members.map((m) => {
    const own = rows.find((r) => r.userId === m.userId);
    return {
      id: m.memberId,
      userId: m.userId,
      name: `${m.first} ${m.last}`.trim(),
      email: m.email,
      active: m.active,
      hasOwnSetting: !!own,
      commission: configDto(own ?? general),
    };
  });
}

const memberCols = {
  memberId: accountMembers.id,
  userId: accountMembers.userId,
  first: users.firstName,
  last: users.lastName,
  email: users.email,
  active: accountMembers.active,
};

/** GET /agents/core: the account's agents (20 a page) with their effective setting. */
export async function listAgents(
  db: Db,
  accountId: string,
  q: { page: number; limit: number; search?: string },
) {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  const where = and(
    eq(accountMembers.accountId, accountId),
    eq(accountMembers.roleSlug, AGENT_ROLE),
    like
      ? or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like))
      : undefined,
  );
  const rows = await db
    .select({ ...memberCols, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(where)
    .orderBy(asc(users.firstName), asc(accountMembers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(where);
    total = c.n;
  }
  return { items: await agentsWithSettings(db, accountId, rows), total };
}

export async function getAgent(db: Db, accountId: string, userId: string): Promise<Agent> {
  const rows = await db
    .select(memberCols)
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.userId, userId),
        eq(accountMembers.roleSlug, AGENT_ROLE),
      ),
    );
  if (!rows.length) throw new AppError(404, 'not-found', COMMISSION_MSG.agentNotFound);
  return (await agentsWithSettings(db, accountId, rows))[0];
}
