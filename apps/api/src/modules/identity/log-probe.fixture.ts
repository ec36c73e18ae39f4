import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { createDb, createPool } from '../../platform/db';
import { emptySeams } from '../../platform/deps';

// Test fixture (logs.test.ts): the app with its real production logger, writing to stdout,
// so the test can read every log line the process writes.
const config = loadConfig(process.env, {
  LOG_LEVEL: 'info',
  RATE_LIMIT_ENABLED: 'false',
  SEED_DEMO: 'false',
  RUN_WORKER: 'false',
});
const pool = createPool(config.DATABASE_URL!, 5);
const app = await buildApp({ config, db: createDb(pool), pool, seams: emptySeams() });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
config.appUrl = address;
process.stderr.write(`LISTENING ${address}\n`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
