// The seams the approvals area owns (platform/seams.ts).
import type { ApprovableHandler } from './handlers';

declare module '../../platform/seams' {
  interface HookSeams {
    /** An approvable kind and its handler, keyed by its approval type (`registerApprovable`). */
    approvable: ApprovableHandler;
  }
}
