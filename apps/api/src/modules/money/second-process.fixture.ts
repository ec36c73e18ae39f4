// Test fixture (not product code): a second API process on the same database, for the
// cross-process concurrency and idempotency tests. Prints `LISTENING <url>` once ready.
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { createDb, createPool } from '../../platform/db';
import { emptySeams } from '../../platform/deps';

const config = loadConfig(process.env, {
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
  SEED_DEMO: 'false',
  RUN_WORKER: 'false',
});
const pool = createPool(config.DATABASE_URL!, 20);
const app = await buildApp({ config, db: createDb(pool), pool, seams: emptySeams() }, { logger: false });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${url}\n`);
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
