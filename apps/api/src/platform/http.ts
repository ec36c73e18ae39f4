import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS, type FieldErrors, type ListQuery, type Pagination } from '@owo/contract';
import { AppError } from './errors';

export function ok<T>(data: T, message = 'Success') {
  return { status: STATUS.success, message, data };
}

export function paged<T>(
  items: T[],
  q: Pick<ListQuery, 'page' | 'limit'>,
  totalItems: number,
  extra: Record<string, unknown> = {},
) {
  const pagination: Pagination = {
    page: q.page,
    limit: q.limit,
    totalItems,
    totalPages: Math.max(1, Math.ceil(totalItems / q.limit)),
  };
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
) {
  const pagination: Pagination = {
    page: q.page,
    limit: q.limit,
    totalItems: fused.total,
    totalPages: Math.max(1, Math.ceil(fused.total / q.limit)),
  };
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

/** Path of the first string holding a NUL character (PostgreSQL text cannot store it), or null. */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = findNul(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** Refuses NUL characters in params, query and body before validation: a clear 400, not a database error. */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (req, reply) => {
    for (const part of [req.params, req.query, req.body]) {
      const path = findNul(part);
      if (path) {
        const key = path.join('.') || 'body';
        return reply.code(400).send({
          status: STATUS.validationError,
          message: NUL_MESSAGE,
          data: null,
          errors: { [key]: [NUL_MESSAGE] },
        });
      }
    }
  });
}

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
    if (PG_BAD_TEXT.has((err as { code?: string }).code ?? '')) {
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
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: STATUS.error, message: 'Internal server error', data: null });
  });
}
