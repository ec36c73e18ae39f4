import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { STATUS, type FieldErrors, type ListQuery, type Pagination } from '@owo/contract';
import { AppError } from './errors';
import { lostConnection, pgCode } from './db';

/** The app with the zod type provider: what a module's route groups are registered on. */
export type Router = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const routerOf = (app: FastifyInstance): Router => app.withTypeProvider<ZodTypeProvider>();

export function ok<T>(data: T, message = 'Success') {
  return { status: STATUS.success, message, data };
}

/**
 * A list's `metadata.pagination`. With `cap` (a list that counts its matches only so far), a total
 * past the cap is answered as the cap with `totalIsEstimate: true`, and one page more than it fills.
 */
export function paginationOf(q: Pick<ListQuery, 'page' | 'limit'>, total: number, cap?: number): Pagination {
  const capped = cap !== undefined && total > cap;
  const totalItems = capped ? cap : total;
  const pages = Math.max(1, Math.ceil(totalItems / q.limit));
  return {
    page: q.page,
    limit: q.limit,
    totalItems,
    totalPages: capped ? Math.floor(totalItems / q.limit) + 1 : pages,
    ...(capped ? { totalIsEstimate: true } : {}),
  };
}

export function paged<T>(
  items: T[],
  q: Pick<ListQuery, 'page' | 'limit'>,
  totalItems: number,
  extra: Record<string, unknown> = {},
  cap?: number,
) {
  const pagination = paginationOf(q, totalItems, cap);
  return { status: STATUS.success, message: 'Success', data: items, metadata: { pagination, ...extra } };
}

/**
 * `paged` for a page whose items are already JSON text (a fused list, built by PostgreSQL): the
 * envelope is written around it as a string, so nothing is parsed or serialised again. The items'
 * shape is the route's schema, held equal to the DTO by the list's own test.
 */
export function sendJsonPage(
  reply: FastifyReply,
  fused: { page: string; total: number; body?: Buffer },
  q: Pick<ListQuery, 'page' | 'limit'>,
  cap?: number,
) {
  const pagination = paginationOf(q, fused.total, cap);
  // A cached page (platform/list-cache.ts) is the same object on every hit: its answer is built once.
  // `page`/`limit` are part of the cache key, so the body of one page object never varies.
  const body = (fused.body ??= Buffer.from(
    `{"status":"${STATUS.success}","message":"Success","data":${fused.page},"metadata":{"pagination":${JSON.stringify(pagination)}}}`,
  ));
  return reply.type('application/json; charset=utf-8').send(body);
}

