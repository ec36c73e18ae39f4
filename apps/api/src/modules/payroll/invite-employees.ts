// The employee portal invitation (issue 25): one link per employee, mailed in the caller's transaction.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { issueLink } from '../../platform/tokens';
import { accounts } from '../../platform/schema';
import { sendMail } from '../mail';

/** The employee portal invitation's link (platform/tokens.ts): one employee, to join, for 14 days. */
export const EMPLOYEE_INVITATION_LINK = 'employee-invitation';
export const EMPLOYEE_INVITE_TTL_DAYS = 14;

export async function invite(
  deps: AppDeps,
  tx: Tx,
  e: { id: string; name: string; email: string; accountId: string },
  company: string,
) {
  // A resend revokes the earlier link (issueLink replaces the object's live links).
  const token = await issueLink(tx, {
    kind: EMPLOYEE_INVITATION_LINK,
    action: 'join',
    objectId: e.id,
    accountId: e.accountId,
    expiresAt: sql`now() + make_interval(days => ${EMPLOYEE_INVITE_TTL_DAYS})`,
  });
  await sendMail(
    deps,
    {
      to: e.email,
      subject: `${company} invited you to the Owo employee portal`,
      text: `Hello ${e.name},\n\n${company} pays your salary through Owo. See your payslips in the employee portal (the link works once and expires in ${EMPLOYEE_INVITE_TTL_DAYS} days):\n${deps.config.appUrl}/employee-portal/join?token=${token}\n\nOwo`,
    },
    tx,
  );
}

/** Invites newly added employees (one mail each, in the caller's transaction). */
export async function inviteEmployees(
  deps: AppDeps,
  tx: Tx,
  accountId: string,
  list: { id: string; name: string; email: string }[],
) {
  const company = await companyName(tx, accountId);
  for (const e of list) await invite(deps, tx, { ...e, accountId }, company);
}

export async function companyName(db: DbOrTx, accountId: string) {
  const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return a?.name ?? 'Your employer';
}
