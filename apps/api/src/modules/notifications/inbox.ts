import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
  type NotificationItem,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import { accounts } from '../../platform/tenancy-tables';
import { notificationPreferences, notifications } from './tables';

export type ReadFilter = { read: boolean | null };

/** `where` (000 §7): `read`, `unread`, `all`, or JSON such as `{"read":false}`. */
export function parseReadFilter(where: string | undefined): ReadFilter {
  if (!where || where === 'all') return { read: null };
  if (where === 'read') return { read: true };
  if (where === 'unread') return { read: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(where);
  } catch {
    throw fieldError('where', 'Filter must be read, unread or {"read":true|false}');
  }
  const read = (parsed as { read?: unknown } | null)?.read;
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    (read !== undefined && typeof read !== 'boolean')
  ) {
    throw fieldError('where', 'Filter must be read, unread or {"read":true|false}');
  }
  return { read: typeof read === 'boolean' ? read : null };
}

export async function listMyNotifications(
  db: DbOrTx,
  userId: string,
  q: { page: number; limit: number; filter: ReadFilter },
) {
  const where = and(
    eq(notifications.userId, userId),
    q.filter.read === null ? undefined : eq(notifications.read, q.filter.read),
  );
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select({ n: notifications, account: { id: accounts.id, name: accounts.name } })
      .from(notifications)
      .innerJoin(accounts, eq(accounts.id, notifications.accountId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(notifications).where(where),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false))),
  ]);
  const items: NotificationItem[] = rows.map(({ n, account }) => ({
    id: n.id,
    read: n.read,
    kind: n.kind,
    notification: {
      topic: n.topic,
      value: n.value,
      createdAt: n.createdAt.toISOString(),
      account: { account },
      props: n.props,
    },
  }));
  return { items, total, unread };
}

export async function setNotificationRead(db: DbOrTx, userId: string, id: string, read: boolean) {
  const rows = await db
    .update(notifications)
    .set({ read })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!rows.length) throw notFound('Notification');
}

export async function setAllNotificationsRead(db: DbOrTx, userId: string, read: boolean) {
  const rows = await db
    .update(notifications)
    .set({ read })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, !read)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!rows.length) throw notFound('Notification');
}

export async function deleteAllNotifications(db: DbOrTx, userId: string) {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function getPreferences(db: DbOrTx, userId: string) {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return {
    preferences: NOTIFICATION_CATEGORIES.map((category) => {
      const r = rows.find((x) => x.category === category);
      return {
        category,
        label: NOTIFICATION_CATEGORY_LABELS[category],
        email: r?.email ?? true,
        inApp: r?.inApp ?? true,
      };
    }),
  };
}

export async function savePreferences(
  db: DbOrTx,
  userId: string,
  prefs: { category: NotificationCategory; email: boolean; inApp: boolean }[],
) {
  const seen = new Set<string>();
  prefs.forEach((p, i) => {
    if (seen.has(p.category)) throw fieldError(`preferences.${i}.category`, 'Each category may appear once');
    seen.add(p.category);
  });
  await db
    .insert(notificationPreferences)
    .values(prefs.map((p) => ({ userId, ...p })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { email: sql`excluded.email`, inApp: sql`excluded.in_app`, updatedAt: new Date() },
    });
  return getPreferences(db, userId);
}
