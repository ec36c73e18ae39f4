// Serves the web build (apps/web/dist) from the API: hashed assets with long-lived immutable
// caching, the prerendered public and sign-in pages per path (dist/prerendered/<path>.html), the
// generated robots.txt and sitemap.xml, and the SPA's index.html for every other page.
// The build writes .br/.gz beside each file (@fastify/static `preCompressed`). The prerendered
// HTML, robots.txt and sitemap.xml carry the placeholder %OWO_ORIGIN% for absolute URLs
// (canonical link, og:url, sitemap): it is replaced with APP_URL here, once per file version, and
// the result compressed once and kept in memory.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS } from '@owo/contract';

const ORIGIN_PLACEHOLDER = /%OWO_ORIGIN%/g;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Variant = { raw: Buffer; br: Buffer; gzip: Buffer };

/** Reads a text file, fills in the origin and compresses it; cached until the file changes. */
function fileCache(appUrl: () => string) {
  const cache = new Map<string, { mtimeMs: number; origin: string; v: Variant }>();
  return (file: string): Variant | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const origin = appUrl().replace(/\/+$/, '');
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs && hit.origin === origin) return hit.v;
    const raw = Buffer.from(fs.readFileSync(file, 'utf8').replace(ORIGIN_PLACEHOLDER, origin));
    const v = {
      raw,
      br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(raw, { level: 9 }),
    };
    cache.set(file, { mtimeMs, origin, v });
    return v;
  };
}

function sendText(req: FastifyRequest, reply: FastifyReply, v: Variant, type: string, cacheControl: string) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  reply.type(type).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(v.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(v.gzip);
  return reply.send(v.raw);
}

/** The prerendered file for a page path, or null (only plain lower-case path segments qualify). */
export function prerenderedFile(webDist: string, urlPath: string): string | null {
  const p = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  if (!/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/.test(p)) return null;
  return path.join(webDist, 'prerendered', p === '/' ? 'index.html' : `${p.slice(1)}.html`);
}

const GENERATED = new Set(['/robots.txt', '/sitemap.xml']);

export async function registerWebStatic(
  app: FastifyInstance,
  opts: { webDist: string; appUrl: () => string },
) {
  const { webDist } = opts;
  const read = fileCache(opts.appUrl);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The prerendered pages answer on their own paths; robots.txt and sitemap.xml get the origin.
    allowedPath: (p) => !p.startsWith('/prerendered/') && !GENERATED.has(p) && p !== '/index.html',
    setHeaders: (reply, file) => {
      const rel = path.relative(webDist, file).split(path.sep).join('/');
      // Vite's hashed file names: cache for a year, never revalidate.
      reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600');
    },
  });
  // Re-read index.html when the build changes it (a rebuilt SPA must not get a stale shell).
  const indexPath = path.join(webDist, 'index.html');
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/webhooks/') || req.method !== 'GET') {
      return reply.code(404).send({ status: STATUS.notFound, message: 'Route not found', data: null });
    }
    const file = req.url.split('?')[0]!;
    if (GENERATED.has(file)) {
      const v = read(path.join(webDist, file));
      if (v)
        return sendText(
          req,
          reply,
          v,
          file.endsWith('.xml') ? 'application/xml' : 'text/plain',
          'public, max-age=3600',
        );
    }
    if (
      /\.[a-z0-9]+$/i.test(file) &&
      !file.startsWith('/prerendered/') &&
      fs.existsSync(path.join(webDist, file))
    )
      return reply.sendFile(file);
    const prerendered = prerenderedFile(webDist, file);
    const page = (prerendered && read(prerendered)) || read(indexPath)!;
    return sendText(req, reply, page, 'text/html; charset=utf-8', 'no-cache');
  });
}
