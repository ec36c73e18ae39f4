import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  INVITATION_TTL_DAYS,
  TEAM_MSG,
  type CreateInvitationBody,
  type Invitation,
  type ListQuery,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { accounts, subsidiaries, subsidiaryAccess, users } from '../../platform/schema';
import { newToken, sha256 } from '../../platform/tokens';
import { escapeLike } from '../../platform/text';
import { grantSubsidiaryAccess } from '../accounts';
import { sendMail } from '../mail';
import { createNotification, membersInRoles } from '../notifications';
import { requireRole, roleNames } from './roles';
import { invitations } from './tables';
import { accountMembers } from '../../platform/tenancy-tables';

type InvitationRow = typeof invitations.$inferSelect;
type MailDeps = Pick<AppDeps, 'db' | 'config'>;

const FULL_ACCESS = new Set(['owner', 'admin']);
const expiryFromNow = () => new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
export const invitationExpired = () => new AppError(410, 'invitation-expired', TEAM_MSG.invitationExpired);
const invitationUsed = () => new AppError(410, 'invitation-invalid', TEAM_MSG.invitationUsed);

function toInvitation(r: InvitationRow, names: Map<string, string>, inviter: string | null): Invitation {
  return {
    id: r.id,
    email: r.email,
    role: r.roleSlug,
    roleName: names.get(r.roleSlug) ?? r.roleSlug,
    subsidiaryId: r.subsidiaryId,
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
    expired: r.expiresAt.getTime() <= Date.now(),
    createdAt: r.createdAt.toISOString(),
    invitedBy: inviter ? { name: inviter } : null,
  };
}

async function mailInvitation(
  deps: MailDeps,
  tx: Tx,
  p: { email: string; code: string; accountName: string; roleName: string; inviterName: string },
) {
  const link = `${deps.config.appUrl}/auth/invite?code=${encodeURIComponent(p.code)}`;
  await sendMail(
    deps,
    {
      to: p.email,
      subject: `You have been invited to join ${p.accountName} on Owo`,
      text: `${p.inviterName} has invited you to join ${p.accountName} on Owo as ${p.roleName}.\n\nAccept the invitation here: ${link}\n\nThis invitation expires in ${INVITATION_TTL_DAYS} days. If you were not expecting it, you can ignore this email.`,
    },
    tx,
  );
}

async function findPending(db: DbOrTx, accountId: string, id: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.accountId, accountId)))
    .for('update');
  if (!row) throw notFound('Invitation');
  if (row.status !== 'pending') throw badRequest(TEAM_MSG.invitationNotPending);
  return row;
}

/**
 * The invite's subsidiary: the one named (the company's own, checked by the route's `bodyRefs`;
 * here against the inviter's sub-access) or the inviter's active one.
 */
async function resolveSubsidiary(
  db: DbOrTx,
  tenant: TenantContext,
  requested: string | null | undefined,
): Promise<string | null> {
  if (requested === undefined) return subsidiaryForWrite(tenant);
  if (requested === null) return null;
  if (!tenant.isFullAccess) {
    const [grant] = await db
      .select({ id: subsidiaryAccess.id })
      .from(subsidiaryAccess)
      .where(
        and(
          eq(subsidiaryAccess.memberId, tenant.memberId),
          eq(subsidiaryAccess.subsidiaryId, requested),
          eq(subsidiaryAccess.active, true),
        ),
      );
    if (!grant) throw fieldError('subsidiaryId', TEAM_MSG.subsidiaryUnknown);
  }
  return requested;
}

