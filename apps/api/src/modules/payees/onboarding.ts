// Vendor invite and self-onboarding (issue 23 §1). Staff mail a link carrying a 128-bit reference;
// the vendor fills in personal, then bank details on public pages. The link is single use (the row
// lock + status) and expires; the public calls answer nothing of the company but its name. A vendor
// who already exists and sends a new bank account goes through the guarded bank change (★): the
// inviter is its maker, so someone else must approve it.
import { randomBytes } from 'node:crypto';
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
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { accounts } from '../../platform/schema';
import { sendMail } from '../mail';
import { createNotification } from '../notifications';
import { isUniqueViolation, requestBankChange, resolveBank } from './service';
import { payeeInvitations, payees } from './tables';

type Row = typeof payeeInvitations.$inferSelect;
export const INVITE_TTL_DAYS = 7;

/** 128 bits, hex: the single-use onboarding reference. */
const newRef = () => randomBytes(16).toString('hex');

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
        reference: newRef(),
        email: p.body.email,
        name: p.body.name || null,
        payeeId: p.body.payeeId ?? null,
        invitedBy: p.userId,
        expiresAt: sql`now() + make_interval(days => ${INVITE_TTL_DAYS})`,
      })
      .returning();
    const company = await companyName(tx, accountId);
    await sendMail(
      deps,
      {
        to: row.email,
        subject: `${company} invites you to add your vendor details`,
        text: `Hello${row.name ? ` ${row.name}` : ''},\n\n${company} uses Owo to pay its vendors and asks you to add your details and the bank account you want to be paid to.\n\nAdd them here (the link works once and expires in ${INVITE_TTL_DAYS} days): ${deps.config.appUrl}/vendor-onboarding/invitation/${row.reference}\n\nOwo`,
      },
      tx,
    );
    return dto(row);
  });
}

/** A live invitation by its reference: unknown 404, used 409, expired 410 (never a 5xx). */
async function byRef(db: DbOrTx, ref: string, lock = false): Promise<Row> {
  if (!/^[0-9a-f]{32}$/.test(ref)) throw new AppError(404, 'not-found', VENDOR_INVITE_MSG.unknown);
  const q = db.select().from(payeeInvitations).where(eq(payeeInvitations.reference, ref));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw new AppError(404, 'not-found', VENDOR_INVITE_MSG.unknown);
  if (r.status !== 'sent') throw conflict(VENDOR_INVITE_MSG.used);
  if (r.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'expired', VENDOR_INVITE_MSG.expired);
  return r;
}

/** GET /api/public/vendor-onboarding/{ref}: the company's name, the invited email, what was typed. */
export async function onboardingInfo(db: Db, ref: string): Promise<VendorOnboardingInfo> {
  const r = await byRef(db, ref);
  return {
    companyName: await companyName(db, r.accountId),
    email: r.email,
    personalDetails: r.personalDetails,
  };
}

/** Only checks the ref (the bank list is served to live links only). */
export const checkOnboardingRef = async (db: Db, ref: string) => {
  await byRef(db, ref);
};

/** PUT /api/public/vendor-onboarding/{ref}/personal-details. */
export async function savePersonalDetails(
  db: Db,
  ref: string,
  body: z.output<typeof vendorPersonalDetailsBody>,
) {
  await db.transaction(async (tx) => {
    const r = await byRef(tx, ref, true);
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

/**
 * PUT /api/public/vendor-onboarding/{ref}/bank-details: NUBAN-checked and resolved (the resolved
 * name wins), then — once — a new vendor, or the invited vendor's details with a guarded bank change.
 */
export async function completeOnboarding(
  deps: AppDeps,
  ref: string,
  body: z.output<typeof vendorBankDetailsBody>,
): Promise<{ companyName: string; bankName: string; accountName: string; pendingApproval: boolean }> {
  const first = await byRef(deps.db, ref);
  if (!first.personalDetails) throw conflict(VENDOR_INVITE_MSG.personalFirst);
  const bank = await resolveBank(deps, body.bankCode, body.accountNumber);
  const after: (() => Promise<void> | void)[] = [];
  let pendingApproval = false;
  try {
    await deps.db.transaction(async (tx) => {
      const inv = await byRef(tx, ref, true);
      const pd = inv.personalDetails;
      if (!pd) throw conflict(VENDOR_INVITE_MSG.personalFirst);
      // The invited vendor, else the company's vendor with the invited or typed email.
      const [existing] = inv.payeeId
        ? await tx
            .select()
            .from(payees)
            .where(and(eq(payees.id, inv.payeeId), eq(payees.accountId, inv.accountId)))
            .for('update')
        : await tx
            .select()
            .from(payees)
            .where(
              and(
                eq(payees.accountId, inv.accountId),
                sql`lower(${payees.email}) in (${inv.email}, ${pd.email})`,
              ),
            )
            .limit(1)
            .for('update');
      let payeeId: string;
      if (existing) {
        payeeId = existing.id;
        await tx
          .update(payees)
          .set({
            name: pd.name,
            email: pd.email,
            phone: pd.phone,
            billingAddress: pd.billingAddress,
            updatedAt: sql`now()`,
          })
          .where(eq(payees.id, existing.id));
        if (existing.bankCode !== bank.bankCode || existing.accountNumber !== bank.accountNumber) {
          // ★ The guarded bank change: the inviter is its maker; the previous email is told.
          await requestBankChange(tx, deps, {
            row: { ...existing, name: pd.name },
            bank,
            userId: inv.invitedBy,
            previousEmail: existing.email,
            afterCommit: (fn) => after.push(fn),
          });
          pendingApproval = true;
        }
      } else {
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
        payeeId = v.id;
      }
      await tx
        .update(payeeInvitations)
        .set({ status: 'completed', completedAt: sql`now()`, resultPayeeId: payeeId })
        .where(eq(payeeInvitations.id, inv.id));
      await createNotification(tx, {
        accountId: inv.accountId,
        topic: pendingApproval ? 'Vendor bank change awaiting approval' : 'Vendor onboarded',
        value: pendingApproval
          ? `${pd.name} sent a new bank account; it needs approval by someone other than the inviter`
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
