// The seams the receivables area owns (platform/seams.ts).
import type { InflowListener } from './hooks';

declare module '../../platform/seams' {
  interface HookSeams {
    /** Collections and refunds, inside the transaction that applies them (agent commissions). */
    inflowListener: InflowListener;
  }
}
