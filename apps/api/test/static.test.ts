import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// The SPA as the API serves it: precompressed assets when the browser accepts them, and index.html
// for client-side routes, never for /api paths.
let t: TestApp;
let dist: string;
const js = 'console.log("owo");'.repeat(200);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets/app.js'), js);
  fs.writeFileSync(path.join(dist, 'assets/app.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  fs.mkdirSync(path.join(dist, 'prerendered/auth'), { recursive: true });
  const page = (name: string) =>
    `<!doctype html><link rel="canonical" href="%OWO_ORIGIN%/${name}" /><div id="root"><h1>${name}</h1></div>`;
  fs.writeFileSync(path.join(dist, 'prerendered/index.html'), page('home'));
  fs.writeFileSync(path.join(dist, 'prerendered/pricing.html'), page('pricing'));
  fs.writeFileSync(path.join(dist, 'prerendered/auth/login.html'), page('auth/login'));
  fs.writeFileSync(
    path.join(dist, 'robots.txt'),
    'User-agent: *\nAllow: /\nSitemap: %OWO_ORIGIN%/sitemap.xml\n',
  );
  fs.writeFileSync(
    path.join(dist, 'sitemap.xml'),
    '<urlset><url><loc>%OWO_ORIGIN%/pricing</loc></url></urlset>',
  );
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves the brotli file to clients that accept it, and the plain one otherwise', async () => {
    const br = await fetch(`${t.baseUrl}/assets/app.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(js); // fetch decodes it
    const plain = await fetch(`${t.baseUrl}/assets/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
  });

  it('answers client routes with index.html and unknown API paths with the 404 envelope', async () => {
    const page = await fetch(`${t.baseUrl}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${t.baseUrl}/api/nope`);
    expect(api.status).toBe(404);
    expect((await api.json()).status).toBe('not-found');
  });

  it('caches hashed assets for a year (immutable) and other files for an hour', async () => {
    const asset = await fetch(`${t.baseUrl}/assets/app.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${t.baseUrl}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a prerendered page on its path (with or without a trailing slash), with APP_URL filled in', async () => {
    for (const [url, name] of [
      ['/', 'home'],
      ['/pricing', 'pricing'],
      ['/pricing/?ref=x', 'pricing'],
      ['/auth/login', 'auth/login'],
    ]) {
      const res = await fetch(`${t.baseUrl}${url}`, { headers: { 'accept-encoding': 'br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain(`<h1>${name}</h1>`);
      expect(html).toContain(`href="${t.config.appUrl.replace(/\/$/, '')}/${name}"`);
    }
    // The files themselves are not served under their build paths.
    const direct = await fetch(`${t.baseUrl}/prerendered/pricing.html`);
    expect(await direct.text()).not.toContain('<h1>pricing</h1>');
  });

  it('serves robots.txt and sitemap.xml as files, with absolute URLs', async () => {
    const robots = await fetch(`${t.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const origin = t.config.appUrl.replace(/\/$/, '');
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await fetch(`${t.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    expect(await sitemap.text()).toContain(`<loc>${origin}/pricing</loc>`);
  });
});
