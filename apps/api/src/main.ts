import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './platform/config';
import { bootstrap } from './bootstrap';
import { VaultError } from './platform/vault';

// Process entry: config -> database -> app -> listen (+ worker in embedded mode).
async function main() {
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist =
    [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')].find((d) =>
      fs.existsSync(path.join(d, 'index.html')),
    ) ?? null;
  const running = await bootstrap(config, { webDist });
  const address = await running.app.listen({ port: config.PORT, host: config.HOST });
  running.printBanner(address);
  const shutdown = async (signal: string) => {
    running.app.log.info({ signal }, 'shutting down');
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof VaultError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
