import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BASE_FILTER_KEYS, cleanFilters, type ListFilters } from './list-query';

/**
 * A list's applied filters and page, kept in the URL (`?search=rent&status=failed&page=2`), so a
 * filtered list can be shared and survives a reload. Changing filters goes back to page 1.
 */
export function useListState(groups: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const keys = useMemo(() => [...BASE_FILTER_KEYS, ...groups], [groups]);
  const paramsKey = params.toString();
  const filters = useMemo(() => {
    const f: ListFilters = {};
    for (const k of keys) {
      const v = params.get(k);
      if (v) f[k] = v;
    }
    return f;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the params' content, not the URLSearchParams object
  }, [paramsKey, keys]);
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

  const setFilters = useCallback(
    (next: ListFilters) =>
      setParams(
        (prev) => {
          const n = new URLSearchParams(prev);
          for (const k of keys) n.delete(k);
          n.delete('page');
          for (const [k, v] of Object.entries(cleanFilters(next))) if (keys.includes(k)) n.set(k, v!);
          return n;
        },
        { replace: true },
      ),
    [keys, setParams],
  );
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const n = new URLSearchParams(prev);
        if (p > 1) n.set('page', String(p));
        else n.delete('page');
        return n;
      }),
    [setParams],
  );
  return { filters, page, setFilters, setPage };
}
