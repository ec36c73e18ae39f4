import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { createDb, createPool } from '../platform/db';
import { emptySeams, type AppDeps } from '../platform/deps';

/**
 * Writes the OpenAPI document the API serves at /api/docs/json to docs/openapi.json (or the path
 * given). Building the app registers routes only; the pool is never used, so no database is needed.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'openapi-generation-secret-not-used-anywhere',
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      DATA_DIR: '/tmp/owo-openapi',
    },
  );
  const pool = createPool('postgres://unused:unused@127.0.0.1:1/unused', 1);
  const deps: AppDeps = { config, db: createDb(pool), pool, seams: emptySeams() };
  const app = await buildApp(deps, { logger: false });
  const doc = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  await pool.end();
  return JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
}

export const openApiText = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

if (process.argv[1] && /openapi\.ts$/.test(process.argv[1])) {
  const out = path.resolve(
    process.argv[2] ?? path.join(import.meta.dirname, '../../../../docs/openapi.json'),
  );
  const doc = await buildOpenApiDocument();
  fs.writeFileSync(out, openApiText(doc));
  console.log(
    `wrote ${path.relative(process.cwd(), out)} (${Object.keys(doc.paths as object).length} paths)`,
  );
}
