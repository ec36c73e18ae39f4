// DATA_DIR=<empty folder> npm run db:restore -- <file> [--vault-keys <file>]: restores a db:backup
// file into an empty DATA_DIR. The file is checked whole first; a bad file or a folder that is not
// empty changes nothing. The vault keys are not in backups: pass the old DATA_DIR's vault-keys file
// with --vault-keys (development), or start with the same VAULT_KEYS (production).
import fs from 'node:fs';
import path from 'node:path';
import { BackupError, restoreEmbedded } from '../platform/backup';
import { productDataDir } from './product-db';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const k = args.indexOf('--vault-keys');
  const keysFile = k >= 0 ? args.splice(k, 2)[1] : null;
  const arg = args[0];
  const cwd = process.env.INIT_CWD ?? process.cwd();
  if (!arg) {
    console.error('usage: DATA_DIR=<empty folder> npm run db:restore -- <file> [--vault-keys <file>]');
    return 2;
  }
  if (process.env.DATABASE_URL) {
    console.error(
      "db:restore: restores the embedded database only; for DATABASE_URL use pg_restore or the managed database's restore",
    );
    return 2;
  }
  const dataDir = productDataDir();
  const r = await restoreEmbedded(path.resolve(cwd, arg), dataDir);
  if (keysFile) fs.copyFileSync(path.resolve(cwd, keysFile), path.join(dataDir, 'vault-keys'));
  if (keysFile) fs.chmodSync(path.join(dataDir, 'vault-keys'), 0o600);
  console.log(
    `db:restore: restored into ${r.pgDir} in ${r.seconds.toFixed(1)} s; start it with DATA_DIR=${dataDir} npm start`,
  );
  if (!keysFile && !process.env.VAULT_KEYS)
    console.log(
      'db:restore: no vault keys given: copy the old DATA_DIR/vault-keys here or set VAULT_KEYS before starting',
    );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(
      `db:restore: ${err instanceof BackupError ? err.message : `failed: ${err instanceof Error ? err.message : err}`}`,
    );
    process.exit(1);
  },
);
