// npm run approvals:verify: recomputes every approval trail's hash chain (modules/approvals/trail.ts)
// and exits non-zero naming every broken link. Uses DATABASE_URL, else the embedded PostgreSQL
// under DATA_DIR (default ./data from where npm was started): the running one if Owo is up, or
// starts it just for the check.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  createDb,
  createPool,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../platform/db';
import { verifyAllChains } from '../modules/approvals/trail';

function runningEmbeddedUrl(pgDir: string): string | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const port = Number(lines[3]);
  return port ? `postgres://postgres:postgres@127.0.0.1:${port}/owo` : null;
}

async function main(): Promise<number> {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedServer | null = null;
  if (!url) {
    const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
    const pgDir = path.join(dataDir, 'pg');
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      console.error(`approvals:verify: no database in ${pgDir} and no DATABASE_URL; nothing to check`);
      return 2;
    }
    url = runningEmbeddedUrl(pgDir) ?? undefined;
    if (!url) {
      embedded = await startEmbeddedPostgres(pgDir);
      await ensureDatabase(embedded.url('postgres'), 'owo');
      url = embedded.url('owo');
    }
  }
  const pool = createPool(url, 4);
  try {
    const db = createDb(pool);
    const present = await db.execute(sql`select to_regclass('public.approval_decisions') is not null as ok`);
    if (!(present.rows[0] as { ok: boolean }).ok) {
      console.error(
        'approvals:verify: this database has no approval trail yet (start Owo once so it migrates)',
      );
      return 2;
    }
    const r = await verifyAllChains(db);
    if (r.broken.length) {
      console.error(
        `approvals:verify: ${r.broken.length} broken link(s) in ${r.items} items / ${r.decisions} decisions:`,
      );
      for (const b of r.broken) console.error(`  - item ${b.itemId} decision #${b.seq}: ${b.reason}`);
      return 1;
    }
    console.log(`approvals:verify: OK (${r.items} items, ${r.decisions} decisions; every chain intact)`);
    return 0;
  } finally {
    await pool.end();
    if (embedded) await embedded.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('approvals:verify failed to run:', err instanceof Error ? err.message : err);
    process.exit(3);
  },
);
