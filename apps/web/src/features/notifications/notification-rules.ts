// What a notification says and where it leads (000 §2.8): the title is the topic plus
// ' Notification on ' plus the account name; announcements open a modal, others navigate by the
// reference they carry.
import type { NotificationItem } from '@owo/contract';
import { i18n } from '../../lib/i18n';
import { paths } from '../../lib/paths';

export function notificationTitle(item: NotificationItem): string {
  return i18n.t('notifications:notificationRules.title', {
    topic: item.notification.topic,
    account: item.notification.account.account.name,
  });
}

export type NotificationAction = { type: 'navigate'; to: string } | { type: 'modal' };

/** Announcements, and events without a reference, open the details modal. */
export function notificationAction(item: NotificationItem): NotificationAction {
  if (item.kind === 'announcement') return { type: 'modal' };
  const { requestReference, transactionId, quoteId, cardId, path } = item.notification.props;
  // An approval's item page, as the API names it: an app path only (never another site).
  if (path && /^\/(?!\/)/.test(path)) return { type: 'navigate', to: path };
  if (requestReference) return { type: 'navigate', to: paths.request.href({ ref: requestReference }) };
  if (cardId) return { type: 'navigate', to: paths.cards.root.href({ spends: cardId }) };
  if (transactionId) return { type: 'navigate', to: paths.transaction.href({ transactionId }) };
  if (quoteId) return { type: 'navigate', to: paths.payouts.quotes.href() };
  return { type: 'modal' };
}
