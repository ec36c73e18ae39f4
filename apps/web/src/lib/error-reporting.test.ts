import { describe, expect, it } from 'vitest';
import { reportingSettings, scrub, startErrorReporting } from './error-reporting';

describe('client error reporting', () => {
  it('is off without a DSN and in development; 0.1 sample rates by default', async () => {
    expect(reportingSettings({ MODE: 'production' }).enabled).toBe(false);
    expect(reportingSettings({ MODE: 'development', VITE_SENTRY_DSN: 'https://k@o.ingest/1' }).enabled).toBe(
      false,
    );
    const on = reportingSettings({ MODE: 'production', VITE_SENTRY_DSN: 'https://k@o.ingest/1' });
    expect(on).toMatchObject({
      enabled: true,
      sampleRate: 0.1,
      tracesSampleRate: 0.1,
      environment: 'production',
    });
    expect(
      reportingSettings({ MODE: 'staging', VITE_SENTRY_DSN: 'x', VITE_SENTRY_SAMPLE_RATE: '1' }).sampleRate,
    ).toBe(1);
    expect(await startErrorReporting({ MODE: 'production' })).toBe(false);
  });

  it('scrubs tokens, BVNs, account numbers and amounts, by key and in text', () => {
    const event = {
      message: 'Transfer of ₦250,000.00 to 0123456789 failed for BVN 22345678901 with sk_live_abcDEF123',
      request: {
        url: '/auth/reset?token=abc123&x=1',
        headers: { Authorization: 'Bearer eyJhbGciOi.abc.def', 'x-csrf-token': 'c' },
        data: { amount: '250000', amountMinor: 25000000, bvn: '22345678901', name: 'Ada' },
      },
      breadcrumbs: [{ message: 'GET /api/wallet', data: { balance: 5 } }],
    };
    const out = scrub(event);
    const text = JSON.stringify(out);
    for (const leak of [
      '250,000',
      '0123456789',
      '22345678901',
      'sk_live_abc',
      'abc123',
      'eyJhbGciOi',
      '25000000',
    ])
      expect(text).not.toContain(leak);
    expect(out.request.data.name).toBe('Ada');
    expect(out.request.data.amount).toBe('[redacted]');
    expect(out.request.headers.Authorization).toBe('[redacted]');
    expect(out.breadcrumbs[0].message).toBe('GET /api/wallet');
  });
});
