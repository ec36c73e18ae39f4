// Vendor invite and self-onboarding (issue 23 §1, issue 34 §3). Staff mail a link token (platform/
// tokens.ts, kind `payee-invitation`, action `submit`): the guard resolves it to the invitation, and
// the public calls answer nothing of the company but its name. The link acts on ITS vendor only: a
// new-vendor invitation creates a new vendor (whatever email is typed), an invitation for an existing
// vendor proposes that vendor's new details, which wait, bank account and all, for the guarded
// change's approval (★: the inviter is its maker, someone else approves, the OLD address is mailed).
// The link is spent in the transaction that completes it.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAYEE_MSG,
  VENDOR_INVITE_MSG,
  type VendorInvitation,
  type VendorOnboardingInfo,
  type vendorBankDetailsBody,
  type vendorInviteBody,
  type vendorPersonalDetailsBody,
} from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { accounts } from '../../platform/schema';
import { issueLink, spendLink, type LinkPrincipal } from '../../platform/tokens';
import { sendMail } from '../mail';
import { createNotification } from '../notifications';
import { requestBankChange } from './bank-change';
import { isUniqueViolation, resolveBank } from './shared';
import { payeeInvitations, payees } from './tables';

type Row = typeof payeeInvitations.$inferSelect;
export const INVITE_TTL_DAYS = 7;

/** The link's kind and action (`needsLink(PAYEE_INVITATION_LINK, 'submit', VENDOR_INVITE_MSG)`). */
export const PAYEE_INVITATION_LINK = 'payee-invitation';

