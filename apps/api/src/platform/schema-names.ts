/**
 * The names of the shared schemas in the OpenAPI document (`components.schemas`), which are the type
 * names of every client generated from it. A shared schema is one that the routes repeat
 * (describe.ts hoists it); it is named after the operation and the place it is best known by:
 *
 * - the operation, from its operationId, noun first: `getPayout` → `PayoutDetail`, `listPayrollRuns`
 *   → `PayrollRunList`, `createPayout` → `PayoutCreate`, `approveBill` → `BillApprove`;
 * - the place: a request body `PayoutCreateBody`, a query parameter `PayoutListQueryFrom`, a whole
 *   answer `PayoutDetailResponse`, the answer's `data` `PayoutDetail` (`PayoutCreateResult` for a
 *   verb other than get and list), a list's rows `PayoutListItem`; inside a record read by get or
 *   list, the noun and the property path: `CardHolder`, `KybStatusOwnershipOwner` (`owners[]` →
 *   `Owner`), `InvoiceSettlement` (not `InvoiceInvoiceSettlement`);
 * - a property found in the operations of several areas (`/api/<area>/…`) is named by the property
 *   alone, as most of its places call it: `pagination` → `Pagination`, `recurrence` → `Recurrence`.
 *
 * The place a schema is best known by is the shallowest one, then a get before a list before a
 * create before an update before any other verb, then by path and method; so names do not depend on
 * the order routes are registered in, and change only when a route using that schema does. Where
 * the rule gives a poor name, or one name to two schemas, `SCHEMA_NAMES` names the schema by that
 * place. Two schemas with one name fail the document (`npm run openapi`, `/api/docs/json`): they
 * are never told apart by a hash or a counter.
 */

/** One place a shared schema is found: an operation, the part of it, and the property path inside. */
export type SchemaSite = {
  method: string;
  path: string;
  operationId: string;
  part: 'Body' | 'Query' | 'Params' | 'Headers' | 'Response';
  /** The response status, for part Response. */
  code?: string;
  /** Property names from the part's root; '[]' is an array's items, '{}' a map's values. */
  at: string[];
};

/**
 * Names given by hand, by the place a schema is best known by (as `siteLabel` writes it, e.g.
 * `getKyb 200 data.owners[]`). Keep it small: fix the rule when many names are poor.
 */
export const SCHEMA_NAMES: Record<string, string> = {
  // The list filters `from` and `to`: a date-time or a date, and the date-time alone.
  'listMembers query from': 'DateTimeOrDate',
  'listMembers query from.anyOf[0]': 'DateTime',
  // One answer shared by several areas, first found under the one whose path sorts first.
  'quoteDisbursementExchange 200 (root)': 'ExchangeQuoteResponse',
  'quoteDisbursementExchange 200 data': 'ExchangeQuote',
  'verifySignInTwoFactor 200 (root)': 'SessionResponse',
  'verifySignInTwoFactor 200 data': 'Session',
  'getEmployeePayslipPdf 200 (root)': 'PdfLinkResponse',
  'setPlatformFeePolicy body (root)': 'FeePolicySetBody',
  'setPlatformFeePolicy 200 (root)': 'FeePolicySetResponse',
  'getExpenseSubsidiary 200 data.members[]': 'SubsidiaryMember',
  'listMembers 200 metadata': 'ListMetadata',
  // Words the rule reads poorly.
  'getVending 200 data.response': 'VendingProviderResponse',
  'listCustomerProfiles 200 data.allCustomerProfiles[]': 'CustomerProfile',
  'fixPayrollEmployeesImportEntry 200 data': 'PayrollEmployeesImportEntry',
  // The cash forecast's item, in the weeks and in the overdue list.
  'getCashForecast 200 data.overdue[]': 'ForecastItem',
  'getCashForecast 200 data.overdue[].id': 'ForecastItemRecordId',
};

/** `PayoutCreateBody`: a capital, then letters and digits. */
export const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;

/** Words too vague to name a schema alone. */
const GENERIC = new Set(['Data', 'Item', 'Value', 'Response']);
const VERB_RANK: Record<string, number> = { get: 0, list: 1, create: 2, update: 3 };
const PART_RANK: Record<SchemaSite['part'], number> = {
  Response: 0,
  Body: 1,
  Query: 2,
  Params: 3,
  Headers: 4,
};

const MEMBER = /^(anyOf|oneOf|allOf)\[\d+\]$/;

