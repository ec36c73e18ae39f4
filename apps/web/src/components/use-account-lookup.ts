// The one account-name lookup (000 §5, 001 §9): once a bank and a 10-digit number are present, wait
// `delayMs` (000 §5: ACCOUNT_CHECK_DELAY_MS, 500 ms) without further typing, then ask the server for
// the bank's name for the account. No name back means the number is invalid for that bank.
// Show the answer with <AccountNameCheck> (account-name-check.tsx).
import { useEffect, useState } from 'react';
import { ACCOUNT_CHECK_DELAY_MS, ACCOUNT_NUMBER_LENGTH } from '@owo/contract';
import { api, isApiError } from '../lib/api';

export type Lookup =
  | { state: 'idle' }
  | { state: 'checking'; key: string }
  | { state: 'resolved'; key: string; accountName: string }
  | { state: 'invalid'; key: string; message?: string };

export type LookupOptions = {
  /** The pause after the last keystroke (001 §9 asks 1,000 ms on the expense form). */
  delayMs?: number;
  /** The lookup endpoint (the employee portal has its own); answers `{ accountName }`. */
  path?: string;
  /** An account whose name is already known (a saved vendor's): no lookup while it is shown. */
  known?: { bankCode: string; accountNumber: string; accountName: string } | null;
  /** false: no lookup at all (a foreign-currency recipient). */
  enabled?: boolean;
};

export const VALIDATE_ACCOUNT_PATH = '/content/payout/local/validate';
export const lookupKey = (bankCode: string, accountNumber: string) => `${bankCode}:${accountNumber}`;
const isComplete = (bankCode: string, accountNumber: string) =>
  !!bankCode && accountNumber.length === ACCOUNT_NUMBER_LENGTH && /^\d+$/.test(accountNumber);

/** The bank's name for the account ('' until it resolved). */
export const resolvedName = (l: Lookup) => (l.state === 'resolved' ? l.accountName : '');

export function useAccountLookup(bankCode: string, accountNumber: string, opts: LookupOptions = {}) {
  const { delayMs = ACCOUNT_CHECK_DELAY_MS, path = VALIDATE_ACCOUNT_PATH, known, enabled = true } = opts;
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const knownName =
    known && known.bankCode === bankCode && known.accountNumber === accountNumber ? known.accountName : '';
  useEffect(() => {
    if (!enabled || !isComplete(bankCode, accountNumber)) {
      setLookup({ state: 'idle' });
      return;
    }
    const key = lookupKey(bankCode, accountNumber);
    if (knownName) {
      setLookup({ state: 'resolved', key, accountName: knownName });
      return;
    }
    const controller = new AbortController();
    setLookup({ state: 'checking', key });
    const timer = setTimeout(() => {
      api
        .get<{ accountName: string }>(path, { query: { accountNumber, bankCode }, signal: controller.signal })
        .then(
          (res) => {
            if (controller.signal.aborted) return;
            const name = res.data?.accountName?.trim() ?? '';
            setLookup(name ? { state: 'resolved', key, accountName: name } : { state: 'invalid', key });
          },
          (e: unknown) => {
            if (controller.signal.aborted) return;
            // A failed lookup clears the name (002 §8); a rejected request keeps the server's reason.
            setLookup({
              state: 'invalid',
              key,
              message: isApiError(e) && e.httpStatus < 500 && e.httpStatus !== 0 ? e.message : undefined,
            });
          },
        );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bankCode, accountNumber, delayMs, path, knownName, enabled]);
  return lookup;
}
