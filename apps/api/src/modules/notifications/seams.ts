// The seams the notifications area owns (platform/seams.ts).
import type { MoneyEventListener } from './service';

declare module '../../platform/seams' {
  interface HookSeams {
    /** Every money event, in the event's own transaction (developers' webhooks write their outbox here). */
    moneyEvent: MoneyEventListener;
  }
}
