// A real API process for the crash test (crash.test.ts): boots the app the way `npm start` does
// (bootstrap: migrations, modules, workers) on DATABASE_URL, listens on PORT, prints READY.
import { loadConfig } from '../../platform/config';
import { bootstrap } from '../../bootstrap';
import { DISPATCH_TIMING } from './dispatcher';

async function main() {
  const config = loadConfig(process.env, {
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RUN_WORKER: 'true',
    RATE_LIMIT_ENABLED: 'false',
  });
  DISPATCH_TIMING.pendingAfterSeconds = 1;
  DISPATCH_TIMING.staleProcessingSeconds = 10;
  const running = await bootstrap(config);
  await running.app.listen({ port: config.PORT, host: '127.0.0.1' });
  console.log('READY');
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
