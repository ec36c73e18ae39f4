import { z } from 'zod';
import { MAX_LIMIT, NOTIFICATION_PAGE_SIZE } from './http';

// In-app notifications (000 §2.8, §3 Notification, §4.7, §7) and per-user preferences.

/** Categories a user may switch off per channel. Security notices are always delivered. */
export const NOTIFICATION_CATEGORIES = [
  'payments',
  'approvals',
  'invoices',
  'payroll',
  'team',
  'account',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  payments: 'Payments, payouts and wallet funding',
  approvals: 'Approval requests and decisions',
  invoices: 'Invoices and collections',
  payroll: 'Payroll runs',
  team: 'Team members and invitations',
  account: 'Account setup and settings',
};

export const NOTIFICATION_KINDS = ['event', 'announcement'] as const;

/** `where` accepts `read`, `unread`, `all` or JSON such as `{"read":false}`. */
export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(NOTIFICATION_PAGE_SIZE),
  where: z.string().trim().max(200).optional(),
});

export const notificationItemSchema = z.object({
  id: z.string(),
  read: z.boolean(),
  kind: z.enum(NOTIFICATION_KINDS),
  notification: z.object({
    topic: z.string(),
    value: z.string(),
    createdAt: z.string(),
    account: z.object({ account: z.object({ id: z.string(), name: z.string() }) }),
    props: z
      .object({
        requestReference: z.string().optional(),
        transactionId: z.string().optional(),
        quoteId: z.string().optional(),
        /** A card's receipt request: opens that card's Transactions panel on /cards. */
        cardId: z.string().optional(),
        /** An approval's item: the app page where it is read and decided (opened on click). */
        path: z.string().optional(),
      })
      .catchall(z.unknown()),
  }),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationReadBody = z.object({ read: z.boolean({ error: 'Read must be true or false' }) });

export const notificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  label: z.string(),
  email: z.boolean(),
  inApp: z.boolean(),
});
export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export const notificationPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        category: z.enum(NOTIFICATION_CATEGORIES, { error: 'Unknown notification category' }),
        email: z.boolean({ error: 'Email must be true or false' }),
        inApp: z.boolean({ error: 'In-app must be true or false' }),
      }),
    )
    .min(1, 'Choose at least one preference')
    .max(NOTIFICATION_CATEGORIES.length),
});
