#!/usr/bin/env node
// After `vite build`: writes .br and .gz next to every JS, CSS, SVG and HTML file in dist/ so the
// API serves compressed assets (@fastify/static `preCompressed`) without compressing per request.
// Skipped: the files the API fills in with APP_URL and compresses itself (prerendered pages,
// index.html, robots.txt, sitemap.xml; see apps/api/src/platform/web-static.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const SKIP = new Set(['prerendered', 'index.html', 'robots.txt', 'sitemap.xml']);
let files = 0;
let raw = 0;
let br = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (SKIP.has(path.relative(dist, p))) continue;
    if (entry.isDirectory()) walk(p);
    else if (/\.(js|css|svg|html|json|txt)$/.test(entry.name)) {
      const body = fs.readFileSync(p);
      const b = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      fs.writeFileSync(`${p}.br`, b);
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(body, { level: 9 }));
      files++;
      raw += body.length;
      br += b.length;
    }
  }
}
walk(dist);
console.log(
  `precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
);
