import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
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
