// The approvals engine's seam (issue 21 §1; docs/areas/approvals.md): one module every approvable
// area plugs into.
//   1. an area registers a handler for its type: `registerApprovable(deps, handler)`, which puts it
//      on the app's `approvable` seam (approvals/seams.ts) under its type;
//   2. it calls `submitForApproval(tx, deps, …)` (submit.ts) in the transaction that creates its record;
//   3. the engine calls `handler.onFinalApproval(ctx)` / `onRejection(ctx)` inside the deciding
//      transaction (row-locked, so exactly once, decide.ts), and the area moves money there.
// This file holds the handler's shape, its registration and lookup, and what runs after the commit.
import type { ApprovalType } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { approvalItems } from './tables';

export type ApprovalItemRow = typeof approvalItems.$inferSelect;

/** What the engine needs to know of an approvable record (read by the area's handler). */
export type ApprovalSubject = {
  amountMinor: number;
  currency: string;
  payee: string | null;
  description: string | null;
  categoryId: string | null;
  subsidiaryId: string | null;
  makerUserId: string;
  reference: string | null;
  /** The record's named approver: the single approver only when no workflow matches (issue 21 §0). */
  approverId?: string | null;
  /**
   * A workflow the record must go through, chosen by its area (bill tiers: the AP policy's band for
   * the amount). Used when it exists for this account and type; otherwise the usual matching applies.
   */
  workflowId?: string | null;
  /**
   * Who may resolve a rejection (default: the maker). A record made by the system for someone who
   * may not resolve (a commission batch, made for its agent) names the people who may.
   */
  rejectionResolverIds?: string[];
};

export type HandlerContext = {
  tx: Tx;
  deps: AppDeps;
  item: ApprovalItemRow;
  /** Runs after the deciding transaction commits (e.g. dispatching a payout to the rails). */
  afterCommit: (fn: () => Promise<void> | void) => void;
  /**
   * Before/after for the audit row of the request that made the decision (a bank change's old and
   * new account, masked): set when the decision comes over HTTP, absent otherwise.
   */
  auditChange?: (before: unknown, after: unknown) => void;
};

export type ApprovableHandler = {
  type: ApprovalType;
  /** The record's amount, payee, category, subsidiary and maker; null when it does not exist. */
  load: (db: DbOrTx, accountId: string, resourceId: string) => Promise<ApprovalSubject | null>;
  /**
   * Records that move money (issue 34 §1): what is to be paid, as money/outflow.ts builds it
   * (`outflowManifest`; a batch: `batchManifest`). Every approving decision writes its digest into
   * the trail; the final approval also onto the item, and money/outflow.ts pays nothing else.
   */
  manifest?: (db: DbOrTx, accountId: string, resourceId: string) => Promise<unknown>;
  /** Called once, inside the transaction that records the final approval. */
  onFinalApproval: (ctx: HandlerContext) => Promise<void>;
  onRejection?: (ctx: HandlerContext) => Promise<void>;
  /** Called when a rejected item is resolved back to level one. */
  onResolve?: (ctx: HandlerContext) => Promise<void>;
  /** The web path of the record (`/expense/{id}`), linked from approval emails. */
  path?: (resourceId: string) => string;
  /**
   * Controls (e.g. a vendor's bank change): four eyes always on and never auto-approved, whatever
   * the AP policy says, so a second person must decide.
   */
  alwaysFourEyes?: boolean;
  /**
   * The request comes from someone outside the account (an employee in the employee portal), who
   * can never approve: `makerUserId` is only the account's stand-in (told of decisions), so four eyes
   * does not exclude it, and the item is never auto-approved.
   */
  externalMaker?: boolean;
};

/** Four eyes for an item of this handler under the account's policy. */
export const fourEyesOf = (h: ApprovableHandler, policyFourEyes: boolean) =>
  !h.externalMaker && (policyFourEyes || !!h.alwaysFourEyes);

/** Step 1 of the seam: an area registers its approvable type at module registration (keyed by its type). */
export function registerApprovable(deps: Pick<AppDeps, 'seams'>, handler: ApprovableHandler): void {
  deps.seams.on('approvable', handler.type, handler);
}

export const maybeHandlerOf = (deps: Pick<AppDeps, 'seams'>, type: ApprovalType) =>
  deps.seams.hook('approvable', type);

export function handlerOf(deps: Pick<AppDeps, 'seams'>, type: ApprovalType): ApprovableHandler {
  const h = maybeHandlerOf(deps, type);
  if (!h) throw new Error(`no approvable handler registered for type ${type}`);
  return h;
}

export type AfterCommit = (fn: () => Promise<void> | void) => void;

/** Runs what the handlers queued for after the commit; a failure there is logged, never surfaced. */
export async function runAfterCommit(fns: (() => Promise<void> | void)[]) {
  for (const fn of fns) {
    try {
      await fn();
    } catch {
      // The sweeps recover anything that was to happen here (e.g. a payout dispatch).
    }
  }
}
