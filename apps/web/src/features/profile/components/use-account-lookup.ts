// 000 §5: once a bank and a 10-digit number are present, wait ACCOUNT_CHECK_DELAY_MS (500 ms)
// without further typing, then ask the server for the account name. No name back means the
// number is invalid for that bank.
import { useEffect, useState } from 'react';
import { ACCOUNT_CHECK_DELAY_MS, ACCOUNT_NUMBER_LENGTH } from '@owo/contract';
import { isApiError } from '../../../lib/api';
import { profileApi } from '../api';

export type Lookup =
  | { state: 'idle' }
  | { state: 'checking'; key: string }
  | { state: 'resolved'; key: string; accountName: string }
  | { state: 'invalid'; key: string; message?: string };

export const lookupKey = (bankCode: string, accountNumber: string) => `${bankCode}:${accountNumber}`;
const isComplete = (bankCode: string, accountNumber: string) =>
  !!bankCode && accountNumber.length === ACCOUNT_NUMBER_LENGTH && /^\d+$/.test(accountNumber);

export function useAccountLookup(bankCode: string, accountNumber: string) {
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  useEffect(() => {
    if (!isComplete(bankCode, accountNumber)) {
      setLookup({ state: 'idle' });
      return;
    }
    const key = lookupKey(bankCode, accountNumber);
    const controller = new AbortController();
    setLookup({ state: 'checking', key });
    const timer = setTimeout(() => {
      profileApi.validateAccount({ accountNumber, bankCode }, controller.signal).then(
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
    }, ACCOUNT_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bankCode, accountNumber]);
  return lookup;
}
