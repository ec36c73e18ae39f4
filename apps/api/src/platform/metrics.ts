import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from './deps';
import { safeEqual } from './tokens';

/**
 * `GET /metrics` in Prometheus text format (docs: README "Metrics"). Off (404) until METRICS_TOKEN is
 * set; then it needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Per request the cost is
 * one histogram observation in an `onResponse` hook (after the answer left); everything else —
 * queue depth, webhook deliveries, ledger entries, pool use — is read when Prometheus scrapes.
 * Without a token no hook is installed at all.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps) {
  const token = deps.config.METRICS_TOKEN;
  const registry = new Registry();
  const requests = new Histogram({
    name: 'owo_http_request_duration_seconds',
    help: 'API request latency by route (the route pattern, never the raw URL), method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  registerCollectors(app, deps, registry);

  app.get('/metrics', { config: {}, schema: { hide: true } }, async (req, reply) => {
    if (!token) return reply.code(404).send({ status: 'not-found', message: 'Not found', data: null });
    const sent = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(sent, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ status: 'unauthorized', message: 'Invalid metrics token', data: null });
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  if (!token) return;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (route && route !== '/metrics')
      requests.observe({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}

/** The gauges read when Prometheus scrapes (a failed collector counts in owo_metrics_scrape_errors_total). */
function registerCollectors(app: FastifyInstance, deps: AppDeps, registry: Registry) {
  const scrapeErrors = new Counter({
    name: 'owo_metrics_scrape_errors_total',
    help: 'Collector queries that failed during a scrape',
    registers: [registry],
  });
  const collect = (name: string, help: string, labelNames: string[], fn: (g: Gauge) => Promise<void>) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          await fn(this);
        } catch (err) {
          scrapeErrors.inc();
          app.log.warn({ err, metric: name }, 'metrics collector failed');
        }
      },
    });
  const rows = async <T>(q: ReturnType<typeof sql>) => (await deps.db.execute(q)).rows as T[];
  collect(
    'owo_job_queue_jobs',
    'pg-boss jobs by queue and state (created, retry, active, failed, …)',
    ['queue', 'state'],
    async (g) => {
      // pg-boss creates its schema when it first starts; until then there are no jobs to count.
      const [{ t }] = await rows<{ t: string | null }>(sql`select to_regclass('pgboss.job')::text as t`);
      if (!t) return;
      for (const r of await rows<{ name: string; state: string; n: number }>(
        sql`select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2`,
      ))
        g.set({ queue: r.name, state: r.state }, r.n);
    },
  );
  collect('owo_webhook_deliveries', 'Webhook deliveries by status', ['status'], async (g) => {
    for (const r of await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from webhook_deliveries group by 1`,
    ))
      g.set({ status: r.status }, r.n);
  });
  collect(
    'owo_ledger_rows',
    'Ledger rows (journal entries, postings; planner estimate, no table scan)',
    ['table'],
    async (g) => {
      for (const r of await rows<{ t: string; n: number }>(
        sql`select relname as t, n_live_tup::bigint as n from pg_stat_user_tables where relname in ('journal_entries', 'postings', 'transactions')`,
      ))
        g.set({ table: r.t }, Number(r.n));
    },
  );
  collect('owo_db_pool_connections', 'Database pool connections of this process', ['state'], async (g) => {
    const p = deps.pool;
    g.set({ state: 'total' }, p.totalCount);
    g.set({ state: 'idle' }, p.idleCount);
    g.set({ state: 'waiting' }, p.waitingCount);
  });
}
