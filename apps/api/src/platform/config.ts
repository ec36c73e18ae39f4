import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { dataDirSecret } from './data-secret';
import { parseVaultKeys } from './vault';

/** The files in DATA_DIR holding the generated webhook secrets when none is configured. */
export const RAILS_WEBHOOK_SECRET_FILE = 'rails-webhook-secret';
export const CARD_ISSUER_WEBHOOK_SECRET_FILE = 'card-issuer-webhook-secret';

// Every environment variable the API reads, parsed once at boot. A bad value stops the process.
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A hot standby of the primary: insights, exports and reports read there (decision 017). */
  DATABASE_READ_URL: z.string().url().optional(),
  /** How far (MB of WAL) the standby may fall behind before those reads go back to the primary. */
  READ_REPLICA_MAX_LAG_MB: z.coerce.number().int().min(1).default(64),
  APP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  /** Vault keys `<id>:<base64 32 bytes>,…`, newest last (platform/vault); required in production. */
  VAULT_KEYS: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .default(60 * 12),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 14),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Owo <no-reply@owo.local>'),
  /** The bill inbox's inbound SMTP listener (issue 23 §2): off unless a port is set (0 = any free port). */
  BILL_INBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BILL_INBOX_SMTP_HOST: z.string().default('0.0.0.0'),
  /** The domain of the bill addresses (`bills-<random>@<domain>`); default `inbox.<APP_URL host>`. */
  BILL_INBOX_DOMAIN: z.string().max(200).optional(),
  /** The largest message the listener accepts, in bytes. */
  BILL_INBOX_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  RATE_LIMIT_ENABLED: bool.default(true),
  /** Sign-in attempts per IP per 15 minutes (company and employee sign-in). Raised only where one IP is many users (the E2E run). */
  SIGN_IN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  /** The API limiter (platform/rate-limit.ts): requests per window per signed-in user, and per IP for anonymous callers. */
  API_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(1200),
  API_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Requests per window per API key (`api:key:<id>`). */
  API_RATE_LIMIT_PER_KEY: z.coerce.number().int().min(1).default(600),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often each process shares its counts through PostgreSQL (bounds over-admission across processes). */
  API_RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Memory for cached list pages per process (platform/list-cache.ts; 0 turns the cache off). */
  LIST_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  SEED_DEMO: bool.default(true),
  RUN_WORKER: bool.default(true),
  UPLOAD_DIR: z.string().optional(),
  /** S3-compatible storage for uploads and generated PDFs (platform/storage.ts); local disk when S3_BUCKET is unset. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Endpoint of a non-AWS service (MinIO, R2, s3rver): `http://127.0.0.1:9000`. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), needed by most self-hosted services. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Optional key prefix inside the bucket (`owo/`). */
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_./-]*\/$/, 'must end with / and hold only letters, digits and _ . - /')
    .optional(),
  RAILS_PROVIDER: z.enum(['sandbox', 'paystack']).default('sandbox'),
  RAILS_WEBHOOK_SECRET: z.string().min(16).optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  SANDBOX_FAULT_SEED: z.coerce.number().int().optional(),
  FX_RATES: z.string().default('USD:NGN=1550,GBP:NGN=1950,GBP:USD=1.26'),
  PER_TRANSACTION_MAX_USD: z.coerce.number().positive().default(10000),
  /** Electricity vending provider (issue 26 §3): the sandbox (default) or the VTpass-shaped adapter. */
  VENDING_PROVIDER: z.enum(['sandbox', 'vtpass']).default('sandbox'),
  VTPASS_BASE_URL: z.string().url().default('https://sandbox.vtpass.com/api'),
  VTPASS_API_KEY: z.string().optional(),
  VTPASS_SECRET_KEY: z.string().optional(),
  /** Naira per kWh by band, with optional per-disco overrides ('IKEDC.A:209.5'). */
  ELECTRICITY_TARIFFS: z.string().default('A:209.50,B:63.00,C:50.00,D:43.00,E:42.00'),
  /** Min and max vend per meter in kobo (NIGERIA.md: often around ₦2,000 / ₦200,000). */
  ELECTRICITY_MIN_VEND_MINOR: z.coerce.number().int().min(1).default(100_000),
  /** HMAC-SHA512 secret of the card issuer's webhook; generated per DATA_DIR when unset (never the rails' one). */
  CARD_ISSUER_WEBHOOK_SECRET: z.string().min(16).optional(),
  ELECTRICITY_MAX_VEND_MINOR: z.coerce.number().int().min(1).default(20_000_000),
  /** Webhook retries: the first waits this many seconds, each next one twice as long (capped at 6 h), for 72 h. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** How long a webhook keeps being retried. */
  WEBHOOK_RETRY_HOURS: z.coerce.number().min(0.001).max(168).default(72),
  /** Extra origins the CSP allows (comma-separated `https://host[:port]`): the support chat provider, the Sentry ingest host. */
  CSP_EXTRA_ORIGINS: z
    .string()
    .max(2000)
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .every((o) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(o)),
      'must be comma-separated origins like https://client.crisp.chat',
    ),
  /** Platform administrators (comma-separated emails, confirmed users): they alone change the platform default fees. */
  PLATFORM_ADMIN_EMAILS: z.string().max(4000).default(''),
  /** Accounting: QuickBooks Online app credentials and endpoints (the tests point these at a stub). */
  QBO_CLIENT_ID: z.string().optional(),
  QBO_CLIENT_SECRET: z.string().optional(),
  QBO_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  QBO_AUTHORIZE_URL: z.string().url().default('https://appcenter.intuit.com/connect/oauth2'),
  QBO_TOKEN_URL: z.string().url().default('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  QBO_API_BASE: z.string().url().default('https://sandbox-quickbooks.api.intuit.com'),
  QBO_APP_BASE: z.string().url().default('https://app.sandbox.qbo.intuit.com'),
  /** Refresh the access token when it has less than this many seconds left. */
  ACCOUNTING_REFRESH_MARGIN_SECONDS: z.coerce.number().int().min(0).max(3000).default(300),
  /** Posting retries: the first waits this many seconds, then doubling, up to ACCOUNTING_MAX_ATTEMPTS. */
  ACCOUNTING_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  ACCOUNTING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Bearer token for GET /metrics; without it /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
});
export type Config = z.infer<typeof configSchema> & {
  appUrl: string;
  sessionSecret: string;
  isProduction: boolean;
  dataDir: string;
  uploadDir: string;
  corsOrigins: string[];
  platformAdminEmails: string[];
  cspExtraOrigins: string[];
};

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<string, string>> = {},
): Config {
  const parsed = configSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.SESSION_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: required in production (32+ characters)',
    );
  if (isProduction && !c.VAULT_KEYS)
    throw new ConfigError(
      'Invalid configuration:\n  VAULT_KEYS: required in production (<id>:<base64 of 32 random bytes>, comma-separated, newest last)',
    );
  if (c.VAULT_KEYS) {
    try {
      parseVaultKeys(c.VAULT_KEYS);
    } catch (e) {
      throw new ConfigError(`Invalid configuration:\n  ${(e as Error).message}`);
    }
  }
  if (isProduction && !c.RAILS_WEBHOOK_SECRET)
    throw new ConfigError('Invalid configuration:\n  RAILS_WEBHOOK_SECRET: required in production');
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    isProduction,
    dataDir,
    uploadDir: path.resolve(c.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
    // Outside production a per-process secret is fine: sessions are stored server-side by hash.
    sessionSecret: c.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    // Unset (never in production, see above): generated once per DATA_DIR, never a constant.
    RAILS_WEBHOOK_SECRET: c.RAILS_WEBHOOK_SECRET ?? dataDirSecret(dataDir, RAILS_WEBHOOK_SECRET_FILE),
    CARD_ISSUER_WEBHOOK_SECRET:
      c.CARD_ISSUER_WEBHOOK_SECRET ?? dataDirSecret(dataDir, CARD_ISSUER_WEBHOOK_SECRET_FILE),
    cspExtraOrigins: c.CSP_EXTRA_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    platformAdminEmails: c.PLATFORM_ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    corsOrigins: c.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export class ConfigError extends Error {}

/**
 * The app's origin for a link the browser follows now (an OAuth consent and its way back). It is
 * APP_URL, except outside production when the browser reached this server at another loopback name
 * on the same port (127.0.0.1 against localhost): to a browser those are different sites, and the
 * session cookie of one is not sent to the other. Production always answers APP_URL.
 */
export function browserOrigin(config: Config, host: string | undefined): string {
  if (config.isProduction || !host) return config.appUrl;
  const app = new URL(config.appUrl);
  const seen = /^(localhost|127\.0\.0\.1|\[::1\])(?::(\d+))?$/.exec(host.toLowerCase());
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(app.hostname);
  if (!seen || !loopback || (seen[2] ?? '') !== app.port) return config.appUrl;
  return `${app.protocol}//${host.toLowerCase()}`;
}
