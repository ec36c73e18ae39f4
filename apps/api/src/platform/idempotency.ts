// Idempotency-Key for requests that move money (ARCHITECTURE §3 "Idempotency"), held in PostgreSQL so
// it works across API processes. The key row is inserted in the SAME transaction as the work and updated
// with the answer before commit, so "work done" and "answer stored" can never disagree, even on a crash.
// A concurrent duplicate blocks on the key's unique index until the first commits, then replays its answer.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from './db';
import type { AppDeps } from './deps';
import { AppError, badRequest, conflict } from './errors';
import { tenantOf } from './guard';
import { idempotencyKeys } from './tables';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
const KEY_RE = /^[\x21-\x7e]{1,255}$/;
/** How long a duplicate waits for the first request before answering 409. */
const WAIT_FOR_FIRST = '10s';

export type IdempotentResult<T> = { statusCode: number; body: T; afterCommit?: () => Promise<void> };
type Stored = {
  statusCode: number;
  body: unknown;
  error?: { status: string; message: string; errors?: Record<string, string[]> };
};

/** JSON with object keys sorted, so the same request hashes the same whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(',')}}`;
}

class Busy extends Error {}

/**
 * Runs `handler` at most once per (account, Idempotency-Key). Same key and body: the stored answer
 * (success or a 4xx AppError), nothing moves again. Same key, different request: 422 idempotency-mismatch.
 * Unexpected failures (5xx) store nothing, so the caller may retry with the same key.
 */
export async function withIdempotency<T>(
  deps: Pick<AppDeps, 'db'>,
  req: FastifyRequest,
  reply: FastifyReply,
  handler: (tx: Tx) => Promise<IdempotentResult<T>>,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  const accountId = tenantOf(req).accountId;
  const requestPath = `${req.method} ${req.url.split('?')[0]}`;
  const requestHash = createHash('sha256')
    .update(`${requestPath}\n${canonicalJson(req.body ?? null)}`)
    .digest('hex');
  const db: Db = deps.db;
  const claim: Claim = { accountId, key, requestPath, requestHash };

  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${WAIT_FOR_FIRST}, true)`);
      const replay = await claimKey(tx, claim);
      if (replay) return replay;
      await tx.execute(sql`select set_config('lock_timeout', '0', true)`);
      return runAndStore(tx, claim, handler);
    });
  } catch (err) {
    if (err instanceof Busy)
      throw conflict('A request with this Idempotency-Key is still in progress; retry shortly');
    throw err;
  }
  return answer<T>(req, reply, outcome);
}

type Claim = { accountId: string; key: string; requestPath: string; requestHash: string };
type Outcome = { replay: boolean; stored: Stored; afterCommit?: () => Promise<void> };

/** The request's Idempotency-Key header; 400 when absent or malformed. */
function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key)
    throw badRequest('Idempotency-Key header is required', {
      'Idempotency-Key': ['Idempotency-Key header is required'],
    });
  if (!KEY_RE.test(key))
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters', {
      'Idempotency-Key': ['Idempotency-Key must be 1 to 255 visible ASCII characters'],
    });
  return key;
}

/**
 * Claims the key (its row, in progress); null when claimed here. A key used before answers its stored
 * answer (a replay), 422 for a different request, or Busy while the first attempt is still running.
 */
async function claimKey(tx: Tx, c: Claim): Promise<Outcome | null> {
  const { accountId, key, requestPath, requestHash } = c;
  let claimed: unknown[];
  try {
    claimed = await tx
      .insert(idempotencyKeys)
      .values({ accountId, key, requestPath, requestHash, state: 'in_progress' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  } catch (err) {
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '55P03' ||
      (err as { cause?: { code?: string } }).cause?.code === '55P03'
    )
      throw new Busy();
    throw err;
  }
  if (claimed.length) return null;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
  if (!row) throw new Busy(); // the first attempt rolled back between our insert and read: let the client retry
  if (row.requestHash !== requestHash)
    throw new AppError(
      422,
      'idempotency-mismatch',
      'This Idempotency-Key was already used with a different request',
    );
  if (row.state !== 'done' || row.responseStatus == null) throw new Busy();
  return { replay: true, stored: row.responseBody as Stored };
}

/** Runs the handler in a savepoint and stores its answer (or its 4xx) on the key, in the same transaction. */
async function runAndStore<T>(
  tx: Tx,
  c: Claim,
  handler: (tx: Tx) => Promise<IdempotentResult<T>>,
): Promise<Outcome> {
  let stored: Stored;
  let afterCommit: (() => Promise<void>) | undefined;
  try {
    const result = await tx.transaction((inner) => handler(inner));
    stored = { statusCode: result.statusCode, body: result.body };
    afterCommit = result.afterCommit;
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    stored = {
      statusCode: err.statusCode,
      body: null,
      error: { status: err.status, message: err.message, ...(err.errors ? { errors: err.errors } : {}) },
    };
  }
  await tx
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: stored.statusCode, responseBody: stored })
    .where(and(eq(idempotencyKeys.accountId, c.accountId), eq(idempotencyKeys.key, c.key)));
  return { replay: false, stored, afterCommit };
}

/** The answer after commit: the stored 4xx thrown again, or the body (after the after-commit step). */
async function answer<T>(req: FastifyRequest, reply: FastifyReply, outcome: Outcome): Promise<T> {
  if (outcome.replay) reply.header('idempotent-replayed', 'true');
  const { stored } = outcome;
  if (stored.error)
    throw new AppError(stored.statusCode, stored.error.status, stored.error.message, stored.error.errors);
  if (outcome.afterCommit) {
    try {
      await outcome.afterCommit();
    } catch (err) {
      req.log.error({ err }, 'after-commit step of an idempotent request failed');
    }
  }
  reply.code(stored.statusCode);
  return stored.body as T;
}

/** Deletes keys older than `hours` (default 48; answers are guaranteed for at least 24 hours). */
export async function pruneIdempotencyKeys(db: Db, hours = 48): Promise<number> {
  const res = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - hours * 3600_000)))
    .returning({ key: idempotencyKeys.key });
  return res.length;
}
