import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Secrets generated once per DATA_DIR (like the embedded PostgreSQL's `pg-password`): the sandbox
// rails' and the sandbox card issuer's webhook secrets when none is configured. Never a constant: a
// secret known from the source code would let anyone sign a deposit. Tests and tools that sign
// webhooks read the file the same way (`dataDirSecret`, or the app's config).

/** Where the generated secret `name` of a data directory is kept. */
export function dataSecretFile(dataDir: string, name: string): string {
  return path.join(path.resolve(dataDir), name);
}

/**
 * The secret `name` of the data directory: read from `<DATA_DIR>/<name>` (mode 0600), or generated
 * there (256 random bits, hex) on first use. Two processes starting at once agree: the file is
 * created exclusively, the loser reads the winner's.
 */
export function dataDirSecret(dataDir: string, name: string): string {
  const f = dataSecretFile(dataDir, name);
  const read = () => {
    try {
      return fs.readFileSync(f, 'utf8').trim() || null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  fs.mkdirSync(path.dirname(f), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    fs.writeFileSync(f, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    for (let i = 0; i < 50; i++) {
      const v = read();
      if (v) return v;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); // the winner is mid-write
    }
    throw new Error(`${f} exists but is empty`);
  }
}
