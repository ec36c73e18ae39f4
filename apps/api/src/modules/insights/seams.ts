// The seams the insights area owns (platform/seams.ts).
import type { InsightSource } from './sources';

declare module '../../platform/seams' {
  interface HookSeams {
    /** How a `source_type`'s records find their subsidiary (keyed by source type). */
    insightSource: InsightSource;
  }
}
