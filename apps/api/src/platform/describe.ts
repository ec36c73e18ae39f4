import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './guard';
import { hoistRepeatedSchemas, normaliseSchemas, type Doc } from './describe-schemas';
import { COOKIE_ACCESS } from './sessions';

/**
 * How a route is described in the OpenAPI document (docs/platform.md "How a route is described").
 * The route gives `schema.operationId`, `schema.summary` and `schema.tags`; the registration adds the
 * rest from what the route already declares: `security` from `config.access`, the shared error
 * answers from its inputs, path and access, the rate-limit headers from the API limiter.
 */

const DOCS_PREFIX = '/api/docs';
const isDescribedUrl = (url: string) =>
  !url.startsWith(DOCS_PREFIX) && (url.startsWith('/api/') || url.startsWith('/webhooks/'));
/** Routes the API limiter counts (rate-limit.ts): everything under /api except the docs. */
/** Provider webhooks (`/webhooks/*`, `/api/webhooks/*`) are not limited: the provider retries. */
export const isLimitedUrl = (url: string) =>
  !url.startsWith(DOCS_PREFIX) && url.startsWith('/api/') && !url.startsWith('/api/webhooks/');

/** camelCase verb-noun: listWallets, createBankTransfer, getHealth. */
const OPERATION_ID = /^[a-z]+[A-Z][A-Za-z0-9]*$/;

type RouteSchema = {
  operationId?: unknown;
  summary?: unknown;
  tags?: unknown;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
};

/** The operationId a route would get from its method and path: a hint for the boot message only. */
export function suggestOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/(api|webhooks)\//, '')
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const verb =
    {
      GET: url.endsWith('}') || /:\w+$/.test(url) ? 'get' : 'list',
      POST: 'create',
      PUT: 'update',
      PATCH: 'update',
      DELETE: 'delete',
    }[method] ?? method.toLowerCase();
  return verb + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** The source file that registered the route, from the stack of the onRoute call (for the boot message). */
function registeredIn(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const frame = frames.find(
    (f) =>
      !f.includes('node_modules') &&
      !f.includes('node:') &&
      !f.includes('platform/describe.ts') &&
      /\.(ts|js|mjs):\d+:\d+\)?$/.test(f.trim()),
  );
  const m = frame && /\((.*?):(\d+):\d+\)|at (.*?):(\d+):\d+/.exec(frame);
  if (!m) return 'unknown file';
  const file = (m[1] ?? m[3]).replace(/^file:\/\//, '');
  const rel = file.includes('/apps/api/') ? file.slice(file.indexOf('/apps/api/') + 1) : file;
  return `${rel}:${m[2] ?? m[4]}`;
}

/** What a route lacks to be described; empty when it is complete. */
export function missingDescription(schema: RouteSchema | undefined): string[] {
  const missing: string[] = [];
  const s = schema ?? {};
  if (typeof s.operationId !== 'string' || !s.operationId) missing.push('schema.operationId');
  else if (!OPERATION_ID.test(s.operationId))
    missing.push(`schema.operationId in camelCase verb-noun (got '${s.operationId}')`);
  if (typeof s.summary !== 'string' || !s.summary.trim()) missing.push('schema.summary');
  if (!Array.isArray(s.tags) || s.tags.length === 0 || s.tags.some((t) => typeof t !== 'string' || !t))
    missing.push("schema.tags (the area's tag, e.g. ['wallets'])");
  return missing;
}

/**
 * Refuses to register an undescribed route (the app does not boot), the way the guard refuses a
 * route without declared access. HEAD routes are Fastify's copies of GET routes and are skipped.
 */
export function registerRouteDescription(app: FastifyInstance) {
  const seen = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (!isDescribedUrl(route.url)) return;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const name = `${methods.join(',')} ${route.url}`;
    const schema = route.schema as RouteSchema | undefined;
    const missing = missingDescription(schema);
    if (missing.length)
      throw new Error(
        `Route ${name} (registered in ${registeredIn()}) is not described for the OpenAPI document: ` +
          `missing ${missing.join(', ')}. Add them to the route's schema object, e.g. ` +
          `schema: { operationId: '${suggestOperationId(methods[0], route.url)}', summary: 'One line saying what it does', tags: ['<area>'], ... }`,
      );
    const id = schema!.operationId as string;
    const other = seen.get(id);
    if (other && other !== name)
      throw new Error(
        `Route ${name} (registered in ${registeredIn()}) reuses operationId '${id}' of ${other}: operationIds must be unique`,
      );
    seen.set(id, name);
  });
}

