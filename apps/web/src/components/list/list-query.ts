// The list kit's query pattern (docs/web.md "Lists and date fields"): the API's generic
// paged list (000 §7: page, limit default 20, search, `where` JSON, createdAt between from and to;
// period = 24h | 7d | 30d day presets). Pure, shared by the screen, its CSV export and the URL.

/** Applied filters, flat: search, period, from, to (ISO dates) and one key per filter group. */
export type ListFilters = { search?: string; period?: string; from?: string; to?: string } & Record<
  string,
  string | undefined
>;

export const BASE_FILTER_KEYS = ['search', 'period', 'from', 'to'] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** The query string of a list call: filter groups go into the `where` JSON. */
export function listQuery(
  f: ListFilters,
  groups: readonly string[],
  page: number,
  limit = DEFAULT_PAGE_SIZE,
) {
  const where: Record<string, string> = {};
  for (const g of groups) if (f[g]) where[g] = f[g]!;
  return {
    page,
    limit,
    search: f.search?.trim() || undefined,
    period: f.period || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
    where: Object.keys(where).length ? JSON.stringify(where) : undefined,
  };
}

/** The same filters as a CSV export of the list route (`format=csv`, every filtered row, no paging). */
export function csvQuery(f: ListFilters, groups: readonly string[]) {
  const { page: _p, limit: _l, ...rest } = listQuery(f, groups, 1);
  return { ...rest, format: 'csv' };
}

/** Drops empty values so equal filters compare (and serialise) equal. */
export function cleanFilters(f: ListFilters): ListFilters {
  const out: ListFilters = {};
  for (const [k, v] of Object.entries(f))
    if (v !== undefined && v !== null && String(v).trim() !== '') out[k] = v;
  return out;
}

export const sameFilters = (a: ListFilters, b: ListFilters) => {
  const ca = cleanFilters(a);
  const cb = cleanFilters(b);
  const ka = Object.keys(ca).sort();
  return ka.length === Object.keys(cb).length && ka.every((k) => ca[k] === cb[k]);
};
