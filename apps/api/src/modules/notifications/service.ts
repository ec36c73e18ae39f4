import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { accountMembers } from '../teams/tables';
import { notifications, type NotificationProps } from './tables';

export type NewNotification = {
  accountId: string;
  topic: string;
  value: string;
  props?: NotificationProps;
  kind?: 'event' | 'announcement';
  /** Recipients; when omitted, every active member whose role is in `roles` (default owner, admin). */
  userIds?: string[];
  roles?: string[];
};

/** Written by domain events in the same transaction as the change that caused them. */
export async function createNotification(db: DbOrTx, n: NewNotification): Promise<void> {
  let userIds = n.userIds;
  if (!userIds) {
    const rows = await db
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, n.accountId), eq(accountMembers.active, true), inArray(accountMembers.roleSlug, n.roles ?? ['owner', 'admin'])));
    userIds = rows.map((r) => r.userId);
  }
  if (!userIds.length) return;
  await db.insert(notifications).values(
    [...new Set(userIds)].map((userId) => ({ accountId: n.accountId, userId, topic: n.topic, value: n.value, props: n.props ?? {}, kind: n.kind ?? 'event' })),
  );
}
