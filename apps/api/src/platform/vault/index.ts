import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

// The vault: authenticated encryption (AES-256-GCM) of every sensitive value stored at rest, with
// versioned keys. A stored value reads `vault:<key id>:<iv>:<tag>:<ciphertext>` (base64url); the
// field's name is bound in as associated data, so a value cannot be moved to another field. Keys
// come from VAULT_KEYS (`<id>:<base64 32 bytes>,…`, newest last; required in production) or,
// outside production, from `<DATA_DIR>/vault-keys` (generated once, mode 0600). Where equality is
// needed (duplicate BVNs, lookups) a keyed hash (HMAC-SHA256 under a key derived from the newest
// key) is stored beside the ciphertext. The fields are listed in ./fields.ts.

export const VAULT_PREFIX = 'vault:';
export type VaultKey = { id: string; key: Buffer };

export class VaultError extends Error {}

const KEY_ID = /^[a-z0-9]{1,16}$/;

/** Parses `<id>:<base64 key>,…`; throws a message naming VAULT_KEYS when malformed. */
export function parseVaultKeys(text: string, source = 'VAULT_KEYS'): VaultKey[] {
  const keys: VaultKey[] = [];
  for (const part of text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const i = part.indexOf(':');
    const id = i > 0 ? part.slice(0, i) : '';
    const key = Buffer.from(i > 0 ? part.slice(i + 1) : '', 'base64');
    if (!KEY_ID.test(id) || key.length !== 32)
      throw new VaultError(
        `${source}: each key must read <id>:<base64 of 32 random bytes> (id: 1-16 of a-z, 0-9), comma-separated, newest last; generate one with: node -e "console.log('k1:'+require('crypto').randomBytes(32).toString('base64'))"`,
      );
    if (keys.some((k) => k.id === id)) throw new VaultError(`${source}: key id '${id}' appears twice`);
    keys.push({ id, key });
  }
  if (!keys.length) throw new VaultError(`${source}: no key given`);
  return keys;
}

export const formatVaultKeys = (keys: VaultKey[]) =>
  keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join(',');

export function newKeyId(keys: VaultKey[]): string {
  const n = Math.max(0, ...keys.map((k) => Number(/^k(\d+)$/.exec(k.id)?.[1] ?? 0)));
  return `k${n + 1}`;
}

/** Derived keys are memoised per key and purpose (HKDF per call cost ~50 µs on bulk paths such as payroll). */
const subKeys = new WeakMap<Buffer, Map<string, Buffer>>();
const subKey = (key: Buffer, purpose: string) => {
  let byPurpose = subKeys.get(key);
  if (!byPurpose) subKeys.set(key, (byPurpose = new Map<string, Buffer>()));
  let k = byPurpose.get(purpose);
  if (!k)
    byPurpose.set(
      purpose,
      (k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `owo:vault:${purpose}`, 32))),
    );
  return k;
};

export const keyIdOf = (stored: string) =>
  stored.startsWith(VAULT_PREFIX) ? stored.slice(VAULT_PREFIX.length).split(':')[0] : null;

export type Vault = {
  /** Encrypts `plain` for `field` under the newest key. */
  encrypt(field: string, plain: string): string;
  decrypt(field: string, stored: string): string;
  /** HMAC of a value of `kind` (e.g. 'bvn') under the newest key: store it beside the ciphertext. */
  hmac(kind: string, plain: string): string;
  /** The HMACs of `plain` under every key: match a stored HMAC made before a rotation. */
  hmacs(kind: string, plain: string): string[];
  currentKeyId(): string;
  keyIds(): string[];
  /** Replaces the key ring (a rotation in tests; the dev key file is re-read by itself). */
  setKeys(keys: VaultKey[]): void;
  /** Where the keys come from, for messages. */
  source: string;
};

