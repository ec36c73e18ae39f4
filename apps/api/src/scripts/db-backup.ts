// npm run db:backup -- <file>: a consistent backup of the database in DATA_DIR to one file while
// the app keeps serving traffic (PostgreSQL's base-backup API plus the WAL of the window; see
// docs/decisions/004-online-backup.md). Vault fields are in it as ciphertext only; the vault keys
// are not in it. With DATABASE_URL: pg_dump of the server's major version when one is on PATH,
// else the managed database's own backups apply.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { backupEmbedded } from '../platform/backup';
import { openProductDb } from './product-db';

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: npm run db:backup -- <file>');
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (process.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const major =
      Number(
        (await c.query<{ server_version_num: string }>('show server_version_num')).rows[0].server_version_num,
      ) / 10000;
    await c.end();
    const v = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
    const dumpMajor = Number(/(\d+)(?:\.\d+)?/.exec(v.stdout ?? '')?.[1] ?? 0);
    if (v.status !== 0 || dumpMajor !== Math.floor(major)) {
      console.error(
        `db:backup: DATABASE_URL points at a PostgreSQL ${Math.floor(major)} server and no pg_dump ${Math.floor(major)} is on PATH${v.status === 0 ? ` (found ${dumpMajor})` : ''}. Use the managed database's own backups (point-in-time recovery), or install pg_dump ${Math.floor(major)}.`,
      );
      return 2;
    }
    const r = spawnSync('pg_dump', ['-Fc', '-f', file, process.env.DATABASE_URL], { stdio: 'inherit' });
    if (r.status !== 0) return 1;
    console.log(`db:backup: pg_dump ${dumpMajor} wrote ${file} (restore with pg_restore)`);
    return 0;
  }
  const opened = await openProductDb('db:backup');
  if (!opened) return 2;
  try {
    const admin = new URL(opened.url);
    admin.pathname = '/postgres';
    const r = await backupEmbedded(path.join(opened.dataDir, 'pg'), admin.toString(), file);
    console.log(
      `db:backup: wrote ${file}: ${(r.bytes / 1e6).toFixed(1)} MB (${(r.rawBytes / 1e6).toFixed(1)} MB of cluster files and WAL, ${r.files} files) in ${r.seconds.toFixed(1)} s`,
    );
    console.log(
      'db:backup: the vault keys are not in the backup; keep VAULT_KEYS (or DATA_DIR/vault-keys) safe separately',
    );
    return 0;
  } finally {
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('db:backup failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
