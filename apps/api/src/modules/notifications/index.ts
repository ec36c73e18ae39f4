// Public API of the notifications module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export {
  createNotification,
  membersInRoles,
  moneyEventNotificationSql,
  MONEY_TOPICS,
  notifyMoneyEvent,
  notifyMoneyEvents,
  wantsEmail,
  type MoneyEvent,
  type MoneyEventListener,
} from './service';