// ---------------------------------------------------------------- the document

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The access token answered by sign-in (`data.accessToken`), sent as `Authorization: Bearer <token>`.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: COOKIE_ACCESS,
    description:
      'The httpOnly session cookie the web app uses; requests that change state also need `csrfHeader`.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'x-csrf-token',
    description:
      'The CSRF token (the `owo_csrf` cookie or sign-in answer), required with the session cookie on POST, PUT, PATCH and DELETE.',
  },
} as const;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The OpenAPI `security` of a route, from its declared access. Public: an empty requirement (no credentials). */
export function securityFor(access: Access | undefined, method: string): Record<string, string[]>[] {
  if (!access || access.kind === 'public' || access.kind === 'link') return [{}]; // a link: its URL's token
  return [
    { bearerAuth: [] },
    SAFE.has(method.toUpperCase()) ? { sessionCookie: [] } : { sessionCookie: [], csrfHeader: [] },
  ];
}

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: {
      type: 'string',
      maxLength: 64,
      description: 'A machine-readable outcome, e.g. validation-error, unauthorized, forbidden, not-found.',
    },
    message: { type: 'string', maxLength: 1000, description: 'What went wrong, in words a person can read.' },
    data: { type: 'object', nullable: true, enum: [null], description: 'Always null on an error.' },
    errors: { $ref: '#/components/schemas/FieldErrors' },
  },
};
const FIELD_ERRORS = {
  type: 'object',
  description: 'Each invalid field (dotted path, e.g. `owners.0.bvn`) with its messages.',
  maxProperties: 100,
  additionalProperties: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 1000 } },
};

/** The shared error answers, one per status code the platform can give. */
export const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'ValidationError',
    description: 'The request is invalid; `errors` names each field with its messages. Nothing was changed.',
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid session or access token (or the second factor is still due).',
  },
  403: {
    name: 'Forbidden',
    description:
      'Signed in but not allowed: missing permission, not a member of the account, unconfirmed email or missing CSRF token.',
  },
  404: { name: 'NotFound', description: 'Nothing with this id exists in the caller’s account.' },
  409: {
    name: 'Conflict',
    description:
      'The request conflicts with the current state (e.g. a duplicate, or an idempotency key reused with another body).',
  },
  422: {
    name: 'Unprocessable',
    description: 'Understood but refused by a business rule (e.g. insufficient balance, over a limit).',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Rate limited; retry after `Retry-After` seconds.',
  },
  410: { name: 'Gone', description: 'The link has expired.' },
  500: {
    name: 'InternalError',
    description: 'An unexpected failure; it is logged with the request id (`x-request-id`).',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'Not ready: the database is unreachable or migrations are pending.',
  },
};

const RATE_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the current window ends.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86400 },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86400 },
  },
};
const rateHeaderRefs = (withRetry: boolean) =>
  Object.fromEntries(
    Object.keys(RATE_HEADERS)
      .filter((h) => withRetry || h !== 'Retry-After')
      .map((h) => [h, { $ref: `#/components/headers/${h}` }]),
  );

type TransformArg = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The per-route transform: zod to JSON schema (fastify-type-provider-zod), then the route's security
 * from its access and the list of shared errors it can answer; `describeDocument` turns that list
 * into references to the shared answers.
 */
