// npm run keys:rotate: re-encrypts every vault field (platform/vault/fields.ts) to the newest key
// while the app keeps serving traffic. Batches of rows in short transactions (rows a request holds
// are taken on a later pass); resumable: run it again after an interruption and it continues.
//   - Keys in VAULT_KEYS (production): add the new key at the end of VAULT_KEYS, deploy it to every
//     process, then run this. Old keys can be removed once it reports done.
//   - Keys in DATA_DIR/vault-keys (development): this adds a new key to the file first (the running
//     app picks it up by itself), unless an earlier run was interrupted, which it resumes.
import { loadConfig } from '../platform/config';
import { createDb, createPool } from '../platform/db';
import { addDevKey, VAULT_PREFIX, vaultFor } from '../platform/vault';
import { VAULT_FIELDS } from '../platform/vault/fields';
import { checkVaultKeys, resealVault } from '../platform/vault/ops';
import { sql } from 'drizzle-orm';
import { openProductDb, productDataDir } from './product-db';

async function main(): Promise<number> {
  const opened = await openProductDb('keys:rotate');
  if (!opened) return 2;
  const config = loadConfig({ ...process.env, DATA_DIR: productDataDir(), DATABASE_URL: opened.url });
  const pool = createPool(opened.url, 4);
  try {
    const db = createDb(pool);
    const vault = vaultFor(config);
    await checkVaultKeys(db, vault);
    if (!config.VAULT_KEYS) {
      let behind = 0;
      for (const f of VAULT_FIELDS) {
        const r = await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(f.table)} where ${sql.identifier(f.column)} is not null and ${sql.identifier(f.column)} not like ${`${VAULT_PREFIX}${vault.currentKeyId()}:%`}`,
        );
        behind += (r.rows[0] as { n: number }).n;
      }
      if (behind)
        console.log(
          `keys:rotate: resuming: ${behind} value(s) are not yet under key ${vault.currentKeyId()}`,
        );
      else console.log(`keys:rotate: new key ${addDevKey(config.dataDir)} added to ${vault.source}`);
    }
    const target = vault.currentKeyId();
    const t0 = Date.now();
    let last = 0;
    const { resealed } = await resealVault(db, vault, config, {
      mode: 'rotate',
      onProgress: (p) => {
        if (Date.now() - last < 500 && p.done < p.total) return;
        last = Date.now();
        console.log(`keys:rotate: ${p.field}: ${p.done}/${p.total} under key ${target}`);
      },
    });
    console.log(
      `keys:rotate: done: ${resealed} value(s) re-encrypted to key ${target} in ${((Date.now() - t0) / 1000).toFixed(1)} s; every vault value is under ${target}`,
    );
    return 0;
  } finally {
    await pool.end();
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('keys:rotate failed:', err instanceof Error ? err.message : err);
    process.exit(3);
  },
);
