import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps';
import { tooMany } from './errors';
import { rateLimits } from './tables';

/**
 * Counts one hit of `key` in the current fixed window (in PostgreSQL, so every process shares it)
 * and throws 429 once `max` is passed. Use a key that names the action and the subject,
 * e.g. `login:ip:1.2.3.4` or `login:email:a@b.ng`.
 */
export async function hit(
  deps: Pick<AppDeps, 'db' | 'config'>,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<void> {
  if (!deps.config.RATE_LIMIT_ENABLED) return;
  const windowStart = new Date(Math.floor(Date.now() / (windowSeconds * 1000)) * windowSeconds * 1000);
  const [row] = await deps.db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (row.count > max) throw tooMany();
}

/** Old windows are useless; the jobs module may call this periodically. */
export async function pruneRateLimits(deps: Pick<AppDeps, 'db'>) {
  await deps.db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}

export const clientIp = (req: FastifyRequest) => req.ip ?? 'unknown';

// ------------------------------------------------------------------ the API limiter

type Counter = { window: number; pending: number; known: number };

/**
 * Fixed-window counters kept in this process and shared through the same `rate_limits` table in
 * batches: a request costs a Map update, never a database round trip. Every `flushMs` the pending
 * increments of all keys go to PostgreSQL in one upsert, which answers each key's total across all
 * processes; that total becomes what this process knows of the others. See docs/platform.md
 * "How a route is described" for the bound on over-admission with several processes.
 */
export class BatchedWindowLimiter {
  private readonly counters = new Map<string, Counter>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly deps: Pick<AppDeps, 'db'>,
    readonly windowSeconds: number,
    private readonly flushMs: number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  start() {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Counts one hit; answers the key's count in this window (all processes, as last known) and seconds to its end. */
  hit(key: string, now = Date.now()): { count: number; resetSeconds: number } {
    const windowMs = this.windowSeconds * 1000;
    const window = Math.floor(now / windowMs);
    let c = this.counters.get(key);
    if (!c || c.window !== window) {
      c = { window, pending: 0, known: 0 };
      this.counters.set(key, c);
    }
    c.pending++;
    return {
      count: c.known + c.pending,
      resetSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)),
    };
  }

  /** Sends pending increments in one upsert per 500 keys and learns each key's shared total. */
  flush(): Promise<void> {
    this.flushing ??= this.doFlush().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async doFlush() {
    const windowMs = this.windowSeconds * 1000;
    const current = Math.floor(Date.now() / windowMs);
    const batch: { key: string; c: Counter; n: number }[] = [];
    for (const [key, c] of this.counters) {
      if (c.window < current && c.pending === 0) this.counters.delete(key);
      else if (c.pending > 0 || c.window === current) {
        // Keys of the current window with nothing to send still ask for the shared total (adding 0).
        batch.push({ key, c, n: c.pending });
        c.known += c.pending; // what we send stays counted while it is in flight
        c.pending = 0;
      }
    }
    for (let i = 0; i < batch.length; i += 500) {
      const part = batch.slice(i, i + 500);
      try {
        const rows = await this.deps.db
          .insert(rateLimits)
          .values(part.map((b) => ({ key: b.key, windowStart: new Date(b.c.window * windowMs), count: b.n })))
          .onConflictDoUpdate({
            target: [rateLimits.key, rateLimits.windowStart],
            set: { count: sql`${rateLimits.count} + excluded.count` },
          })
          .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, count: rateLimits.count });
        for (const row of rows) {
          const c = this.counters.get(row.key);
          if (c && c.window * windowMs === row.windowStart.getTime()) c.known = Math.max(c.known, row.count);
        }
      } catch (err) {
        this.onError(err); // counting goes on locally; the next flush sends new increments
      }
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/**
 * Limits every /api route (except the docs): per user when the caller is signed in, per client IP
 * otherwise. Runs after the guard (it needs the user), so it is one Map update per request.
 * Limited answers carry RateLimit-Limit/-Remaining/-Reset; a refusal is 429 with Retry-After.
 */
export function registerApiRateLimit(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'config'>,
  isLimited: (url: string) => boolean,
) {
  const { config } = deps;
  if (!config.RATE_LIMIT_ENABLED) return null;
  const limiter = new BatchedWindowLimiter(
    deps,
    config.API_RATE_LIMIT_WINDOW_SECONDS,
    config.API_RATE_LIMIT_FLUSH_MS,
    (err) => app.log.warn({ err }, 'rate-limit counters could not be shared; counting locally'),
  );
  limiter.start();
  app.addHook('preValidation', async (req, reply) => {
    const url = req.routeOptions.url;
    if (!url || !isLimited(url)) return;
    // An API key counts under its own key, a member per user, anyone else per IP.
    const userId = req.auth?.user.id;
    const apiKeyId = req.auth?.apiKeyId;
    const [key, max] = apiKeyId
      ? [`api:key:${apiKeyId}`, config.API_RATE_LIMIT_PER_KEY]
      : userId
        ? [`api:user:${userId}`, config.API_RATE_LIMIT_PER_USER]
        : [`api:ip:${clientIp(req)}`, config.API_RATE_LIMIT_PER_IP];
    const { count, resetSeconds } = limiter.hit(key);
    reply.header('RateLimit-Limit', max);
    reply.header('RateLimit-Remaining', Math.max(0, max - count));
    reply.header('RateLimit-Reset', resetSeconds);
    if (count > max) {
      reply.header('Retry-After', resetSeconds);
      throw tooMany('Too many requests, please try again later');
    }
  });
  app.addHook('onClose', async () => limiter.stop());
  return limiter;
}
