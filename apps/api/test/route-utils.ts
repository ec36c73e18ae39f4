import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Access } from '../src/platform/guard';
import type { RouteInfo } from '../src/app';
import { issueSession } from '../src/platform/sessions';
import { accountMembers, accounts, users } from '../src/platform/schema';
import { client, hashOnce, type TestApp } from './helpers';

// Shared by the cross-cutting tests (routes, fuzz, tenancy): they iterate over every registered route.

export type Route = RouteInfo & {
  access: Access | undefined;
  schema: { body?: z.ZodType; params?: z.ZodType; querystring?: z.ZodType; response?: unknown } | undefined;
};

const isGuarded = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/webhooks/')) && !url.startsWith('/api/docs');

/** Every /api and /webhooks route the app registered (HEAD twins of GET routes left out). */
export function apiRoutes(t: TestApp): Route[] {
  return t.app.routeList
    .filter((r) => isGuarded(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({
      ...r,
      access: (r.config as { access?: Access } | undefined)?.access,
      schema: r.schema as Route['schema'],
    }));
}

export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
export const isIdParam = (name: string) => /(^id$|Id$)/.test(name);
export const fillPath = (url: string, value: (name: string) => string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_, n: string) => encodeURIComponent(value(n)));

/**
 * A fresh verified owner with a fresh account and session, without the cost of hashing a password
 * each time: fuzzing may log out, change a password or delete things, so each route gets its own.
 */
export async function cheapOwner(t: TestApp) {
  const passwordHash = await hashOnce('Correct-Horse-42!');
  const email = `fz.${randomUUID().slice(0, 12)}@example.ng`;
  const [user] = await t.db
    .insert(users)
    .values({ email, passwordHash, firstName: 'Fuzz', lastName: 'Owner', emailVerifiedAt: new Date() })
    .returning();
  const account = await t.db.transaction(async (tx) => {
    const [a] = await tx
      .insert(accounts)
      .values({ name: 'Fuzz Co', type: 'business', ownerUserId: user.id })
      .returning();
    await tx.insert(accountMembers).values({ accountId: a.id, userId: user.id, roleSlug: 'owner' });
    for (const hook of t.app.deps.seams.hooks('accountCreated')) await hook(tx, a);
    return a;
  });
  await t.db.update(users).set({ activeAccountId: account.id }).where(eq(users.id, user.id));
  const s = await issueSession(t.db, t.config, user.id);
  return {
    user,
    email,
    account,
    token: s.accessToken,
    api: client(t, { token: s.accessToken, accountId: account.id }),
  };
}

type Js = Record<string, any>;

function sampleString(s: Js, key: string): string {
  if (s.format === 'email' || /email/i.test(key)) return `sample.${randomUUID().slice(0, 6)}@example.ng`;
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (s.format === 'date') return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (s.format === 'uri' || s.format === 'url') return 'https://example.ng/hook';
  const candidates = [
    /password/i.test(key) ? 'Correct-Horse-42!' : null,
    /phone/i.test(key) ? '08012345678' : null,
    '0123456789',
    'Sample value',
    '01234567890',
    '123456',
    'ABC123',
    'abc',
    'NGN',
  ].filter((c): c is string => !!c);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  const fits = (c: string) =>
    c.length >= min && c.length <= max && (!s.pattern || new RegExp(s.pattern).test(c));
  return candidates.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

/** A plausible valid value for a JSON schema (zod's input side): enough to get past validation most of the time. */
export function sampleJson(s: Js | undefined, key = '', depth = 0): unknown {
  if (!s || depth > 6) return undefined;
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sampleJson(alt.find((a: Js) => a.type !== 'null') ?? alt[0], key, depth + 1);
  if (s.allOf) return sampleJson(s.allOf[0], key, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Js = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Js)) {
        if ((s.required ?? []).includes(k)) out[k] = sampleJson(v, k, depth + 1);
      }
      return out;
    }
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sampleJson(s.items, key, depth + 1)) : [];
    case 'string':
      return sampleString(s, key);
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.max(min, Math.min(s.maximum ?? 100, 100));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}

export function toJson(schema: z.ZodType | undefined): Js | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return undefined;
  }
}

export const sampleBody = (r: Route) =>
  r.schema?.body ? (sampleJson(toJson(r.schema.body)) ?? {}) : undefined;

const ID_KEY = /(^id$|Id$|Ids$)/;
/**
 * The paths of a body's fields that name records by id (`categoryId`, `levels.*.approverIds`,
 * `items.*.productId`): keys ending in Id/Ids, found through objects, arrays and unions.
 */
export function bodyIdFields(r: Route): string[] {
  const out = new Set<string>();
  const walk = (s: Js | undefined, path: string[], depth: number) => {
    if (!s || depth > 8) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
      walk(alt, path, depth + 1);
    if (s.items) walk(s.items, [...path, '*'], depth + 1);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Js)) {
      if (ID_KEY.test(k)) out.add([...path, k].join('.'));
      else walk(v, [...path, k], depth + 1);
    }
  };
  walk(toJson(r.schema?.body), [], 0);
  return [...out];
}