const dto = (r: Row): VendorInvitation => ({
  id: r.id,
  email: r.email,
  name: r.name,
  payeeId: r.payeeId,
  status: r.status,
  expiresAt: r.expiresAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

async function companyName(db: DbOrTx, accountId: string) {
  const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return a?.name ?? '';
}

/** POST /api/payee/invite. */
export async function inviteVendor(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: z.output<typeof vendorInviteBody> },
): Promise<VendorInvitation> {
  const { accountId } = p.tenant;
  return deps.db.transaction(async (tx) => {
    if (p.body.payeeId) {
      const [v] = await tx
        .select({ id: payees.id })
        .from(payees)
        .where(and(eq(payees.id, p.body.payeeId), eq(payees.accountId, accountId)));
      if (!v) throw notFound('Vendor');
    }
    const [row] = await tx
      .insert(payeeInvitations)
      .values({
        accountId,
        email: p.body.email,
        name: p.body.name || null,
        payeeId: p.body.payeeId ?? null,
        invitedBy: p.userId,
        expiresAt: sql`now() + make_interval(days => ${INVITE_TTL_DAYS})`,
      })
      .returning();
    const token = await issueLink(tx, {
      kind: PAYEE_INVITATION_LINK,
      action: 'submit',
      objectId: row.id,
      accountId,
      expiresAt: row.expiresAt,
    });
    const company = await companyName(tx, accountId);
    await sendMail(
      deps,
      {
        to: row.email,
        subject: `${company} invites you to add your vendor details`,
        text: `Hello${row.name ? ` ${row.name}` : ''},\n\n${company} uses Owo to pay its vendors and asks you to add your details and the bank account you want to be paid to.\n\nAdd them here (the link works once and expires in ${INVITE_TTL_DAYS} days): ${deps.config.appUrl}/vendor-onboarding/invitation/${token}\n\nOwo`,
      },
      tx,
    );
    return dto(row);
  });
}

/**
 * The link's invitation, still open (the guard checked the link itself: unknown 404, spent, expired
 * or revoked 410). `lock` takes the row for the transaction that writes it.
 */
async function byLink(db: DbOrTx, link: LinkPrincipal, lock = false): Promise<Row> {
  const q = db.select().from(payeeInvitations).where(eq(payeeInvitations.id, link.objectId));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw new AppError(404, 'not-found', VENDOR_INVITE_MSG.unknown);
  if (r.status !== 'sent') throw new AppError(410, 'link-used', VENDOR_INVITE_MSG.used);
  return r;
}

/** GET /api/public/vendor-onboarding/{token}: the company's name, the invited email, what was typed. */
export async function onboardingInfo(db: Db, link: LinkPrincipal): Promise<VendorOnboardingInfo> {
  const r = await byLink(db, link);
  return {
    companyName: await companyName(db, r.accountId),
    email: r.email,
    personalDetails: r.personalDetails,
  };
}

/** Only checks the invitation (the bank list is served to live links only). */
export const checkOnboardingLink = async (db: Db, link: LinkPrincipal) => {
  await byLink(db, link);
};

/** PUT /api/public/vendor-onboarding/{token}/personal-details. */
export async function savePersonalDetails(
  db: Db,
  link: LinkPrincipal,
  body: z.output<typeof vendorPersonalDetailsBody>,
) {
  await db.transaction(async (tx) => {
    const r = await byLink(tx, link, true);
    await tx
      .update(payeeInvitations)
      .set({
        personalDetails: {
          name: body.name,
          email: body.email,
          phone: body.phone || null,
          billingAddress: body.billingAddress || null,
        },
      })
      .where(eq(payeeInvitations.id, r.id));
  });
}

type Invitation = typeof payeeInvitations.$inferSelect;
type PersonalDetails = NonNullable<Invitation['personalDetails']>;
type Bank = Awaited<ReturnType<typeof resolveBank>>;

/** An existing vendor's invitation: a guarded change of that vendor only, when anything differs. */
async function changeInvitedVendor(
  tx: Tx,
  deps: AppDeps,
  p: {
    inv: Invitation;
    payeeId: string;
    pd: PersonalDetails;
    bank: Bank;
    after: (() => Promise<void> | void)[];
  },
): Promise<{ payeeId: string; pendingApproval: boolean }> {
  const { inv, pd, bank } = p;
  // The invited vendor, and only it; nothing of it changes before a second person approves.
  const [existing] = await tx
    .select()
    .from(payees)
    .where(and(eq(payees.id, p.payeeId), eq(payees.accountId, inv.accountId)))
    .for('update');
  if (!existing) throw new AppError(410, 'link-revoked', VENDOR_INVITE_MSG.unknown);
  const details = {
    name: pd.name,
    email: pd.email,
    phone: pd.phone,
    billingAddress: pd.billingAddress,
  };
  const sameDetails =
    existing.name === details.name &&
    existing.email === details.email &&
    existing.phone === details.phone &&
    existing.billingAddress === details.billingAddress;
  const sameBank = existing.bankCode === bank.bankCode && existing.accountNumber === bank.accountNumber;
  if (!sameDetails || !sameBank) {
    // ★ The guarded change: the inviter is its maker; the vendor's current (old) email is told.
    await requestBankChange(tx, deps, {
      row: existing,
      bank,
      details: sameDetails ? undefined : details,
      userId: inv.invitedBy,
      previousEmail: existing.email,
      afterCommit: (fn) => p.after.push(fn),
    });
    return { payeeId: existing.id, pendingApproval: true };
  }
  return { payeeId: existing.id, pendingApproval: false };
}

/** A new-vendor invitation creates its own vendor. */
async function createInvitedVendor(
  tx: Tx,
  inv: Invitation,
  pd: PersonalDetails,
  bank: Bank,
): Promise<string> {
  // A new-vendor invitation creates its own vendor, whatever email is typed: never another's.
  const [v] = await tx
    .insert(payees)
    .values({
      accountId: inv.accountId,
      name: pd.name,
      email: pd.email,
      phone: pd.phone,
      billingAddress: pd.billingAddress,
      ...bank,
      createdBy: inv.invitedBy,
    })
    .returning({ id: payees.id });
  return v.id;
}

/**
 * PUT /api/public/vendor-onboarding/{token}/bank-details: NUBAN-checked and resolved (the resolved
 * name wins), then, once (the link is spent in the same transaction), a new vendor for a new-vendor
 * invitation, or for an existing vendor's invitation a guarded change of that vendor only: its new
 * details and bank account wait for approval, and its old address is told.
 */
export async function completeOnboarding(
  deps: AppDeps,
  link: LinkPrincipal,
  body: z.output<typeof vendorBankDetailsBody>,
): Promise<{ companyName: string; bankName: string; accountName: string; pendingApproval: boolean }> {
  const first = await byLink(deps.db, link);
  if (!first.personalDetails) throw conflict(VENDOR_INVITE_MSG.personalFirst);
  const bank = await resolveBank(deps, body.bankCode, body.accountNumber);
  const after: (() => Promise<void> | void)[] = [];
  let pendingApproval = false;
  try {
    await deps.db.transaction(async (tx) => {
      const inv = await byLink(tx, link, true);
      const pd = inv.personalDetails;
      if (!pd) throw conflict(VENDOR_INVITE_MSG.personalFirst);
      await spendLink(tx, link, VENDOR_INVITE_MSG);
      let payeeId: string;
      if (inv.payeeId) {
        const changed = await changeInvitedVendor(tx, deps, { inv, payeeId: inv.payeeId, pd, bank, after });
        payeeId = changed.payeeId;
        pendingApproval = changed.pendingApproval;
      } else payeeId = await createInvitedVendor(tx, inv, pd, bank);
      await tx
        .update(payeeInvitations)
        .set({ status: 'completed', completedAt: sql`now()`, resultPayeeId: payeeId })
        .where(eq(payeeInvitations.id, inv.id));
      await createNotification(tx, {
        accountId: inv.accountId,
        topic: pendingApproval ? 'Vendor details change awaiting approval' : 'Vendor onboarded',
        value: pendingApproval
          ? `${pd.name} sent new details; they need approval by someone other than the inviter`
          : `${pd.name} added their details`,
        props: { payeeId },
        category: 'approvals',
        userIds: [inv.invitedBy],
      });
    });
  } catch (err) {
    // Never tell a visitor which accounts the company already pays.
    if (isUniqueViolation(err) || (err instanceof AppError && err.message === PAYEE_MSG.duplicateAccount))
      throw fieldError('accountNumber', 'This bank account cannot be used here. Contact the company');
    throw err;
  }
  for (const fn of after) await fn();
  return {
    companyName: await companyName(deps.db, first.accountId),
    bankName: bank.bankName,
    accountName: bank.accountName,
    pendingApproval,
  };
}

export async function listInvitations(db: Db, accountId: string): Promise<VendorInvitation[]> {
  const rows = await db
    .select()
    .from(payeeInvitations)
    .where(eq(payeeInvitations.accountId, accountId))
    .orderBy(sql`${payeeInvitations.createdAt} desc`)
    .limit(50);
  return rows.map(dto);
}
