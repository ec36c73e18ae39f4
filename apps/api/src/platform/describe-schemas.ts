// The OpenAPI document's shared schemas: every schema written out in full and repeated is hoisted to
// `components.schemas` under a name a person would write (schema-names.ts), after normalising.
import { nameSharedSchemas, type SchemaSite } from './schema-names';

export type Doc = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: unknown[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, Record<string, unknown>>;
};

/** A schema written out in full this long (JSON characters) or more is shared when it repeats. */
const HOIST_MIN_CHARS = 300;
const MEMBERS = new Set(['anyOf', 'oneOf', 'allOf']);
const PARAMETER_PARTS: Record<string, SchemaSite['part']> = {
  query: 'Query',
  path: 'Params',
  header: 'Headers',
};

/**
 * Every schema that the routes repeat (an invoice in its list, its detail and its create answer)
 * is written once under `components.schemas` and referred to by `$ref`, as zod's per-route output
 * would otherwise inline it each time (the document was 3.2 MB). Each is named after the operation
 * and place it is best known by (platform/schema-names.ts: `PayoutCreateBody`, `InvoiceDetail`), so
 * names read as a person would write them, are stable across runs and unchanged by route order.
 * The API's behaviour and the generated client's types are the same.
 */
export function hoistRepeatedSchemas(doc: Doc): void {
  const isSchema = (o: Record<string, unknown>) =>
    'type' in o || 'anyOf' in o || 'oneOf' in o || 'allOf' in o || 'properties' in o;
  const found = new Map<string, SchemaSite[]>();
  // A `properties` map is not a schema, even when a property is called `type`.
  const count = (node: unknown, site: SchemaSite, map = false): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => count(n, site));
    const o = node as Record<string, unknown>;
    if (!map && isSchema(o)) {
      const text = JSON.stringify(o);
      if (text.length >= HOIST_MIN_CHARS) {
        const sites = found.get(text);
        if (sites) sites.push(site);
        else found.set(text, [site]);
      }
    }
    for (const [k, v] of Object.entries(o)) {
      const seg = map ? k : k === 'items' ? '[]' : k === 'additionalProperties' ? '{}' : undefined;
      if (!map && MEMBERS.has(k) && Array.isArray(v))
        v.forEach((m, i) => count(m, { ...site, at: [...site.at, `${k}[${i}]`] }));
      else count(v, seg ? { ...site, at: [...site.at, seg] } : site, !map && k === 'properties');
    }
  };
  const content = (part: unknown): { schema?: unknown }[] =>
    Object.values((part as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {});
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const [method, op] of Object.entries(item)) {
      const at = { method: method.toUpperCase(), path, operationId: String(op.operationId), at: [] };
      for (const media of content(op.requestBody)) count(media.schema, { ...at, part: 'Body' });
      for (const p of (op.parameters ?? []) as { in: string; name: string; schema?: unknown }[])
        count(p.schema, { ...at, part: PARAMETER_PARTS[p.in] ?? 'Headers', at: [p.name] });
      for (const [code, r] of Object.entries((op.responses ?? {}) as Record<string, unknown>))
        for (const media of content(r)) count(media.schema, { ...at, part: 'Response', code });
    }
  for (const [text, sites] of found) if (sites.length < 2) found.delete(text);
  // An array of a shared schema is short once its items are a $ref: only the items are shared.
  for (const text of found.keys()) {
    const items = (JSON.parse(text) as { type?: unknown; items?: unknown }).items;
    if (items && found.has(JSON.stringify(items))) found.delete(text);
  }
  const names = nameSharedSchemas(found, { reserved: Object.keys(doc.components?.schemas ?? {}) });
  const shared: Record<string, unknown> = {};
  const replace = (node: unknown, root = false, map = false): unknown => {
    if (!node || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((n) => replace(n));
    const o = node as Record<string, unknown>;
    if (!root && !map && isSchema(o)) {
      const text = JSON.stringify(o);
      const name = text.length >= HOIST_MIN_CHARS ? names.get(text) : undefined;
      if (name) {
        if (!(name in shared)) {
          shared[name] = null; // claimed before its body, which may hold other shared schemas
          shared[name] = replace(o, true);
        }
        return { $ref: `#/components/schemas/${name}` };
      }
    }
    return Object.fromEntries(
      Object.entries(o).map(([k, v]) => [k, replace(v, false, !map && k === 'properties')]),
    );
  };
  doc.paths = replace(doc.paths) as Doc['paths'];
  const components = (doc.components ??= {});
  components.schemas = {
    ...(components.schemas ?? {}),
    ...Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/**
 * OpenAPI 3.0 fixes for what zod's JSON Schema output leaves: `nullable` only applies beside a
 * `type`, so a nullable `anyOf` carries it into each member (adding null to an enum); an `anyOf`
 * of one member is that member.
 */
export function normaliseSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) normaliseSchemas(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  for (const v of Object.values(o)) normaliseSchemas(v);
  const anyOf = o.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && o.nullable === true && o.type === undefined) {
    for (const m of anyOf) {
      if (m.$ref) continue;
      m.nullable = true;
      if (Array.isArray(m.enum) && !m.enum.includes(null)) m.enum = [...(m.enum as unknown[]), null];
    }
    delete o.nullable;
  }
  if (Array.isArray(anyOf) && anyOf.length === 1 && !anyOf[0].$ref) {
    delete o.anyOf;
    Object.assign(o, anyOf[0]);
  }
  // Lengths and formats the validator already enforces, stated where zod's output leaves them out:
  // a uuid is 36 characters, a date 10; an integer's format follows from its enforced bounds.
  if (o.type === 'string' && o.maxLength === undefined) {
    if (o.format === 'uuid') o.maxLength = 36;
    if (o.format === 'date') o.maxLength = 10;
  }
  if (
    o.type === 'integer' &&
    o.format === undefined &&
    typeof o.minimum === 'number' &&
    typeof o.maximum === 'number'
  )
    o.format = o.minimum >= -(2 ** 31) && o.maximum <= 2 ** 31 - 1 ? 'int32' : 'int64';
}
