import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { NotificationCategory } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { accountMembers, users } from '../../platform/tenancy-tables';
import { notificationPreferences, notifications, type NotificationProps } from './tables';

export type NewNotification = {
  accountId: string;
  topic: string;
  value: string;
  props?: NotificationProps;
  kind?: 'event' | 'announcement';
  /** Recipients; when omitted, every active member whose role is in `roles` (default owner, admin). */
  userIds?: string[];
  roles?: string[];
  /** Lets recipients who switched this category's in-app channel off skip it; guessed from the topic when omitted. */
  category?: NotificationCategory;
};

const TOPIC_CATEGORIES: [RegExp, NotificationCategory][] = [
  [/approv|reject/i, 'approvals'],
  [/payroll|payslip/i, 'payroll'],
  [/invoice|customer|partner|refund|inflow|collection/i, 'invoices'],
  [/payout|payment|transfer|wallet|fund|bill|quote|disburs|expense|vend|withdraw|deposit/i, 'payments'],
  [/invitation|member|team|role|agent/i, 'team'],
  [/setup|kyb|kyc|account|subsidiar/i, 'account'],
];
/** Security notices (sign-in, password, 2FA) match no category and are always delivered. */
export function categoryOfTopic(topic: string): NotificationCategory | null {
  if (/security|password|sign[- ]?in|login|2fa|two-factor/i.test(topic)) return null;
  return TOPIC_CATEGORIES.find(([re]) => re.test(topic))?.[1] ?? null;
}

/** Who is told by default: the owner and admins. */
export const OWNER_AND_ADMINS: readonly string[] = ['owner', 'admin'];

/**
 * The account's active members whose role is in `roles` (default owner and admins), oldest first:
 * the one query behind "tell the owner and admins" (notifications, mails, approval fallbacks).
 */
export async function membersInRoles(
  db: DbOrTx,
  accountId: string,
  roles: readonly string[] = OWNER_AND_ADMINS,
) {
  return db
    .select({
      userId: accountMembers.userId,
      role: accountMembers.roleSlug,
      email: users.email,
      firstName: users.firstName,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.userId))
    .where(
      and(
        eq(accountMembers.accountId, accountId),
        eq(accountMembers.active, true),
        inArray(accountMembers.roleSlug, [...roles]),
      ),
    )
    .orderBy(asc(accountMembers.createdAt));
}

