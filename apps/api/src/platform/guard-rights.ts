import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MSG,
  can,
  FULL_ACCESS_ROLES,
  mayActOn,
  MSG,
  type ObjectRule,
  type Resources,
} from '@owo/contract';
import type { Db } from './db';
import { forbidden } from './errors';
import { accountMembers, accounts, roles } from './tenancy-tables';
import {
  authOf,
  NO_SUBSIDIARY,
  tenantOf,
  type Access,
  type ContextMember,
  type SubsidiaryResolver,
  type TenantContext,
} from './guard-access';

/** The subsidiary a new record is filed under; 403 when the caller has access to none. */
export function subsidiaryForWrite(tenant: TenantContext): string | null {
  if (tenant.subsidiaryId === NO_SUBSIDIARY) throw forbidden(ACCOUNT_MSG.noSubsidiaryAccess);
  return tenant.subsidiaryId;
}

/** Loads the member's role and permissions in an account; null when not an active member. */
export async function loadMembership(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({ member: accountMembers, account: accounts })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.userId, userId),
        eq(accountMembers.active, true),
      ),
    );
  if (!row) return null;
  const isFullAccess = (FULL_ACCESS_ROLES as readonly string[]).includes(row.member.roleSlug);
  let resources: Resources = '*';
  if (!isFullAccess) {
    const [role] = await db
      .select({ resources: roles.resources })
      .from(roles)
      .where(
        and(eq(roles.slug, row.member.roleSlug), or(eq(roles.accountId, accountId), isNull(roles.accountId))),
      );
    resources = role?.resources ?? {};
  }
  return { member: row.member, account: row.account, resources, isFullAccess };
}

/**
 * The one place a principal's member context meets the route's permission: active membership of
 * the account, the permission itself, then the subsidiary scope (with or without the header: an
 * absent header still scopes restricted members). Sessions and API keys both pass through here.
 */
export function authorizeMember(
  access: Access & { kind: 'permission' },
  m: ContextMember | null,
  resolver: SubsidiaryResolver | undefined,
  subHeader: string,
): TenantContext {
  if (!m) throw forbidden('You are not a member of this account');
  const base = {
    accountId: m.accountId,
    accountName: m.accountName,
    accountType: m.accountType,
    memberId: m.id,
    roleSlug: m.roleSlug,
    resources: m.resources,
    isFullAccess: m.isFullAccess,
  };
  const rights = [access, ...(access.orAnyOf ?? [])];
  if (!rights.some((r) => can(m.resources, r.resource, r.action))) throw forbidden(MSG.forbidden);
  const subsidiaryId = resolver ? resolver.resolve(m.scope, base, subHeader) : null;
  return { ...base, subsidiaryId };
}

/**
 * Object rules inside a company (own vs any, `OBJECT_RULES` in the contract), checked here for every
 * area: `ownerUserId` is the object's own person (the card's holder, the expense's maker), `actor`
 * the caller (`actorOf(req)`: the principal's user and its rights in the account). A caller who may
 * not act on the object gets 403 (`message` when given) and nothing changes.
 */
export function checkObjectRule(
  actor: ObjectActor,
  rule: ObjectRule,
  ownerUserId: string | null,
  message?: string,
): void {
  const isOwn = !!ownerUserId && ownerUserId === actor.userId;
  if (!mayActOn(actor.resources, rule, isOwn)) throw forbidden(message ?? MSG.forbidden);
}
export type ObjectActor = { userId: string; resources: Resources };
/** The caller of a permission route as object rules see it. */
export const actorOf = (req: FastifyRequest): ObjectActor => ({
  userId: authOf(req).user.id,
  resources: tenantOf(req).resources,
});
