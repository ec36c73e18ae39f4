import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../src/platform/db';
import { syncBuiltInRoles } from '../src/modules/teams/roles-sync';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

// One PostgreSQL for the run (embedded in a temp dir, or the server in DATABASE_URL);
// a migrated template database that each test file clones into its own fresh database.
let embedded: EmbeddedServer | null = null;
let tmpDir: string | null = null;

export async function setup(project: TestProject) {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-test-pg-'));
    fs.chmodSync(tmpDir, 0o755); // the unprivileged postgres user must reach its data dir
    embedded = await startEmbeddedPostgres(path.join(tmpDir, 'pg'), { persistent: false });
    adminUrl = embedded.url('postgres');
  }
  const template = `owo_tpl_${process.pid}_${Date.now()}`;
  await ensureDatabase(adminUrl, template);
  const u = new URL(adminUrl);
  u.pathname = `/${template}`;
  const pool = createPool(u.toString(), 2);
  const db = createDb(pool);
  await runMigrations(db);
  await syncBuiltInRoles(db);
  await pool.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
}

export async function teardown() {
  if (embedded) await embedded.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}