/** Written by domain events in the same transaction as the change that caused them. */
export async function createNotification(db: DbOrTx, n: NewNotification): Promise<void> {
  let userIds = n.userIds;
  if (!userIds) userIds = (await membersInRoles(db, n.accountId, n.roles)).map((r) => r.userId);
  userIds = [...new Set(userIds)];
  const category = n.category ?? categoryOfTopic(n.topic);
  if (category && userIds.length) {
    const off = await db
      .select({ userId: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(
        and(
          inArray(notificationPreferences.userId, userIds),
          eq(notificationPreferences.category, category),
          eq(notificationPreferences.inApp, false),
        ),
      );
    const skip = new Set(off.map((r) => r.userId));
    userIds = userIds.filter((u) => !skip.has(u));
  }
  if (!userIds.length) return;
  await db.insert(notifications).values(
    userIds.map((userId) => ({
      accountId: n.accountId,
      userId,
      topic: n.topic,
      value: n.value,
      props: n.props ?? {},
      kind: n.kind ?? 'event',
    })),
  );
}

/**
 * The one call for a money event (deposit credited, transfer paid or failed, and every later area's
 * own events): owner and admins are told, in the caller's transaction `tx` (the one that posts the
 * ledger entry, so a rolled-back movement notifies nobody and a retried webhook or job that changes
 * nothing writes nothing). `props.transactionId` makes a click open `/transaction/{id}`.
 */
export type MoneyEvent = {
  accountId: string;
  transactionId: string;
  topic: string;
  value: string;
  roles?: string[];
};
/**
 * A listener of every money event, run in the same transaction (developers' webhooks write their
 * outbox rows here): the `moneyEvent` seam (notifications/seams.ts). `many` (optional) is the same
 * listener for a batch of events, in few statements (`notifyMoneyEvents`).
 */
export type MoneyEventListener = {
  one: (tx: DbOrTx, e: MoneyEvent) => Promise<void>;
  many?: (tx: DbOrTx, es: MoneyEvent[]) => Promise<void>;
};

/**
 * `notifyMoneyEvent` for many events of one transaction (a batch of deposits and the collections
 * they pay), in a few statements whatever their number: the listeners' batch forms, one read of the
 * recipients and their in-app preference, one insert. Same rows as one call per event.
 */
export async function notifyMoneyEvents(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  events: MoneyEvent[],
): Promise<void> {
  if (!events.length) return;
  for (const l of deps.seams.hooks('moneyEvent'))
    if (l.many) await l.many(tx, events);
    else for (const e of events) await l.one(tx, e);
  const members = await tx
    .select({
      accountId: accountMembers.accountId,
      userId: accountMembers.userId,
      role: accountMembers.roleSlug,
    })
    .from(accountMembers)
    .where(
      and(
        inArray(accountMembers.accountId, [...new Set(events.map((e) => e.accountId))]),
        eq(accountMembers.active, true),
      ),
    );
  const userIds = [...new Set(members.map((m) => m.userId))];
  const off = new Set(
    userIds.length
      ? (
          await tx
            .select({ userId: notificationPreferences.userId })
            .from(notificationPreferences)
            .where(
              and(
                inArray(notificationPreferences.userId, userIds),
                eq(notificationPreferences.category, 'payments'),
                eq(notificationPreferences.inApp, false),
              ),
            )
        ).map((r) => r.userId)
      : [],
  );
  const rows = events.flatMap((e) => {
    const roles = e.roles ?? OWNER_AND_ADMINS;
    const to = new Set(
      members
        .filter((m) => m.accountId === e.accountId && roles.includes(m.role) && !off.has(m.userId))
        .map((m) => m.userId),
    );
    return [...to].map((userId) => ({
      accountId: e.accountId,
      userId,
      topic: e.topic,
      value: e.value,
      props: { transactionId: e.transactionId },
      kind: 'event' as const,
    }));
  });
  if (rows.length) await tx.insert(notifications).values(rows);
}

export async function notifyMoneyEvent(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'seams'>,
  e: MoneyEvent,
): Promise<void> {
  for (const l of deps.seams.hooks('moneyEvent')) await l.one(tx, e);
  await createNotification(tx, {
    accountId: e.accountId,
    topic: e.topic,
    value: e.value,
    props: { transactionId: e.transactionId },
    category: 'payments',
    roles: e.roles,
  });
}

/**
 * `notifyMoneyEvent` as a SQL statement, for a caller that folds the event into its own statement
 * (a data-modifying CTE; the money core's one-statement settle): inserts the same rows as
 * `notifyMoneyEvent` — one per active member whose role is in `roles` (default owner, admin),
 * minus those who switched the payments category's in-app channel off. `accountId` and
 * `transactionId` are SQL expressions over the caller's CTEs; `from` names them.
 */
export function moneyEventNotificationSql(e: {
  from: SQL;
  accountId: SQL;
  transactionId: SQL;
  /** The topic, or a placeholder for it (a statement built once, as the settle's). */
  topic: string | Placeholder;
  /** The text, or a SQL expression over the caller's CTEs that makes it. */
  value: string | SQL;
  roles?: string[];
}): SQL {
  const roles = e.roles ?? OWNER_AND_ADMINS;
  return sql`insert into ${notifications} (account_id, user_id, topic, value, props, kind)
    select ${e.accountId}, m.user_id, ${e.topic}::text, (${e.value})::text,
           jsonb_build_object('transactionId', ${e.transactionId}), 'event'
      from ${e.from}
      join ${accountMembers} m on m.account_id = ${e.accountId} and m.active
                              and m.role_slug = any(${`{${roles.join(',')}}`}::text[])
     where not exists (select 1 from ${notificationPreferences} np
                        where np.user_id = m.user_id and np.category = 'payments' and np.in_app = false)`;
}

/** Money event topics written by `notifyMoneyEvent` (notification `topic`). */
export const MONEY_TOPICS = {
  depositCredited: 'Deposit Received',
  transferPaid: 'Transfer Successful',
  transferFailed: 'Transfer Failed',
  transferReversed: 'Transfer Reversed',
  cardFunded: 'Card Funded',
  cardTerminated: 'Card Terminated',
  cardSpend: 'Card Payment',
  cardSpendReversed: 'Card Payment Reversed',
  cardRefund: 'Card Refund',
} as const;

/** For modules that send mail about an event: whether this user wants email for the category (default yes). */
export async function wantsEmail(
  db: DbOrTx,
  userId: string,
  category: NotificationCategory,
): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.category, category)));
  return row?.email ?? true;
}
