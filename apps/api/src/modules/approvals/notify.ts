// Approval notices and mail (issue 21 §1 "Notifications and mail"), written in the deciding
// transaction: the approvers of a level, and the maker of each decision.
import { eq, inArray } from 'drizzle-orm';
import { APPROVAL_TYPE_LABELS, formatMoney } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { users } from '../../platform/schema';
import { sendMail } from '../mail';
import { createNotification, wantsEmail } from '../notifications';
import { maybeHandlerOf, type ApprovalItemRow } from './handlers';

export async function userName(db: DbOrTx, userId: string): Promise<string> {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ? `${u.firstName} ${u.lastName}`.trim() : 'Unknown user';
}

export function describe(item: ApprovalItemRow): string {
  const label = APPROVAL_TYPE_LABELS[item.type];
  const ref = item.reference ? ` ${item.reference}` : '';
  return `${label}${ref} of ${formatMoney(item.amountMinor, item.currency)}${item.payee ? ` to ${item.payee}` : ''}`;
}

/**
 * Approval mail (issue 21 §1 "Notifications and mail"), written in the deciding transaction like the
 * in-app notice: each recipient who keeps email on for the `approvals` category gets one.
 */
/** The app page of the item awaiting a decision (its area's), where it is read and decided. */
const itemPath = (deps: AppDeps, item: ApprovalItemRow): string | undefined =>
  maybeHandlerOf(deps, item.type)?.path?.(item.resourceId);

export async function mailUsers(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  userIds: string[],
  mail: { subject: string; text: string },
) {
  if (!userIds.length) return;
  const link = `${deps.config.appUrl}${itemPath(deps, item) ?? '/settings/approval'}`;
  const rows = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, userIds));
  for (const u of rows) {
    if (!(await wantsEmail(tx, u.id, 'approvals'))) continue;
    await sendMail(
      deps,
      {
        to: u.email,
        subject: mail.subject,
        text: `Hello ${u.firstName},\n\n${mail.text}\n\nOpen it: ${link}\n\nOwo`,
      },
      tx,
    );
  }
}

export async function notifyApprovers(tx: Tx, deps: AppDeps, item: ApprovalItemRow, userIds: string[]) {
  if (!userIds.length) return;
  const value = `${describe(item)} awaits your approval (level ${item.currentLevel + 1} of ${item.levels.length}).`;
  await createNotification(tx, {
    accountId: item.accountId,
    userIds,
    topic: 'Approval required',
    value,
    props: {
      approvalType: item.type,
      resourceId: item.resourceId,
      approvalId: item.id,
      path: itemPath(deps, item),
    },
    category: 'approvals',
  });
  await mailUsers(tx, deps, item, userIds, { subject: `Approval required: ${describe(item)}`, text: value });
}

/** The maker is told of each decision (in-app and by mail). */
export async function notifyMaker(
  tx: Tx,
  deps: AppDeps,
  item: ApprovalItemRow,
  what: string,
  comments?: string,
) {
  const value = `${describe(item)}: ${what}.${comments ? ` Comment: "${comments}"` : ''}`;
  await createNotification(tx, {
    accountId: item.accountId,
    userIds: [item.makerUserId],
    topic: `Approval ${what.split(' ')[0]}`,
    value,
    props: {
      approvalType: item.type,
      resourceId: item.resourceId,
      approvalId: item.id,
      path: itemPath(deps, item),
    },
    category: 'approvals',
  });
  await mailUsers(tx, deps, item, [item.makerUserId], {
    subject: `${APPROVAL_TYPE_LABELS[item.type]} ${what}`,
    text: value,
  });
}
