// Public API of the notifications module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { createNotification, MONEY_TOPICS, notifyMoneyEvent, onMoneyEvent, type MoneyEvent } from './service';
