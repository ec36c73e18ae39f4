// The staff session as the screens see it: who is signed in (profile), which accounts they have,
// which one is active and what it may do (resources). Guards, the layout and every screen read
// these three queries; nothing else fetches them.
import { useQuery } from '@tanstack/react-query';
import { ALL_SUBSIDIARIES } from '@owo/contract/accounts-scope';
import { can } from '@owo/contract/permissions';
import type { AccountEntry, Action, ActiveAccount, Profile, Resource, Resources } from '@owo/contract';
import { api, ApiError, PROFILE_PATH } from './api';
import { readCookie } from './cookies';
import { queryClient } from './query';
import { clearAllSessions, clearStaffSession, store, updateStaff, useStore } from './store';
import { draftStore } from './drafts';
import { toastError } from './toast';

export const sessionKeys = {
  profile: ['me', 'profile'] as const,
  accounts: ['me', 'accounts'] as const,
  active: ['me', 'accounts', 'active'] as const,
};

/** Signed in as far as the browser can tell: a stored user, or the session's readable CSRF cookie. */
export function useHasSession() {
  const user = useStore((s) => s.staff.user);
  return !!user || !!readCookie('owo_csrf');
}

export function useProfile(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.profile,
    enabled,
    queryFn: async () => {
      const res = await api.get<{ profile: Profile }>(PROFILE_PATH);
      const p = res.data.profile;
      const cur = store.get().staff.user;
      if (
        !cur ||
        cur.id !== p.id ||
        cur.verified !== p.verified ||
        cur._2fa !== p._2fa ||
        cur.email !== p.email
      ) {
        updateStaff({ user: { id: p.id, email: p.email, verified: p.verified, _2fa: p._2fa, name: p.name } });
      }
      return p;
    },
  });
}

export function useAccounts(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.accounts,
    enabled,
    queryFn: async () => (await api.get<AccountEntry[]>('/me/accounts')).data ?? [],
  });
}

export function useActiveAccount(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.active,
    enabled,
    queryFn: async (): Promise<ActiveAccount> => {
      const data = (await api.get<ActiveAccount>('/me/accounts/active')).data ?? {
        activeAccount: null,
        resources: null,
      };
      const accountId = data.activeAccount?.accountId ?? null;
      const { staff } = store.get();
      if (staff.accountId !== accountId) {
        // A different account than the one we were scoped to: the subsidiary no longer applies.
        updateStaff({ accountId, subsidiaryId: staff.accountId && accountId ? null : staff.subsidiaryId });
      }
      return data;
    },
  });
}

/** The active account's permission map ('*' or resource -> actions); null while unknown. */
export function useResources(): Resources | null {
  const { data } = useActiveAccount(useHasSession());
  return (data?.resources ?? null) as Resources | null;
}

/** `const canPay = useCan('payouts', 'post')` — one permission check for screens and menus. */
export function useCan(resource: Resource, action: Action = 'get') {
  return can(useResources(), resource, action);
}

export const isFullAccessRole = (role: string | null | undefined) => role === 'owner' || role === 'admin';

/** Makes an account active (PUT /me/accounts/active) and refreshes everything scoped to it. */
export async function switchAccount(entry: Pick<AccountEntry, 'id' | 'accountId'>) {
  const res = await api.put<unknown>('/me/accounts/active', { id: entry.id });
  updateStaff({ accountId: entry.accountId, subsidiaryId: null });
  draftStore.clearAll();
  queryClient.clear();
  return res;
}

/**
 * Picks a subsidiary (or ALL_SUBSIDIARIES) for x-subsidiary-id (000 §4.10): the server checks the
 * switch first (PUT expense-subsidiary/manage-access/active, or DELETE …/deactivate for All
 * Subsidiaries, 001 §7), then the choice is stored and the page reloads. A refused switch is
 * toasted and changes nothing.
 */
export async function selectSubsidiary(
  subsidiaryId: string | null,
  reload: () => void = () => window.location.reload(),
) {
  try {
    if (!subsidiaryId || subsidiaryId === ALL_SUBSIDIARIES)
      await api.delete('/expense-subsidiary/manage-access/deactivate', { skipForbiddenPage: true });
    else
      await api.put(
        '/expense-subsidiary/manage-access/active',
        { subsidiaryId },
        { skipForbiddenPage: true },
      );
  } catch (err) {
    if (err instanceof ApiError && err.httpStatus < 500) toastError(err.message);
    return;
  }
  updateStaff({ subsidiaryId });
  reload();
}
export { ALL_SUBSIDIARIES };

/**
 * When the user logged out on purpose, the guard must not remember the page they were on:
 * "Logout clears everything" (000 §4.1). Only an expired session remembers where the user was.
 */
let deliberateLogoutAt = 0;
export const isDeliberateLogout = () => Date.now() - deliberateLogoutAt < 5_000;

/** Staff logout: ends the server session (best effort) and clears user, account and cached data. */
export async function logoutStaff() {
  deliberateLogoutAt = Date.now();
  try {
    await api.post('/auth/logout', undefined, { skipAuthHandling: true, skipForbiddenPage: true });
  } catch {
    /* already gone server-side: clearing locally is what matters */
  }
  clearStaffSession();
  updateStaff({ redirectTo: null });
  draftStore.clearAll();
  queryClient.clear();
}

/** Logout of all three sessions (refresh failure, 000 §8). */
export function logoutEverywhere() {
  clearAllSessions();
  draftStore.clearAll();
  queryClient.clear();
}
