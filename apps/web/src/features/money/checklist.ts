// The first-run "what to do next" steps (issue 37 "Look and feel"), each ticked from the account's
// real data: KYB complete, money arrived, a teammate who can approve, a first payout. A step whose
// data the user may not read (or that failed to load) is left out rather than shown unticked.
import type { WalletDto } from '@owo/contract';

export const CHECKLIST_STEPS = ['kyb', 'funds', 'teammate', 'pay'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** What the steps are read from; `undefined` = not known. */
export type ChecklistFacts = {
  kybComplete?: boolean;
  wallets?: WalletDto[];
  /** Successful or pending credits (deposits, inflows) ever. */
  credits?: number;
  /** Members of the account, the owner included. */
  members?: number;
  invitations?: number;
  payouts?: number;
};

export function checklistSteps(f: ChecklistFacts): { key: ChecklistStep; done: boolean }[] {
  const funded =
    f.wallets === undefined && f.credits === undefined
      ? undefined
      : (f.wallets ?? []).some((w) => w.balanceMinor > 0 || w.pendingBalanceMinor > 0) ||
        (f.credits ?? 0) > 0;
  const teammate =
    f.members === undefined && f.invitations === undefined
      ? undefined
      : (f.members ?? 0) > 1 || (f.invitations ?? 0) > 0;
  const paid = f.payouts === undefined ? undefined : f.payouts > 0;
  const known: Record<ChecklistStep, boolean | undefined> = {
    kyb: f.kybComplete,
    funds: funded,
    teammate,
    pay: paid,
  };
  return CHECKLIST_STEPS.filter((k) => known[k] !== undefined).map((k) => ({ key: k, done: !!known[k] }));
}

const hiddenKey = (userId: string, accountId: string) =>
  `owo:dashboard-checklist-hidden:${userId}:${accountId}`;

/** Whether this user hid the checklist of this account (kept in this browser). */
export function isChecklistHidden(userId: string | undefined, accountId: string | null | undefined) {
  if (!userId || !accountId) return false;
  try {
    return globalThis.localStorage?.getItem(hiddenKey(userId, accountId)) === '1';
  } catch {
    return false;
  }
}

export function hideChecklist(userId: string | undefined, accountId: string | null | undefined) {
  if (!userId || !accountId) return;
  try {
    globalThis.localStorage?.setItem(hiddenKey(userId, accountId), '1');
  } catch {
    /* private mode: hidden for this visit only */
  }
}
