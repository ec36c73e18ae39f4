// The expense form's timings (001 §9; issue 21 §2): each runs this long after the last change.
/** The exchange quote (and the fee) after the amount, wallet or currency last changed. */
export const QUOTE_DELAY_MS = 2000;
/** The bank account lookup, once 10 digits are typed. */
export const ACCOUNT_LOOKUP_DELAY_MS = 1000;
/** Option searches (products). */
export const OPTION_SEARCH_MS = 500;
/** The saved-beneficiary search. */
export const BENEFICIARY_SEARCH_MS = 300;
/** How many saved beneficiaries are offered without a search (001 §7 GET /expense/beneficiary). */
export const BENEFICIARY_LIMIT = 15;

import { useEffect, useState } from 'react';

/** `value`, `ms` after its last change. */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
