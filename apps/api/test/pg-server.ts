// One PostgreSQL for a test run or a simulator run (embedded in a temp dir, or the server in
// DATABASE_URL) and a migrated template database that each test file or run clones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../src/platform/db';
import { syncBuiltInRoles } from '../src/modules/teams/roles-sync';

export type TestPostgres = {
  adminUrl: string;
  template: string;
  /** A fresh database cloned from the template; answers its URL. */
  fresh(prefix?: string): Promise<string>;
  stop(): Promise<void>;
};

export async function startTestPostgres(): Promise<TestPostgres> {
  let adminUrl: string;
  let embedded: EmbeddedServer | null = null;
  let tmpDir: string | null = null;
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-test-pg-'));
    fs.chmodSync(tmpDir, 0o755); // the unprivileged postgres user must reach its data dir
    embedded = await startEmbeddedPostgres(path.join(tmpDir, 'pg'), { persistent: false, durable: false });
    adminUrl = embedded.url('postgres');
  }
  const template = `owo_tpl_${process.pid}_${Date.now()}`;
  await ensureDatabase(adminUrl, template);
  const urlOf = (name: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const pool = createPool(urlOf(template), 2);
  const db = createDb(pool);
  await runMigrations(db);
  await syncBuiltInRoles(db);
  await pool.end();
  return {
    adminUrl,
    template,
    async fresh(prefix = 't') {
      const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      await ensureDatabase(adminUrl, name, template);
      return urlOf(name);
    },
    async stop() {
      if (embedded) await embedded.stop();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}
