// In-memory drafts (pay someone, direct payout, account fill, vendors, bills...). Kept out of
// the persisted store on purpose (000 §4.1): a reload starts a flow afresh.
import { useSyncExternalStore } from 'react';

const drafts = new Map<string, unknown>();
const listeners = new Set<() => void>();

export const draftStore = {
  get: <T>(name: string) => drafts.get(name) as T | undefined,
  set<T>(name: string, value: T | undefined) {
    if (value === undefined) drafts.delete(name);
    else drafts.set(name, value);
    listeners.forEach((l) => l());
  },
  clearAll() {
    drafts.clear();
    listeners.forEach((l) => l());
  },
  subscribe(this: void, l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** `const [draft, setDraft] = useDraft<PaySomeoneDraft>('paySomeone')` */
export function useDraft<T>(name: string): [T | undefined, (value: T | undefined) => void] {
  const value = useSyncExternalStore(
    draftStore.subscribe,
    () => draftStore.get<T>(name),
    () => undefined,
  );
  return [value, (v) => draftStore.set(name, v)];
}
