// Persisted client state (000 §4.1): one small store kept in localStorage under 'root-1'
// (version 1). Three separate sessions (staff, customer, employee) can each be logged out on their
// own. Drafts are NOT persisted (see drafts.ts); wallets reset on logout.
import { useSyncExternalStore } from 'react';
import { PERSIST_KEY, PERSIST_VERSION } from '@owo/contract/messages';

export type AuthUser = { id: string; email: string; verified: boolean; _2fa: boolean; name?: string };

export type StaffSession = {
  user: AuthUser | null;
  /** Active account and subsidiary, sent as x-account-id / x-subsidiary-id. */
  accountId: string | null;
  subsidiaryId: string | null;
  /** Where an unauthenticated visitor was going; restored after login (000 §2.4 rule 1). */
  redirectTo: string | null;
  /** Set when login answered 2fa-required; cleared once the code is accepted. */
  twoFactorEmail: string | null;
  /** Login answered password-expired (000 §8): the email is remembered for the reset form. */
  passwordExpired: boolean;
  expiredEmail: string | null;
};

export type CustomerSession = {
  email: string | null;
  currentCustomerProfile: unknown;
  allCustomerProfiles: unknown[];
};
export type EmployeeSession = {
  employeeUser: unknown;
  payrollEmployees: unknown[];
  currentPayrollEmployee: unknown;
};
export type TourState = { status: 'idle' | 'in-progress' | 'completed'; progress: number };
export type WalletsState = { activeWalletId: string | null };

export type RootState = {
  staff: StaffSession;
  customer: CustomerSession;
  employee: EmployeeSession;
  wallets: WalletsState;
  tour: TourState;
};

export const initialStaff: StaffSession = {
  user: null,
  accountId: null,
  subsidiaryId: null,
  redirectTo: null,
  twoFactorEmail: null,
  passwordExpired: false,
  expiredEmail: null,
};
const initialCustomer: CustomerSession = {
  email: null,
  currentCustomerProfile: null,
  allCustomerProfiles: [],
};
const initialEmployee: EmployeeSession = {
  employeeUser: null,
  payrollEmployees: [],
  currentPayrollEmployee: null,
};
const initialWallets: WalletsState = { activeWalletId: null };

export const initialState: RootState = {
  staff: initialStaff,
  customer: initialCustomer,
  employee: initialEmployee,
  wallets: initialWallets,
  tour: { status: 'idle', progress: 1 },
};

type Persisted = { version: number; state: Partial<RootState> };

function load(): RootState {
  try {
    const raw = globalThis.localStorage?.getItem(PERSIST_KEY);
    if (!raw) return initialState;
    const parsed = JSON.parse(raw) as Persisted;
    if (parsed.version !== PERSIST_VERSION) return initialState;
    const s = parsed.state;
    return {
      staff: { ...initialStaff, ...s.staff },
      customer: { ...initialCustomer, ...s.customer },
      employee: { ...initialEmployee, ...s.employee },
      wallets: { ...initialWallets, ...s.wallets },
      tour: { ...initialState.tour, ...s.tour },
    };
  } catch {
    return initialState;
  }
}

let state: RootState = load();
const listeners = new Set<() => void>();

function persist() {
  try {
    const payload: Persisted = { version: PERSIST_VERSION, state };
    globalThis.localStorage?.setItem(PERSIST_KEY, JSON.stringify(payload));
  } catch {
    /* storage full or disabled: the app still works for this tab */
  }
}

export const store = {
  get: (): RootState => state,
  set(update: Partial<RootState> | ((s: RootState) => Partial<RootState>)) {
    const patch = typeof update === 'function' ? update(state) : update;
    state = { ...state, ...patch };
    persist();
    listeners.forEach((l) => l());
  },
  subscribe(this: void, listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only: back to a fresh state (optionally seeded). */
  reset(seed: Partial<RootState> = {}) {
    state = { ...initialState, ...seed };
    persist();
    listeners.forEach((l) => l());
  },
};

export function useStore<T>(selector: (s: RootState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(initialState),
  );
}

export const updateStaff = (patch: Partial<StaffSession>) =>
  store.set((s) => ({ staff: { ...s.staff, ...patch } }));
export const updateTour = (patch: Partial<TourState>) =>
  store.set((s) => ({ tour: { ...s.tour, ...patch } }));

/** Partial logout (000 §4.1): clears user, account and resources; keeps where the user was going. */
export function clearStaffSession() {
  store.set((s) => ({
    staff: {
      ...initialStaff,
      redirectTo: s.staff.redirectTo,
      passwordExpired: s.staff.passwordExpired,
      expiredEmail: s.staff.expiredEmail,
    },
    wallets: initialWallets,
  }));
}
export const clearCustomerSession = () => store.set({ customer: initialCustomer });
export const clearEmployeeSession = () => store.set({ employee: initialEmployee });
export function clearAllSessions() {
  store.set((s) => ({
    staff: { ...initialStaff, redirectTo: s.staff.redirectTo },
    customer: initialCustomer,
    employee: initialEmployee,
    wallets: initialWallets,
  }));
}
