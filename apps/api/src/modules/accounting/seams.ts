// The seams the accounting area owns (platform/seams.ts).
import type { PostingSource } from './posting-sources';

declare module '../../platform/seams' {
  interface HookSeams {
    /** A kind of paid record the books post, by the money core's `source_type` (keyed by it). */
    postingSource: PostingSource;
  }
}
