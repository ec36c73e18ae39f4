import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables';
import { users } from '../identity/tables';

export type NotificationProps = { requestReference?: string; transactionId?: string; quoteId?: string; [k: string]: unknown };

/** One row per recipient (000 §3 Notification); `topic` names the event, `value` the text. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    value: text('value').notNull(),
    kind: text('kind', { enum: ['event', 'announcement'] }).notNull().default('event'),
    props: jsonb('props').$type<NotificationProps>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
