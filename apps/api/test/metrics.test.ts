import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerWithAccount, type TestApp } from './helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

describe('GET /metrics', () => {
  it('answers 404 while no token is configured', async () => {
    expect((await fetch(`${off.baseUrl}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${off.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
  });

  it('answers 401 to a missing or wrong token, and Prometheus text to the right one', async () => {
    expect((await fetch(`${on.baseUrl}/metrics`)).status).toBe(401);
    expect(
      (
        await fetch(`${on.baseUrl}/metrics`, {
          headers: { authorization: 'Bearer wrong-token-wrong-token-wrong' },
        })
      ).status,
    ).toBe(401);
    const o = await ownerWithAccount(on);
    await o.api.get('/api/wallet');
    await o.api.get('/api/wallet');
    const res = await fetch(`${on.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /owo_http_request_duration_seconds_count\{method="GET",route="\/api\/wallet",status="200"\} 2/,
    );
    expect(text).toContain('owo_db_pool_connections{state="total"}');
    expect(text).toMatch(/owo_ledger_rows\{table="(journal_entries|postings|transactions)"\}/);
    expect(text).toContain('# TYPE owo_job_queue_jobs gauge');
    expect(text).toContain('# TYPE owo_webhook_deliveries gauge');
    expect(text).not.toContain('owo_metrics_scrape_errors_total 1');
  });

  it('counts webhook deliveries by status and pg-boss jobs by state (failures included)', async () => {
    const o = await ownerWithAccount(on);
    const hook = await o.api.post('/api/developers/webhooks', {
      url: 'http://127.0.0.1:9/owo',
      events: ['transaction'],
    });
    expect(hook.status).toBeLessThan(300);
    expect((await o.api.post(`/api/developers/webhooks/${hook.body.data.id}/test`)).status).toBeLessThan(300);
    await on.db.execute(
      sql`insert into pgboss.job (name, state, data) select name, 'failed', '{}'::jsonb from pgboss.queue limit 1`,
    );
    const text = await (
      await fetch(`${on.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(text).toMatch(/owo_webhook_deliveries\{status="(pending|failed|delivered)"\} [1-9]/);
    expect(text).toMatch(/owo_job_queue_jobs\{queue="[^"]+",state="failed"\} [1-9]/);
    expect(text).toMatch(/owo_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain('owo_metrics_scrape_errors_total 0');
  });
});
