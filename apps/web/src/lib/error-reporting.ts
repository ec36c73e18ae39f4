// Client error reporting (000 §9): errors and traces go to the DSN set at build time
// (`VITE_SENTRY_DSN`, Sentry's React SDK), sampled at 0.1 by default (`VITE_SENTRY_SAMPLE_RATE`,
// `VITE_SENTRY_TRACES_SAMPLE_RATE`). Off in development and whenever no DSN is set: then the SDK
// is not even loaded (it is a chunk of its own, fetched only when reporting is on). Every event is
// scrubbed first: no token, secret, password, BVN, account number or amount leaves in a report.

type Env = Record<string, string | boolean | undefined>;

const SENSITIVE_KEY =
  /(token|secret|password|passwd|authorization|cookie|csrf|otp|pin|bvn|nin|amount|balance|fee|accountnumber|account_number|sk_)/i;
const SENSITIVE_TEXT: [RegExp, string][] = [
  [/\bsk_(live|test)_[A-Za-z0-9_-]+/g, 'sk_[redacted]'],
  [/\bwhsec_[A-Za-z0-9_-]+/g, 'whsec_[redacted]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  [/([?&](?:token|ref|code|sig|secret|password|otp)=)[^&#\s]*/gi, '$1[redacted]'],
  [/\b\d{10,11}\b/g, '[redacted-number]'], // BVNs (11 digits), NUBANs (10)
  [/(₦|NGN|USD|GBP|\$|£)\s?-?[\d,]+(\.\d+)?/g, '$1[amount]'],
];

/** Removes sensitive values from anything an event carries (keys by name, strings by pattern). */
export function scrub<T>(value: T, depth = 0): T {
  if (depth > 12) return '[truncated]' as T;
  if (typeof value === 'string') {
    let s: string = value;
    for (const [re, to] of SENSITIVE_TEXT) s = s.replace(re, to);
    return s as T;
  }
  if (Array.isArray(value)) return (value as unknown[]).map((v): unknown => scrub(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SENSITIVE_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1);
    return out as T;
  }
  return value;
}

export function reportingSettings(env: Env) {
  const dsn = typeof env.VITE_SENTRY_DSN === 'string' ? env.VITE_SENTRY_DSN.trim() : '';
  const mode = String(env.MODE ?? 'production');
  const rate = (v: unknown) => {
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 && n <= 1 && v !== undefined && v !== '' ? n : 0.1;
  };
  return {
    enabled: !!dsn && mode !== 'development' && mode !== 'test',
    dsn,
    environment: String(env.VITE_SENTRY_ENVIRONMENT ?? mode),
    sampleRate: rate(env.VITE_SENTRY_SAMPLE_RATE),
    tracesSampleRate: rate(env.VITE_SENTRY_TRACES_SAMPLE_RATE),
  };
}

/** Starts reporting when configured; resolves to whether it did. */
export async function startErrorReporting(env: Env = import.meta.env as unknown as Env): Promise<boolean> {
  const s = reportingSettings(env);
  if (!s.enabled) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: s.dsn,
    environment: s.environment,
    sampleRate: s.sampleRate,
    tracesSampleRate: s.tracesSampleRate,
    integrations: [Sentry.browserTracingIntegration()],
    beforeSend: (event) => scrub(event),
    beforeSendTransaction: (event) => scrub(event),
    beforeBreadcrumb: (b) => scrub(b),
  });
  return true;
}
