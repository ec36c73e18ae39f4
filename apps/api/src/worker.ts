import { ConfigError, loadConfig } from './platform/config';
import { bootstrap } from './bootstrap';

// Scaled mode: a worker process runs jobs only (no HTTP listener). Needs DATABASE_URL.
async function main() {
  const config = loadConfig(process.env, { RUN_WORKER: 'true', SEED_DEMO: 'false' });
  if (!config.DATABASE_URL)
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: the worker needs a shared database');
  const running = await bootstrap(config);
  console.log('Owo worker running');
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(err instanceof ConfigError ? 78 : 1);
});
