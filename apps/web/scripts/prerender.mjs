#!/usr/bin/env node
// After the client build (`vite build`) and the server build of src/entry-server.tsx
// (`vite build --ssr`, into dist-ssr/): writes the public site and the sign-in pages as static
// HTML (dist/prerendered/<path>.html, content and head tags in the HTML, hydrated by main.tsx),
// and robots.txt and sitemap.xml. Absolute URLs carry the placeholder %OWO_ORIGIN%, which the API
// replaces with APP_URL when it serves these files (apps/api/src/platform/web-static.ts).
// CSS: the rules a page's HTML uses are inlined in its head (Beasties); the full stylesheet is
// fetched without blocking the first paint (media="print", switched on by main.tsx; no inline
// handler, the CSP forbids them).
// Fails the build when the static render and the browser's first render of a page differ (that
// would be a hydration mismatch).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ORIGIN = '%OWO_ORIGIN%';

const entry = await import(pathToFileURL(path.join(web, 'dist-ssr/entry-server.js')).href);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  preload: 'media',
  inlineFonts: false,
  pruneSource: false,
  // Mantine's own <style> tags sit inside #root: React hydrates them, they must stay as rendered.
  reduceInlineStyles: false,
  compress: true,
  logLevel: 'warn',
});
const out = path.join(dist, 'prerendered');
fs.rmSync(out, { recursive: true, force: true });
let bytes = 0;
for (const { path: page } of entry.PRERENDER_PAGES) {
  const r = await entry.render(page);
  if (r.status !== 200) throw new Error(`prerender ${page}: status ${r.status}`);
  if (r.html !== r.clientHtml) {
    let i = 0;
    while (r.html[i] === r.clientHtml[i]) i++;
    throw new Error(
      `prerender ${page}: the static render differs from the browser's first render at ${i}:\n` +
        `  static: ${r.html.slice(Math.max(0, i - 80), i + 80)}\n  client: ${r.clientHtml.slice(Math.max(0, i - 80), i + 80)}`,
    );
  }
  if (!r.meta) throw new Error(`prerender ${page}: the page sets no title/description (usePageMeta)`);
  const full = template
    .replace(
      /<title>[^<]*<\/title>\s*(<meta\s+name="description"[^>]*>)?/,
      entry.pageMetaHtml(r.meta, ORIGIN),
    )
    .replace('<div id="root"></div>', `<div id="root">${r.html}</div>`);
  const html = (await beasties.process(full)).replace(/ onload="[^"]*"/g, ' data-owo-deferred');
  if ((html.match(/<meta name="description"/g) ?? []).length !== 1)
    throw new Error(`prerender ${page}: expected one meta description`);
  if (!/<link rel="stylesheet"[^>]*media="print"[^>]*data-owo-deferred/.test(html))
    throw new Error(`prerender ${page}: the stylesheet was not deferred`);
  const file = path.join(out, page === '/' ? 'index.html' : `${page.slice(1)}.html`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  bytes += html.length;
}

const indexable = entry.PRERENDER_PAGES.filter((p) => p.sitemap);
fs.writeFileSync(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexable
    .map((p) => `  <url><loc>${ORIGIN}${p.path}</loc></url>`)
    .join('\n')}\n</urlset>\n`,
);
fs.writeFileSync(
  path.join(dist, 'robots.txt'),
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /webhooks/',
    '',
    `Sitemap: ${ORIGIN}/sitemap.xml`,
    '',
  ].join('\n'),
);
console.log(
  `prerendered ${entry.PRERENDER_PAGES.length} pages (${(bytes / 1024).toFixed(0)} KB HTML), robots.txt, sitemap.xml`,
);
