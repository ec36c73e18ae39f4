import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, ownerWithAccount, type TestApp } from './helpers';

// 6 and 9: the document integrators generate clients from is checked in, complete, and keeps one
// money convention. Regenerate with `npm run openapi` when the API changes.

const CHECKED_IN = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
type Op = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Op>>; components: Record<string, Record<string, unknown>> };

let t: TestApp;
let served: Doc;
beforeAll(async () => {
  t = await createTestApp();
  served = (await client(t).get('/api/docs/json')).body as unknown as Doc;
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(served.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${p}`, op })),
  );

describe('the OpenAPI document', () => {
  it('is the checked-in docs/openapi.json (run `npm run openapi` after changing a route)', () => {
    const file = JSON.parse(fs.readFileSync(CHECKED_IN, 'utf8'));
    expect(served).toEqual(file);
  });

  it('writes each repeated schema once, under components.schemas, and every $ref resolves', () => {
    const seen = new Map<string, number>();
    const refs: string[] = [];
    const walk = (node: unknown, map = false): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n) => walk(n));
      const o = node as Record<string, unknown>;
      if (typeof o.$ref === 'string') refs.push(o.$ref);
      if (!map && ('type' in o || 'anyOf' in o || 'properties' in o)) {
        const text = JSON.stringify(o);
        if (text.length >= 300) seen.set(text, (seen.get(text) ?? 0) + 1);
      }
      for (const [k, v] of Object.entries(o)) walk(v, !map && k === 'properties');
    };
    walk(served.paths);
    expect([...seen.values()].filter((n) => n > 1)).toEqual([]);
    const schemas = served.components.schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(50);
    const missing = refs.filter(
      (r) => r.startsWith('#/components/schemas/') && !(r.slice('#/components/schemas/'.length) in schemas),
    );
    expect(missing).toEqual([]);
    expect(fs.statSync(CHECKED_IN).size).toBeLessThan(2_000_000);
  });

  it('names each shared schema as a person would (PascalCase, no hash), and so does the generated client', () => {
    const names = Object.keys(served.components.schemas);
    expect(names.filter((n) => /_[0-9a-f]{8}$/.test(n) || !/^[A-Z][A-Za-z0-9]*$/.test(n))).toEqual([]);
    for (const n of ['PayoutDetail', 'PayoutDetailResponse', 'InvoiceDetail', 'Pagination', 'ErrorEnvelope'])
      expect(names).toContain(n);
    // openapi-typescript keys its types by these names: components['schemas']['PayoutDetail'].
    const generated = fs.readFileSync(path.resolve(import.meta.dirname, 'generated/openapi.ts'), 'utf8');
    expect(generated.match(/\b\w+_[0-9a-f]{8}\b/g) ?? []).toEqual([]);
    expect(names.filter((n) => !generated.includes(`\n        ${n}: `))).toEqual([]);
  });

  it('describes every operation: unique operationId, summary, tag, security, shared errors', () => {
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const { name, op } of operations()) {
      if (!op.operationId) problems.push(`${name}: no operationId`);
      else if (ids.has(op.operationId))
        problems.push(`${name}: operationId ${op.operationId} also on ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, name);
      if (!op.summary) problems.push(`${name}: no summary`);
      if (!op.tags?.length) problems.push(`${name}: no tag`);
      if (!Array.isArray(op.security)) problems.push(`${name}: no security`);
      if (!op.responses['500']) problems.push(`${name}: no 500`);
      // Provider webhooks (also under /api/webhooks/) are not rate limited: the provider retries.
      if (name.includes(' /api/') && !name.includes(' /api/webhooks/') && !op.responses['429'])
        problems.push(`${name}: no 429`);
      if (name.includes('{') && !op.responses['404']) problems.push(`${name}: has an id but no 404`);
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(80);
  });

  it('answers every amount as a decimal string with a …Minor integer beside it (no bare numeric amounts)', () => {
    // Numbers whose names say money must end in Minor; a few numbers are not money, by name and place.
    const MONEY = /amount|balance|fee|total|limit|cap$|flat|upto|^min$|cost|price|cashout|cashflow/i;
    const NOT_MONEY: [RegExp, string][] = [
      [/\.pagination\.(limit|totalItems|totalPages)$/, 'page size and counts'],
      [/\.totalTransactions$/, 'a count'],
      [/\.totalLevels$/, 'the number of approval levels'],
      [/\.fields\.(min|max)$/, 'bounds of a KYB form field'],
      [/\.total(Paid|Failed|Pending)?Items$/, 'item counts of a commission disbursement batch (001 §3)'],
      [
        /^\S+ \/api\/payrolls\/employees\/csv\S* \S+\.(total|progress\.total|limit|entriesTotal)$/,
        'row counts and page size of an import batch',
      ],
    ];
    const bare: string[] = [];
    const isNumeric = (s: any): boolean =>
      !!s && (s.type === 'number' || s.type === 'integer' || (s.anyOf ?? []).some(isNumeric));
    const seen = new Set<unknown>();
    const walk = (s: any, where: string) => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      if (s.$ref) return walk(resolve(s.$ref), where);
      for (const [k, v] of Object.entries<any>(s.properties ?? {})) {
        const at = `${where}.${k}`;
        if (isNumeric(v) && MONEY.test(k) && !/Minor$/.test(k) && !NOT_MONEY.some(([re]) => re.test(at)))
          bare.push(at);
        walk(v, at);
      }
      for (const key of ['items', 'additionalProperties'])
        walk(s[key], `${where}.${key === 'items' ? '' : '*'}`.replace(/\.$/, ''));
      for (const key of ['anyOf', 'oneOf', 'allOf']) for (const m of s[key] ?? []) walk(m, where);
    };
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((o: any, k) => o?.[k.replace(/~1/g, '/')], served);
    for (const { name, op } of operations())
      for (const [code, r] of Object.entries<any>(op.responses)) {
        const res = r.$ref ? resolve(r.$ref) : r;
        for (const media of Object.values<any>(res?.content ?? {})) {
          seen.clear();
          walk(media.schema, `${name} ${code}`);
        }
      }
    expect(bare).toEqual([]);
  });

  it('ignores unknown body keys, or refuses them naming the key where a schema is strict; changes nothing', async () => {
    const { api } = await ownerWithAccount(t);
    // The policy (docs/ARCHITECTURE.md): unknown keys are dropped before the handler, never stored or echoed.
    const created = await api.post('/api/wallet', { currency: 'USD', colour: 'blue' });
    expect(created.status).toBe(201);
    expect(created.body.data).not.toHaveProperty('colour');
    // A strict body (z.strictObject / .strict()) answers 400 under the unknown key's own name.
    const members = await api.get('/api/account_access');
    const me = members.body.data[0].id;
    const res = await api.post(`/api/account_access/${me}/expense-limit`, { amount: 5000, currency: 'NGN' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ currency: ['Unknown field "currency"'] });
    expect((await api.get(`/api/account_access/${me}`)).body.data.limit).toBeNull();
  });
});
