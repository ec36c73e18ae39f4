// Settings > Developers, the audit log and the insight dashboard, as the demo owner: create an API
// key and call the API with it; add a webhook endpoint (a receiver started by this test, on
// loopback) and send a test event that arrives signed; read the audit log and the dashboard charts.
// Screens land in e2e/artifacts/screens/dev-*.png.
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { shot, skipTourWhenItOpens } from './ui-support';

test('developers: API key, webhook test event, audit log and dashboard charts', async ({ page, request }) => {
  const received: { body: string; ts: string; sig: string }[] = [];
  const rx = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({
        body,
        ts: String(req.headers['x-owo-timestamp']),
        sig: String(req.headers['x-owo-signature']),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/owo`;

  // The first-run guided tour (000 §2.9) opens by itself after a delay; like a user, skip it.
  await skipTourWhenItOpens(page);
  try {
    await test.step('sign in as the demo owner', async () => {
      await page.goto('/auth/login');
      await page.getByLabel('Email address').fill('owner@demo.owo.ng');
      await page.getByLabel('Password', { exact: true }).fill('Demo-Owner-2026');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    let key = '';
    await test.step('create an API key and call the API with it', async () => {
      await page.goto('/settings/developers');
      await page.getByLabel('Key name').fill('ERP sync');
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByTestId('shown-once');
      await expect(shown).toContainText('sk_');
      key = (await shown.innerText()).trim();
      await shot(page, 'dev-01-api-key-shown-once');
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('cell', { name: 'ERP sync' })).toBeVisible();
      const res = await request.get('/api/transactions', { headers: { authorization: `Bearer ${key}` } });
      expect(res.status()).toBe(200);
      const bad = await request.get('/api/transactions', {
        headers: { authorization: 'Bearer sk_test_nope' },
      });
      expect(bad.status()).toBe(401);
      await shot(page, 'dev-02-api-keys');
    });

    await test.step('add a webhook endpoint and send a test event, signed', async () => {
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await page.getByLabel('Endpoint URL').fill(hookUrl);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.getByTestId('shown-once').innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Send test event' }).first().click();
      await expect.poll(() => received.length).toBeGreaterThan(0);
      const got = received[0];
      const expected = `v1=${createHmac('sha512', secret).update(`${got.ts}.${got.body}`).digest('hex')}`;
      expect(got.sig).toBe(expected);
      expect(JSON.parse(got.body).event).toBe('test');
      await page.getByRole('button', { name: 'Deliveries' }).first().click();
      await expect(page.getByRole('dialog').getByText('delivered')).toBeVisible();
      await shot(page, 'dev-03-webhook-deliveries');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Verify signatures' }).click();
      await expect(page.getByText('createHmac')).toBeVisible();
      await shot(page, 'dev-04-signature-samples');
    });

    await test.step('read the audit log', async () => {
      await page.goto('/settings/audit-log');
      await expect(page.getByRole('cell', { name: /createWebhookEndpoint/ })).toBeVisible();
      await expect(page.getByRole('cell', { name: /createApiKey/ })).toBeVisible();
      await shot(page, 'dev-05-audit-log');
    });

    await test.step('read the dashboard charts', async () => {
      await page.goto('/dashboard');
      const overview = page.getByTestId('panel-payment-overview');
      await expect(overview).toBeVisible();
      await expect(overview.locator('[data-chart]').first()).toBeVisible();
      await shot(page, 'dev-06-dashboard');
      await page.goto('/team-report');
      await expect(page.getByText('Spend per member')).toBeVisible();
      await shot(page, 'dev-07-team-report');
    });
  } finally {
    await new Promise<void>((r) => rx.close(() => r()));
  }
});
