import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { buildApp, type App } from './app';
import type { Config } from './platform/config';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from './platform/db';
import { emptySeams, type AppDeps } from './platform/deps';
import { vaultFor } from './platform/vault';
import { checkVaultKeys, resealVault } from './platform/vault/ops';
import { seedDemo, DEMO_LOGINS } from './scripts/seed-demo';

export type Running = {
  app: App;
  pool: pg.Pool;
  close: () => Promise<void>;
  printBanner: (address: string) => void;
};

/** Persisted per data directory so sessions' CSRF tokens survive restarts outside production. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const s = randomBytes(32).toString('hex');
  fs.writeFileSync(file, s, { mode: 0o600 });
  return s;
}

export async function bootstrap(config: Config, opts: { webDist?: string | null } = {}): Promise<Running> {
  let embedded: EmbeddedServer | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
    await ensureDatabase(embedded.url('postgres'), 'owo');
    url = embedded.url('owo');
  }
  if (!config.SESSION_SECRET) config.sessionSecret = localSecret(config.dataDir);
  const pool = createPool(url, 20);
  const db = createDb(pool);
  await runMigrations(db);
  try {
    // A missing or wrong vault key stops here, before anything is written.
    const vault = vaultFor(config);
    await checkVaultKeys(db, vault);
    // Values stored before the vault (plain BVNs, the old TOTP format) are sealed now.
    await resealVault(db, vault, config, { mode: 'legacy' });
  } catch (e) {
    await pool.end();
    if (embedded) await embedded.stop();
    throw e;
  }
  const deps: AppDeps = { config, db, pool, seams: emptySeams() };
  const app = await buildApp(deps, { webDist: opts.webDist });
  for (const boot of deps.seams.hooks('boot')) await boot(deps);
  const seeded = config.SEED_DEMO ? await seedDemo(deps) : false;
  const stops = config.RUN_WORKER
    ? await Promise.all(deps.seams.hooks('workers').map((start) => start(deps)))
    : [];
  const stopWorkers = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  return {
    app,
    pool,
    printBanner(address) {
      void address;
      const shown = config.appUrl;
      console.log(`\nOwo is running at ${shown}`);
      console.log(
        `Database: ${embedded ? `embedded PostgreSQL 18 in ${embedded.dataDir}${embedded.relocated ? ` (linked from ${path.join(config.dataDir, 'pg')}; running as root in a folder the postgres user cannot enter)` : ''}` : 'DATABASE_URL'}${seeded ? ' (demo data seeded)' : ''}`,
      );
      if (config.SEED_DEMO) {
        console.log('Demo logins:');
        for (const l of DEMO_LOGINS) console.log(`  ${l.email} / ${l.password}  (${l.role})`);
      }
      console.log(`API docs: ${shown}/api/docs\n`);
    },
    async close() {
      await stopWorkers();
      await app.close();
      await pool.end();
      if (embedded) await embedded.stop();
    },
  };
}
