// The seams the teams area owns (platform/seams.ts).
import type { MemberStats } from './members';

declare module '../../platform/seams' {
  interface PortSeams {
    /** A member's payout figures on the member detail (provided by money). */
    memberStats: MemberStats;
  }
}