export function describeRoute(arg: TransformArg) {
  const out = jsonSchemaTransform(arg) as { schema: Record<string, unknown>; url: string };
  const route = (arg as { route?: { method: string | string[]; config?: { access?: Access } } }).route;
  const schema = { ...out.schema };
  if (schema.hide) return { ...out, schema };
  const access = route?.config?.access;
  const method = [route?.method ?? 'GET'].flat()[0];
  const response = { ...((schema.response as Record<string, unknown>) ?? {}) };
  const errors = new Set<number>();
  for (const code of Object.keys(response)) {
    const n = Number(code);
    if (n >= 400) {
      errors.add(n); // the route says it can refuse so: answered with the shared envelope
      delete response[code];
    }
  }
  if (schema.body || schema.querystring || schema.params || schema.headers) errors.add(400);
  if (access?.kind === 'link') {
    errors.add(401);
    errors.add(410); // a link spent, expired or revoked
  } else if (access && access.kind !== 'public') {
    errors.add(401);
    errors.add(403);
  }
  if (/:\w+/.test(arg.url)) errors.add(404);
  const limited = isLimitedUrl(arg.url);
  if (limited) errors.add(429);
  errors.add(500);
  schema.response = response;
  schema.security = securityFor(access, method);
  schema['x-owo-errors'] = [...errors].sort();
  schema['x-owo-limited'] = limited;
  return { ...out, schema };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  platform: 'Health and readiness.',
  identity: 'Registration, sign-in, two-factor authentication, profile and password.',
  teams: 'Roles, team members, spend limits and invitations.',
  banks: 'Nigerian banks, account-name resolution and the user’s bank accounts.',
  settings: 'Account settings such as fee policies.',
  exchange: 'Currency exchange quotes.',
  accounts: 'Business accounts and organisation settings.',
  kyb: 'Business verification (KYB).',
  subsidiaries: 'Subsidiaries and who may act for them.',
  files: 'Uploaded documents.',
  documents: 'Receipts and vendor invoices read on Owo’s servers (OCR); nothing is stored.',
  notifications: 'In-app notifications and preferences.',
  wallets: 'Wallets in NGN, USD and GBP.',
  transfers: 'Bank transfers out of a wallet.',
  transactions: 'Transaction history, receipts and statements.',
  funding: 'Virtual accounts that fund wallets.',
  sandbox: 'Sandbox-only simulations.',
  webhooks: 'Signed callbacks from payment providers.',
  dev: 'Development-only helpers.',
  developers: 'API keys (Bearer sk_…) and signed webhooks (HMAC-SHA512 over the raw body with a timestamp).',
  audit: 'The append-only audit log of every change in the account.',
  insights: 'Dashboard figures and the team report, computed in SQL.',
};

/** The whole-document transform: shared components, servers, tags, and each operation's shared errors and headers. */
export function describeDocument(arg: { openapiObject: unknown } | { swaggerObject: unknown }) {
  if (!('openapiObject' in arg)) throw new Error('Owo describes its API as OpenAPI 3, not Swagger 2');
  const doc = arg.openapiObject as Doc;
  doc.servers = [
    {
      url: '/',
      description: 'This deployment (local, sandbox or production): whichever host serves this document',
      'x-internal': false,
    },
  ];
  const components = (doc.components ??= {});
  components.securitySchemes = { ...SECURITY_SCHEMES };
  components.schemas = {
    ...(components.schemas ?? {}),
    ErrorEnvelope: ERROR_ENVELOPE,
    FieldErrors: FIELD_ERRORS,
  };
  components.headers = RATE_HEADERS;
  const usedErrors = new Set<number>();
  const tags = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const errors = (op['x-owo-errors'] as number[] | undefined) ?? [];
      const limited = op['x-owo-limited'] === true;
      delete op['x-owo-errors'];
      delete op['x-owo-limited'];
      for (const t of (op.tags as string[] | undefined) ?? []) tags.add(t);
      const responses = (op.responses ??= {}) as Record<string, Record<string, unknown>>;
      if (limited)
        for (const r of Object.values(responses))
          r.headers = { ...(r.headers as object), ...rateHeaderRefs(false) };
      for (const code of errors) {
        usedErrors.add(code);
        responses[String(code)] = {
          $ref: `#/components/responses/${ERROR_RESPONSES[code]?.name ?? `Error${code}`}`,
        };
      }
    }
  }
  components.responses = Object.fromEntries(
    [...usedErrors].sort().map((code) => {
      const e = ERROR_RESPONSES[code] ?? { name: `Error${code}`, description: `Error ${code}` };
      return [
        e.name,
        {
          description: e.description,
          headers: code === 429 ? rateHeaderRefs(true) : code < 500 ? rateHeaderRefs(false) : undefined,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      ];
    }),
  );
  for (const r of Object.values(components.responses) as Record<string, unknown>[])
    if (r.headers === undefined) delete r.headers;
  normaliseSchemas(doc);
  hoistRepeatedSchemas(doc);
  doc.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return doc as never;
}
