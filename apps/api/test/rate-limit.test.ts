import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BatchedWindowLimiter } from '../src/platform/rate-limit';
import { rateLimits } from '../src/platform/tables';
import { client, createTestApp, ownerWithAccount, type TestApp } from './helpers';

// 5: the API is limited per user (per IP when anonymous), with RateLimit headers and 429 + Retry-After.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_ENABLED: 'true',
    API_RATE_LIMIT_PER_USER: '3',
    API_RATE_LIMIT_PER_IP: '2',
    API_RATE_LIMIT_WINDOW_SECONDS: '60',
    API_RATE_LIMIT_FLUSH_MS: '60000',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the API rate limit', () => {
  it('counts per user, sends RateLimit headers, answers 429 with Retry-After, and leaves other users alone', async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await a.api.get('/api/wallet');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      seen.push(res.headers.get('ratelimit-remaining')!);
      const reset = Number(res.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
    }
    expect(seen).toEqual(['2', '1', '0']);
    const limited = await a.api.post('/api/wallet', { currency: 'USD' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'rate-limited', data: null });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    // The refused write changed nothing.
    expect((await b.api.get('/api/wallet')).body.data).toHaveLength(1);
    expect((await b.api.get('/api/wallet')).status).toBe(200);
  });

  it('counts anonymous callers per IP', async () => {
    const anon = client(t);
    expect((await anon.get('/api/health')).status).toBe(200);
    expect((await anon.get('/api/health')).headers.get('ratelimit-limit')).toBe('2');
    const res = await anon.get('/api/health');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('shares counts between processes through PostgreSQL in batches', async () => {
    // Two limiters on one database stand for two `npm start` processes.
    const p1 = new BatchedWindowLimiter({ db: t.db }, 60, 60_000);
    const p2 = new BatchedWindowLimiter({ db: t.db }, 60, 60_000);
    const key = `api:user:test-${Date.now()}`;
    const now = Date.now();
    for (let i = 0; i < 5; i++) p1.hit(key, now);
    for (let i = 0; i < 3; i++) p2.hit(key, now);
    await p1.flush();
    await p2.flush(); // p2 learns p1's 5
    expect(p2.hit(key, now).count).toBe(9);
    await p2.flush();
    await p1.flush(); // and p1 learns p2's, though it has nothing new to send
    expect(p1.hit(key, now).count).toBe(10);
    await p1.stop();
    await p2.stop();
    const windowStart = new Date(Math.floor(now / 60_000) * 60_000);
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
    expect(row.count).toBe(10);
  });
});