/** `getKyb 200 data.owners[]`, `createPayout body beneficiary`: a place, as SCHEMA_NAMES keys it. */
export function siteLabel(s: SchemaSite): string {
  const at = s.at.reduce(
    (acc, seg) => (seg === '[]' || seg === '{}' || !acc ? acc + seg : `${acc}.${seg}`),
    '',
  );
  return `${s.operationId} ${s.part === 'Response' ? s.code : s.part.toLowerCase()} ${at || '(root)'}`;
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** The singular of a PascalCase name's last word: `PayrollRuns` → `PayrollRun`, `Categories` → `Category`. */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x|us)es$/.test(name)) return name.slice(0, -2);
  if (/(ss|us|is|Status|Details)$/.test(name)) return name;
  return name.replace(/s$/, '');
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const depth = (s: SchemaSite) =>
  s.at.filter((seg) => seg !== '[]' && seg !== '{}' && !MEMBER.test(seg)).length;
/** The area of an operation: its path's first word after /api or /webhooks. */
const areaOf = (s: SchemaSite) => s.path.split('/')[2] ?? '';
const verbOf = (operationId: string) => /^[a-z]+/.exec(operationId)?.[0] ?? operationId;
const nounOf = (operationId: string) => operationId.slice(verbOf(operationId).length);

/** The place a schema is best known by (see the comment at the top). */
export function bestSite(sites: SchemaSite[]): SchemaSite {
  const rank = (s: SchemaSite) => VERB_RANK[verbOf(s.operationId)] ?? 4;
  return [...sites].sort(
    (a, b) =>
      depth(a) - depth(b) ||
      rank(a) - rank(b) ||
      cmp(a.path, b.path) ||
      cmp(a.method, b.method) ||
      PART_RANK[a.part] - PART_RANK[b.part] ||
      cmp(a.code ?? '', b.code ?? '') ||
      cmp(siteLabel(a), siteLabel(b)),
  )[0];
}

/** Property path as words: `owners[]` → `Owner`, `items[]` → `Item`, a map's values → `Value`. */
function words(at: string[]): string[] {
  const out: string[] = [];
  for (const seg of at) {
    if (seg === '[]') {
      if (out.length) out[out.length - 1] = singular(out[out.length - 1]);
      else out.push('Item');
    } else if (seg === '{}') out.push('Value');
    else if (MEMBER.test(seg)) continue;
    else out.push(pascal(seg));
  }
  return out;
}

/** The operation's part of a name: `PayoutDetail`, `PayrollRunList`, `PayoutCreate`. */
export function operationName(operationId: string): string {
  const verb = verbOf(operationId);
  const noun = nounOf(operationId);
  if (verb === 'get') return `${noun}Detail`;
  if (verb === 'list') return `${singular(noun)}List`;
  return `${noun}${pascal(verb)}`;
}

/** The rule's name for a schema found at these places (before SCHEMA_NAMES). */
export function ruleName(sites: SchemaSite[]): string {
  const site = bestSite(sites);
  const verb = verbOf(site.operationId);
  const base = operationName(site.operationId);
  // A property found under one name in several areas is named by that name alone (`Pagination`):
  // the name most of its places give it.
  const last = (s: SchemaSite) => words(s.at).at(-1) ?? '';
  const tally = new Map<string, number>();
  for (const s of sites) tally.set(last(s), (tally.get(last(s)) ?? 0) + 1);
  const name = [...tally].reduce((best, [w, n]) => (n > (tally.get(best) ?? 0) ? w : best), last(site));
  if (name && !GENERIC.has(name) && new Set(sites.map(areaOf)).size > 1) return name;
  if (site.part !== 'Response')
    return site.at.length
      ? `${base}${site.part === 'Body' ? '' : site.part}${words(site.at).join('')}`
      : `${base}${site.part}`;
  if (site.at[0] !== 'data') return `${base}Response${words(site.at).join('')}`;
  const inner = site.at.slice(1);
  if (verb === 'list' && ['[]', 'items,[]'].includes(inner.join(','))) return `${base}Item`;
  if (verb !== 'get' && verb !== 'list') return `${base}Result${words(inner).join('')}`;
  if (!inner.length) return base;
  // Inside a record read by get or list: the record's noun and the path, `CardHolder`,
  // `InvoiceSettlement` (not `InvoiceInvoiceSettlement`), `PaymentTagMapping` for its `mappings[]`.
  const noun = verb === 'list' ? singular(nounOf(site.operationId)) : nounOf(site.operationId);
  const row = inner[0] === '[]' ? 1 : inner[0] === 'items' && inner[1] === '[]' ? 2 : 0;
  const path = words(verb === 'list' ? inner.slice(row) : inner);
  if (path.join('').startsWith(noun)) return path.join('');
  if (noun.endsWith(path[0])) return noun + path.slice(1).join('');
  return noun + path.join('');
}

/**
 * A name for each shared schema (keyed as the caller likes), from the places it is found: the rule,
 * or SCHEMA_NAMES. Throws when a name is not PascalCase, when two schemas get one name (or one of the
 * `reserved` names of the document's fixed components), and when an entry of SCHEMA_NAMES names no
 * schema's place (it has gone stale).
 */
export function nameSharedSchemas<K>(
  found: Map<K, SchemaSite[]>,
  {
    overrides = SCHEMA_NAMES,
    reserved = [],
  }: { overrides?: Record<string, string>; reserved?: string[] } = {},
): Map<K, string> {
  const names = new Map<K, string>();
  const byName = new Map<string, string>(reserved.map((n) => [n, 'a fixed component']));
  const used = new Set<string>();
  const problems: string[] = [];
  for (const [key, sites] of found) {
    const label = siteLabel(bestSite(sites));
    const name = overrides[label] ?? ruleName(sites);
    if (label in overrides) used.add(label);
    if (!PASCAL_CASE.test(name)) problems.push(`'${name}' (for ${label}) is not PascalCase`);
    const other = byName.get(name);
    if (other !== undefined)
      problems.push(
        `'${name}' names two different schemas, at ${other} and at ${label}: name one in SCHEMA_NAMES (platform/schema-names.ts)`,
      );
    byName.set(name, label);
    names.set(key, name);
  }
  for (const label of Object.keys(overrides))
    if (!used.has(label)) problems.push(`SCHEMA_NAMES['${label}'] names no shared schema's place`);
  if (problems.length)
    throw new Error(`Shared schema names of the OpenAPI document:\n  ${problems.join('\n  ')}`);
  return names;
}
