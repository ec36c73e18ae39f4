import fs from 'node:fs';
import path from 'node:path';
import {
  ensureDatabase,
  resolvePgDir,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../platform/db';

/** DATA_DIR as the user meant it: relative to where `npm run` was started. */
export const productDataDir = () =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');

/**
 * The product's database for a command-line tool: DATABASE_URL, else the embedded PostgreSQL under
 * DATA_DIR (the running one if Owo is up, or started just for the tool). Reads the cluster's
 * generated password the same way the app does.
 */
export async function openProductDb(tool: string): Promise<{
  url: string;
  dataDir: string;
  embedded: EmbeddedServer | null;
  close: () => Promise<void>;
} | null> {
  const dataDir = productDataDir();
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, dataDir, embedded: null, close: async () => {} };
  const pgDir = path.join(dataDir, 'pg');
  if (!fs.existsSync(path.join(resolvePgDir(pgDir), 'PG_VERSION'))) {
    console.error(`${tool}: no database in ${pgDir} and no DATABASE_URL; nothing to do`);
    return null;
  }
  const running = runningEmbeddedUrl(pgDir, 'owo');
  if (running) return { url: running, dataDir, embedded: null, close: async () => {} };
  const embedded = await startEmbeddedPostgres(pgDir);
  await ensureDatabase(embedded.url('postgres'), 'owo');
  return { url: embedded.url('owo'), dataDir, embedded, close: () => embedded.stop() };
}
