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
});