function zodIssuesToFields(
  issues: {
    keyword?: string;
    instancePath?: string;
    params?: { issue?: { path?: PropertyKey[] }; keys?: string[] };
    message?: string;
  }[],
  context: string,
): FieldErrors {
  const out: FieldErrors = {};
  // Keys come from the request ("valueOf", "__proto__"…): only ever read the object's own ones.
  const add = (key: string, message: string) => {
    if (Object.hasOwn(out, key)) out[key].push(message);
    else
      Object.defineProperty(out, key, {
        value: [message],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  };
  for (const issue of issues) {
    const p = issue.params?.issue?.path;
    if (issue.keyword === 'unrecognized_keys') {
      // A strict schema names each key it does not know, under the key itself.
      const at = (issue.instancePath ?? '').split('/').filter(Boolean);
      for (const k of issue.params?.keys ?? []) add([...at, k].join('.'), `Unknown field "${k}"`);
      continue;
    }
    const key =
      p && p.length
        ? p.map(String).join('.')
        : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || context;
    add(key, issue.message ?? 'Invalid value');
  }
  return out;
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const UNICODE_MESSAGE = 'Text must be valid Unicode (it holds a lone surrogate)';

/** A UTF-16 surrogate without its pair: not a character, so no text column or JSON value can hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const badText = (s: string) =>
  s.includes('\u0000') ? NUL_MESSAGE : LONE_SURROGATE.test(s) ? UNICODE_MESSAGE : null;

/**
 * The first text (a value or a key) that no column can store, with its path and the reason: a NUL
 * character (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (invalid Unicode: the
 * driver would silently store U+FFFD, a JSON column refuses it). Null when all text is valid.
 */
export function findBadText(value: unknown, path: string[] = []): { path: string[]; message: string } | null {
  if (typeof value === 'string') {
    const message = badText(value);
    return message ? { path, message } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const keyMessage = badText(k);
      if (keyMessage) return { path: [...path, k], message: keyMessage };
      const found = findBadText(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/** Path of the first text the input hygiene refuses (see `findBadText`), or null. */
export const findNul = (value: unknown): string[] | null => findBadText(value)?.path ?? null;

/**
 * Refuses NUL characters and lone surrogates in params, query and body before validation, on every
 * route (public ones included): a clear 400 naming the field, never a database error or a silently
 * mangled value.
 */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (req, reply) => {
    for (const [part, context] of [
      [req.params, 'params'],
      [req.query, 'query'],
      [req.body, 'body'],
    ] as const) {
      const found = findBadText(part);
      if (found) {
        const key = found.path.join('.') || context;
        return reply.code(400).send({
          status: STATUS.validationError,
          message: found.message,
          data: null,
          errors: { [key]: [found.message] },
        });
      }
    }
  });
}

/**
 * An error as the logs may show it: never the values a query was run with. Drizzle's query error
 * writes its parameters into its message (and so its stack), and PostgreSQL's `detail` quotes the
 * offending values ("Key (email)=(…) already exists"): both go; the SQL text, the codes and the
 * cause chain (likewise cleaned) stay.
 */
export function logSafeError(err: unknown): LoggedError {
  return safeError(err, 0);
}
type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };
const stripParams = (s: string) => s.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
/** PostgreSQL's own messages quote the offending value (`invalid input syntax for type integer: "…"`). */
const isPgError = (e: Record<string, unknown>) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
const stripQuoted = (s: string) => s.replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"');
function safeError(err: unknown, depth: number): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const clean = (s: string) => (isPgError(e) ? stripQuoted(stripParams(s)) : stripParams(s));
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: clean(e.message),
    stack: clean(e.stack ?? ''),
  };
  for (const k of ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'query'])
    if (e[k] !== undefined && typeof e[k] !== 'object') out[k] = e[k];
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** Deadlock and serialization failure: a concurrent request won; this one committed nothing. */
const PG_CONCURRENT = new Set(['40P01', '40001']);

/** PostgreSQL's "this text cannot be stored" errors: bad input, never a 500. */
const PG_BAD_TEXT = new Set(['22021', '22P05']);

/** One error handler: every failure leaves as the envelope; only real bugs become 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({
        status: err.status,
        message: err.message,
        data: null,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = zodIssuesToFields(err.validation, err.validationContext ?? 'body');
      const first = Object.values(errors)[0]?.[0];
      return reply
        .code(400)
        .send({ status: STATUS.validationError, message: first ?? 'Validation failed', data: null, errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ status: STATUS.error, message: 'Internal server error', data: null });
    }
    if (PG_BAD_TEXT.has(pgCode(err) ?? '')) {
      return reply.code(400).send({
        status: STATUS.validationError,
        message: 'Text contains characters that cannot be stored',
        data: null,
      });
    }
    const code = err.statusCode ?? 500;
    if (code === 413)
      return reply
        .code(413)
        .send({ status: STATUS.validationError, message: 'Request body is too large', data: null });
    if (code === 429)
      return reply.code(429).send({
        status: STATUS.rateLimited,
        message: 'Too many requests, please try again later',
        data: null,
      });
    if (code >= 400 && code < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, empty body...
      return reply.code(code).send({ status: STATUS.validationError, message: err.message, data: null });
    }
    if (PG_CONCURRENT.has(pgCode(err) ?? '')) {
      // Two requests locked the same records in opposite orders (or a serializable read went
      // stale): PostgreSQL aborted this one whole, the other went on. Nothing of this request was
      // committed; the same request again is the remedy (as a payments API answers a lock timeout).
      req.log.warn({ err }, 'aborted by a concurrent request');
      return reply.code(409).header('retry-after', '1').send({
        status: STATUS.conflict,
        message: 'Another request is changing this record right now. Please try again.',
        data: null,
      });
    }
    if (lostConnection(err)) {
      req.log.warn({ err }, 'database connection lost');
      return reply.code(503).header('retry-after', '1').send({
        status: STATUS.error,
        message: 'The service is briefly unavailable. Please try again.',
        data: null,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: STATUS.error, message: 'Internal server error', data: null });
  });
}