export function createVault(load: () => VaultKey[], source: string, watchFile?: string): Vault {
  let keys = load();
  let mtime = watchFile ? fs.statSync(watchFile).mtimeMs : 0;
  const refresh = () => {
    if (!watchFile) return;
    const m = fs.statSync(watchFile).mtimeMs;
    if (m !== mtime) {
      keys = load();
      mtime = m;
    }
  };
  const current = () => {
    refresh();
    return keys[keys.length - 1];
  };
  const find = (id: string) => {
    let k = keys.find((x) => x.id === id);
    if (!k) {
      refresh();
      k = keys.find((x) => x.id === id);
    }
    if (!k) throw new VaultError(`${source} has no key '${id}', which a stored value was encrypted with`);
    return k;
  };
  return {
    source,
    encrypt(field, plain) {
      const k = current();
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', subKey(k.key, 'enc'), iv);
      c.setAAD(Buffer.from(field));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return `${VAULT_PREFIX}${k.id}:${iv.toString('base64url')}:${c.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
    },
    decrypt(field, stored) {
      const [prefix, id, iv, tag, body] = stored.split(':');
      if (`${prefix}:` !== VAULT_PREFIX || !id || !iv || !tag || body === undefined)
        throw new VaultError(`${field}: not a vault value`);
      const k = find(id);
      try {
        const d = createDecipheriv('aes-256-gcm', subKey(k.key, 'enc'), Buffer.from(iv, 'base64url'));
        d.setAAD(Buffer.from(field));
        d.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
      } catch {
        throw new VaultError(
          `${source}: key '${id}' does not decrypt a stored ${field} (wrong key for this database?)`,
        );
      }
    },
    hmac(kind, plain) {
      return createHmac('sha256', subKey(current().key, `hmac:${kind}`))
        .update(plain)
        .digest('base64url');
    },
    hmacs(kind, plain) {
      refresh();
      return keys.map((k) =>
        createHmac('sha256', subKey(k.key, `hmac:${kind}`))
          .update(plain)
          .digest('base64url'),
      );
    },
    currentKeyId: () => current().id,
    keyIds: () => (refresh(), keys.map((k) => k.id)),
    setKeys(next) {
      keys = next;
    },
  };
}

/** The dev key file of a DATA_DIR; made with one fresh key the first time. */
export function devKeyFile(dataDir: string): string {
  const file = path.join(dataDir, 'vault-keys');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${formatVaultKeys([{ id: 'k1', key: randomBytes(32) }])}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file); // first writer wins; never overwrite an existing key file
    } catch {
      /* another process made it */
    }
    fs.rmSync(tmp, { force: true });
  }
  return file;
}

/** Appends a new key to the dev key file (keys:rotate outside production); answers its id. */
export function addDevKey(dataDir: string): string {
  const file = devKeyFile(dataDir);
  const keys = parseVaultKeys(fs.readFileSync(file, 'utf8'), file);
  const id = newKeyId(keys);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${formatVaultKeys([...keys, { id, key: randomBytes(32) }])}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return id;
}

const vaults = new WeakMap<Config, Vault>();

/** The vault of this configuration: VAULT_KEYS, else the DATA_DIR's key file (not in production). */
export function vaultFor(config: Config): Vault {
  let v = vaults.get(config);
  if (!v) {
    if (config.VAULT_KEYS) {
      const keys = parseVaultKeys(config.VAULT_KEYS);
      v = createVault(() => keys, 'VAULT_KEYS');
    } else {
      if (config.isProduction) throw new VaultError('VAULT_KEYS: required in production');
      const file = devKeyFile(config.dataDir);
      v = createVault(() => parseVaultKeys(fs.readFileSync(file, 'utf8'), file), file, file);
    }
    vaults.set(config, v);
  }
  return v;
}

/** Shows a BVN (or any identity number) as its last 4 digits: `*******5678`. */
export const maskLast4 = (last4: string | null | undefined, length = 11) =>
  `${'*'.repeat(Math.max(0, length - 4))}${(last4 ?? '').slice(-4).padStart(4, '*')}`;