export async function createInvitation(
  deps: MailDeps,
  tx: Tx,
  p: { tenant: TenantContext; inviterId: string; body: CreateInvitationBody },
): Promise<Invitation> {
  const { tenant, body } = p;
  const role = await requireRole(tx, { accountId: tenant.accountId, slug: body.role });
  if (role.slug === 'owner' && tenant.roleSlug !== 'owner') throw forbidden(TEAM_MSG.onlyOwnerInvitesOwner);
  const subsidiaryId = await resolveSubsidiary(tx, tenant, body.subsidiaryId);
  // One invite per account and email at a time, even under concurrent clicks.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`invite:${tenant.accountId}:${body.email}`}))`,
  );
  const [member] = await tx
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.accountId, tenant.accountId),
        eq(accountMembers.active, true),
        sql`lower(${users.email}) = ${body.email}`,
      ),
    );
  if (member) throw fieldError('email', TEAM_MSG.alreadyMember);
  // Re-inviting replaces the pending invitation (its code stops working).
  await tx
    .update(invitations)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(invitations.accountId, tenant.accountId),
        eq(invitations.status, 'pending'),
        sql`lower(${invitations.email}) = ${body.email}`,
      ),
    );
  const code = newToken(24);
  const [row] = await tx
    .insert(invitations)
    .values({
      accountId: tenant.accountId,
      email: body.email,
      roleSlug: role.slug,
      subsidiaryId,
      codeHash: sha256(code),
      expiresAt: expiryFromNow(),
      invitedBy: p.inviterId,
    })
    .returning();
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, p.inviterId));
  const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim();
  await mailInvitation(deps, tx, {
    email: body.email,
    code,
    accountName: tenant.accountName,
    roleName: role.name,
    inviterName,
  });
  return toInvitation(row, new Map([[role.slug, role.name]]), inviterName);
}

/** Pending invitations, newest first; expired ones stay listed (flagged) so they can be resent. */
export async function listInvitations(db: DbOrTx, p: { accountId: string; q: ListQuery }) {
  const where = and(
    eq(invitations.accountId, p.accountId),
    eq(invitations.status, 'pending'),
    p.q.search ? ilike(invitations.email, `%${escapeLike(p.q.search)}%`) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(invitations).where(where);
  const rows = await db
    .select({ inv: invitations, firstName: users.firstName, lastName: users.lastName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(p.q.limit)
    .offset((p.q.page - 1) * p.q.limit);
  const names = await roleNames(db, p.accountId);
  const items = rows.map((r) =>
    toInvitation(r.inv, names, r.firstName ? `${r.firstName} ${r.lastName}`.trim() : null),
  );
  return { items, total: Number(n) };
}

/** A new code and a new 7-day expiry; the old code stops working. */
export async function resendInvitation(
  deps: MailDeps,
  tx: Tx,
  p: { tenant: TenantContext; inviterId: string; id: string },
): Promise<Invitation> {
  const row = await findPending(tx, p.tenant.accountId, p.id);
  const code = newToken(24);
  const [updated] = await tx
    .update(invitations)
    .set({ codeHash: sha256(code), expiresAt: expiryFromNow(), updatedAt: sql`now()` })
    .where(eq(invitations.id, row.id))
    .returning();
  const names = await roleNames(tx, p.tenant.accountId);
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, p.inviterId));
  const inviterName = `${inviter.firstName} ${inviter.lastName}`.trim();
  await mailInvitation(deps, tx, {
    email: row.email,
    code,
    accountName: p.tenant.accountName,
    roleName: names.get(row.roleSlug) ?? row.roleSlug,
    inviterName,
  });
  return toInvitation(updated, names, inviterName);
}

export async function changeInvitationRole(
  tx: Tx,
  p: { tenant: TenantContext; id: string; role: string },
): Promise<Invitation> {
  const row = await findPending(tx, p.tenant.accountId, p.id);
  if (row.roleSlug === 'owner') throw badRequest(TEAM_MSG.ownerInviteRoleFixed);
  const role = await requireRole(tx, { accountId: p.tenant.accountId, slug: p.role });
  if (role.slug === 'owner' && p.tenant.roleSlug !== 'owner') throw forbidden(TEAM_MSG.onlyOwnerInvitesOwner);
  const [updated] = await tx
    .update(invitations)
    .set({ roleSlug: role.slug, updatedAt: sql`now()` })
    .where(eq(invitations.id, row.id))
    .returning();
  return toInvitation(updated, await roleNames(tx, p.tenant.accountId), null);
}

export async function cancelInvitation(tx: Tx, p: { accountId: string; id: string }): Promise<Invitation> {
  const row = await findPending(tx, p.accountId, p.id);
  const [updated] = await tx
    .update(invitations)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(invitations.id, row.id))
    .returning();
  return toInvitation(updated, await roleNames(tx, p.accountId), null);
}

