import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from 'helmet';
import pino from 'pino';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { APP_VERSION, errorEnvelope, STATUS } from '@owo/contract';
import type { AppDeps } from './platform/deps';
import type { Config } from './platform/config';
import { logSafeError, registerErrorHandling, registerInputHygiene } from './platform/http';
import { registerGuard, isPublic, type Access } from './platform/guard';
import { migrationsFolder } from './platform/db';
import { registerWebStatic } from './platform/web-static';
import { registerBodyRefs } from './platform/refs';
import { REF_TABLES } from './ref-tables';
import type { ListCache } from './platform/list-cache';
import { registerApiRateLimit } from './platform/rate-limit';
import { registerMetrics } from './platform/metrics';
import {
  describeDocument,
  describeRoute,
  isLimitedUrl,
  SECURITY_SCHEMES,
  registerRouteDescription,
} from './platform/describe';
import { registerModules } from './modules';
import { VAULT_LOG_KEYS } from './platform/vault/fields';
import { openReadReplica } from './platform/read-replica';

export const REDACT_PATHS = [
  ...new Set([
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-csrf-token"]',
    'req.headers["x-customer-token"]',
    'res.headers["set-cookie"]',
    '*.password',
    '*.oldPassword',
    '*.newPassword',
    '*.bvn',
    '*.token',
    '*.refreshToken',
    '*.accessToken',
    '*.secret',
    '*.code',
    '*.otp',
    '*.totpSecret',
    '*.passwordHash',
    // Every vault field by name (platform/vault/fields.ts), at any of the depths a body nests them.
    ...VAULT_LOG_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*[*].${k}`, `*.*.*[*].${k}`]),
  ]),
];

/** stdout in 4 KB batches, flushed every 250 ms, when the app closes and when the process exits. */
function bufferedStdout() {
  const dest = pino.destination({ dest: 1, minLength: 4096, sync: false });
  const flush = () => {
    try {
      dest.flushSync();
    } catch {
      /* nothing buffered, or stdout already closed */
    }
  };
  setInterval(() => dest.flush(), 250).unref();
  process.once('exit', flush);
  return dest;
}

/** What the cross-cutting tests (every route guarded, fuzzed, tenant-scoped) iterate over. */
export type RouteInfo = { method: string; url: string; config: unknown; schema: unknown };
/** Query values that are credentials (mailed links, invite codes) never reach the logs. */
const SECRET_QUERY = /([?&](?:token|ref|code|sig|secret|password|otp)=)[^&#]*/gi;
export const maskUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

const ID_PARAM = /(^id$|Id$)/;
/** A path segment that looks like a mailed link's token: long, URL-safe, with a digit, not a uuid. */
const TOKEN_SEGMENT = /(?<=\/)(?![0-9a-f]{8}-[0-9a-f]{4}-)(?=[^/?]*\d)[A-Za-z0-9_~.-]{16,}(?=\/|\?|$)/g;
type LoggedRequest = {
  url: string;
  routeOptions?: { url?: string; config?: { access?: Access } };
};
/**
 * The path a request log prints. A route whose path carries something other than record ids (a
 * link's token or reference, a code, a file name), and every public route with a path parameter,
 * is logged by its template (`/api/public/vendor-onboarding/:ref`), never by the raw URL; a path no
 * route template matched (the web app's own pages, e.g. a mailed `/payment-invitation/<ref>`, or a
 * 404) has its token-like segments replaced. Query credentials are masked either way.
 */
export function logUrl(req: LoggedRequest): string {
  const template = req.routeOptions?.url;
  const q = req.url.indexOf('?');
  const query = q >= 0 ? req.url.slice(q) : '';
  const params = template ? [...template.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]) : [];
  if (
    template &&
    params.length &&
    (req.routeOptions?.config?.access?.kind === 'public' || params.some((p) => !ID_PARAM.test(p)))
  )
    return maskUrl(template + query);
  const path = q >= 0 ? req.url.slice(0, q) : req.url;
  const templated = template && params.length ? path : path.replace(TOKEN_SEGMENT, ':token');
  return maskUrl(templated + query);
}

export type App = FastifyInstance & {
  deps: AppDeps;
  routeList: RouteInfo[];
  /** This process's cached list pages (platform/list-cache.ts), null when LIST_CACHE_MB is 0. */
  listCache: ListCache | null;
};

export async function buildApp(
  deps: AppDeps,
  opts: { webDist?: string | null; logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<App> {
  const { config } = deps;
  const logging = !(opts.logger === false || config.LOG_LEVEL === 'silent');
  const app = createFastify(config, logging, opts.logStream);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  if (config.DATABASE_READ_URL && !deps.reads) {
    const reads = await openReadReplica(deps.pool, config.DATABASE_READ_URL, config.READ_REPLICA_MAX_LAG_MB);
    deps.reads = reads;
    app.addHook('onClose', () => reads.close());
  }
  registerRequestHooks(app, logging);

  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
  });
  await app.register(cookie);
  // Ports of the accounts and developers areas (platform/seams.ts), provided at their registration.
  const listCache = registerGuard(app, deps.db, config, {
    resolveSubsidiary: () => deps.seams.maybe('subsidiaryResolver'),
    apiKeys: () => deps.seams.maybe('apiKeyAuthenticator'),
  });
  app.decorate('listCache', listCache);
  registerBodyRefs(app, deps.db, REF_TABLES); // ids in bodies are the caller's company's (after guard and validation)
  registerRouteDescription(app); // beside the access check: an undescribed route stops the boot
  registerApiRateLimit(app, deps, isLimitedUrl); // after the guard: counts per user once the caller is known
  registerInputHygiene(app); // after the guard: who may call is settled first
  registerMetrics(app, deps); // GET /metrics (404 without METRICS_TOKEN) and one histogram observation per request
  await registerDocs(app);

  getHealthRoute(app);
  getReadinessRoute(app, deps);

  await registerModules(app, deps);

  if (opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html'))) {
    await registerWebStatic(app, { webDist: opts.webDist, appUrl: () => config.appUrl });
  } else {
    app.setNotFoundHandler((_req, reply) =>
      reply.code(404).send({ status: STATUS.notFound, message: 'Route not found', data: null }),
    );
  }

  await app.ready();
  return app as unknown as App;
}

function createFastify(config: Config, logging: boolean, stream: NodeJS.WritableStream | undefined) {
  // Request logging stays on and stays cheap (issue 14): ONE line per request (written when the
  // response is done, below) instead of Fastify's two, and stdout is written in 4 KB batches,
  // flushed every 250 ms and at exit, instead of one write system call per line.
  const logStream = stream ?? (logging ? bufferedStdout() : undefined);
  return Fastify({
    disableRequestLogging: true,
    logger: !logging
      ? false
      : {
          level: config.LOG_LEVEL,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          serializers: {
            req: (req: LoggedRequest & { method: string; ip?: string; id?: string }) => ({
              id: req.id,
              method: req.method,
              url: logUrl(req),
              remoteAddress: req.ip,
            }),
            // Errors never carry the values a query ran with (platform/http.ts).
            err: logSafeError,
          },
          ...(logStream ? { stream: logStream } : {}),
        },
    bodyLimit: 1024 * 1024,
    // The spec writes some calls with a trailing slash (`me/notifications/`): every route answers
    // the same either way (issue 7 §2; test/spec-paths.test.ts).
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
}
type ZodApp = ReturnType<typeof createFastify>;

/** The route list the cross-cutting tests iterate over, the request id header and the request log line. */
function registerRequestHooks(app: ZodApp, logging: boolean) {
  const routeList: RouteInfo[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeList.push({ method, url: route.url, config: route.config, schema: route.schema });
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  if (logging)
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      );
      done();
    });
}

function registerSecurityHeaders(app: ZodApp, config: Config) {
  // Security headers (helmet), built ONCE: @fastify/helmet rebuilt the middleware (and re-parsed
  // the CSP directives) on every request, a measurable share of the API hot path (issue 14).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // CSP_EXTRA_ORIGINS: third parties the web build is configured for (the support chat
        // widget, the error-reporting DSN's host); nothing else is allowed.
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.cspExtraOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...config.cspExtraOrigins],
        scriptSrc: ["'self'", ...config.cspExtraOrigins],
        connectSrc: [
          "'self'",
          ...config.cspExtraOrigins,
          ...config.cspExtraOrigins.map((o) => o.replace(/^http/, 'ws')),
        ],
        fontSrc: ["'self'", 'data:', ...config.cspExtraOrigins],
        frameSrc: ["'self'", ...config.cspExtraOrigins],
        mediaSrc: ["'self'", ...config.cspExtraOrigins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
  );
}

/** The OpenAPI document (docs/openapi.json) and its UI at /api/docs. */
async function registerDocs(app: ZodApp) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Owo API',
        version: APP_VERSION,
        description:
          'Business payments and spend management for Nigerian companies. Amounts are answered as decimal strings of major units with a `…Minor` integer beside them.',
        license: { name: 'Proprietary', url: 'https://owo.ng/terms' },
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeRoute,
    transformObject: describeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}

function getHealthRoute(app: ZodApp) {
  app.get(
    '/api/health',
    {
      config: isPublic(),
      schema: {
        operationId: 'getHealth',
        summary: 'Report that the API is up',
        tags: ['platform'],
        response: {
          200: z.object({ status: z.string(), message: z.string(), data: z.object({ version: z.string() }) }),
        },
      },
    },
    async () => ({
      status: STATUS.success,
      message: 'up',
      data: { version: APP_VERSION },
    }),
  );
}

function getReadinessRoute(app: ZodApp, deps: AppDeps) {
  app.get(
    '/api/ready',
    {
      config: isPublic(),
      schema: {
        operationId: 'getReadiness',
        summary: 'Report whether the database is reachable and migrated',
        tags: ['platform'],
        response: {
          200: z.object({
            status: z.string(),
            message: z.string(),
            data: z.object({ migrations: z.number().int().min(0).max(100000) }),
          }),
          503: errorEnvelope,
        },
      },
    },
    async (_req, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        const journal = JSON.parse(
          fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const applied = await deps.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const n = Number((applied.rows[0] as { n: number }).n);
        if (n < journal.entries.length)
          return reply.code(503).send({
            status: STATUS.error,
            message: `migrations pending (${n}/${journal.entries.length})`,
            data: null,
          });
        return { status: STATUS.success, message: 'ready', data: { migrations: n } };
      } catch {
        return reply.code(503).send({ status: STATUS.error, message: 'database unreachable', data: null });
      }
    },
  );
}