/** Finds a usable invitation by its code: unknown 404, cancelled or accepted 410, expired 410 invitation-expired. */
async function usableByCode(db: DbOrTx, code: string, lock: boolean): Promise<InvitationRow> {
  const q = db
    .select()
    .from(invitations)
    .where(eq(invitations.codeHash, sha256(code)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Invitation');
  if (row.status !== 'pending') throw invitationUsed();
  if (row.expiresAt.getTime() <= Date.now()) throw invitationExpired();
  return row;
}

/** What the public accept page shows before sign-in. */
export async function previewInvitation(db: DbOrTx, code: string) {
  const row = await usableByCode(db, code, false);
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, row.accountId));
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`);
  const names = await roleNames(db, row.accountId);
  return {
    email: row.email,
    accountName: account.name,
    role: row.roleSlug,
    roleName: names.get(row.roleSlug) ?? row.roleSlug,
    expiresAt: row.expiresAt.toISOString(),
    userExists: !!user,
  };
}

/**
 * Accepts an invitation for a signed-in (or just-registered) user whose email is the invited one:
 * creates or reactivates the membership with the invite's role and sub-access, makes the account
 * the user's active one and tells the owners and admins. Identity calls this from register/login.
 */
export async function acceptInvitationByCode(
  tx: Tx,
  p: { code: string; userId: string; email: string },
): Promise<{ accountId: string }> {
  const inv = await usableByCode(tx, p.code, true);
  if (inv.email.toLowerCase() !== p.email.trim().toLowerCase())
    throw forbidden(TEAM_MSG.invitationOtherEmail);
  const [existing] = await tx
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, inv.accountId), eq(accountMembers.userId, p.userId)))
    .for('update');
  let memberId: string;
  let roleSlug = inv.roleSlug;
  if (!existing) {
    const [m] = await tx
      .insert(accountMembers)
      .values({ accountId: inv.accountId, userId: p.userId, roleSlug: inv.roleSlug })
      .returning({ id: accountMembers.id });
    memberId = m.id;
  } else if (!existing.active) {
    await tx
      .update(accountMembers)
      .set({ roleSlug: inv.roleSlug, active: true, updatedAt: sql`now()` })
      .where(eq(accountMembers.id, existing.id));
    memberId = existing.id;
  } else {
    // Already an active member (joined some other way meanwhile): keep the current role.
    memberId = existing.id;
    roleSlug = existing.roleSlug;
  }
  if (inv.subsidiaryId && !FULL_ACCESS.has(roleSlug)) {
    // The subsidiary may have been deleted since the invitation: then the member joins without it.
    const [sub] = await tx
      .select({ id: subsidiaries.id })
      .from(subsidiaries)
      .where(and(eq(subsidiaries.id, inv.subsidiaryId), eq(subsidiaries.accountId, inv.accountId)));
    if (sub) await grantSubsidiaryAccess(tx, { accountId: inv.accountId, memberId, subsidiaryId: sub.id });
  }
  await tx
    .update(users)
    .set({ activeAccountId: inv.accountId, updatedAt: sql`now()` })
    .where(eq(users.id, p.userId));
  await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedBy: p.userId, updatedAt: sql`now()` })
    .where(eq(invitations.id, inv.id));
  const [u] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, p.userId));
  const names = await roleNames(tx, inv.accountId);
  const who = u ? `${u.firstName} ${u.lastName}`.trim() : inv.email;
  const admins = await membersInRoles(tx, inv.accountId, [...FULL_ACCESS]);
  await createNotification(tx, {
    accountId: inv.accountId,
    userIds: admins.map((a) => a.userId).filter((id) => id !== p.userId),
    topic: 'Invitation accepted',
    value: `${who} (${inv.email}) accepted the invitation and joined as ${names.get(roleSlug) ?? roleSlug}.`,
  });
  return { accountId: inv.accountId };
}

/** POST /api/auth/invite: a signed-in user accepts; the matching invite mail also proves their email. */
export async function acceptInvitationAsUser(
  tx: Tx,
  p: { code: string; user: { id: string; email: string; emailVerifiedAt: Date | null } },
) {
  const out = await acceptInvitationByCode(tx, { code: p.code, userId: p.user.id, email: p.user.email });
  if (!p.user.emailVerifiedAt)
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()` })
      .where(eq(users.id, p.user.id));
  return out;
}
