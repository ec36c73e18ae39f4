import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { client, ownerWithAccount, TEST_VAULT_KEYS, waitFor, type TestApp } from './helpers';
import { startTwoFactorSetup } from '../src/modules/identity/two-factor';
import { settleTransfer } from '../src/modules/money/settle-transfer';
import { startTransfer } from '../src/modules/money/start-transfer';
import { verifyLedger } from '../src/modules/money/verify';
import { fundWallet } from '../src/modules/money/test-utils';
import { syncBuiltInRoles } from '../src/modules/teams/roles-sync';
import { backupEmbedded, restoreEmbedded, verifyBackupFile } from '../src/platform/backup';
import { loadConfig } from '../src/platform/config';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../src/platform/db';
import { emptySeams, type AppDeps } from '../src/platform/deps';
import { accountKyb, accountOwners, users } from '../src/platform/schema';
import { createVault, parseVaultKeys, vaultFor, VaultError } from '../src/platform/vault/index';
import { checkVaultKeys, resealVault, revealVaultValue } from '../src/platform/vault/ops';
import { vaultReads } from '../src/platform/vault/tables';

// Data at rest (issue 18): on a cluster of its own, so its raw files can be searched.

const BVN_COMPANY = '22298765432';
const BVN_OWNERS = ['22276543210', '22265432109'];

let tmp: string;
let server: EmbeddedServer;
let t: TestApp;
let logs = '';

async function appOn(url: string, logStream?: NodeJS.WritableStream): Promise<TestApp> {
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: logStream ? 'trace' : 'silent',
      DATABASE_URL: url,
      SESSION_SECRET: 'test-secret-test-secret-test-secret!!',
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
      DATA_DIR: path.join(tmp, 'app'),
      VAULT_KEYS: TEST_VAULT_KEYS,
    },
  );
  const pool = createPool(url, 20);
  const db = createDb(pool);
  const deps: AppDeps = { config, db, pool, seams: emptySeams() };
  const app = await buildApp(deps, logStream ? { logStream } : { logger: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  config.appUrl = baseUrl;
  return {
    app,
    db,
    config,
    baseUrl,
    dbUrl: url,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-at-rest-'));
  fs.chmodSync(tmp, 0o755);
  server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  await ensureDatabase(server.url('postgres'), 'owo');
  const pool = createPool(server.url('owo'), 2);
  await runMigrations(createDb(pool));
  await syncBuiltInRoles(createDb(pool));
  await pool.end();
  const stream = new PassThrough();
  stream.on('data', (c: Buffer) => (logs += c.toString('utf8')));
  t = await appOn(server.url('owo'), stream);
});
afterAll(async () => {
  await t?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

async function kybWithOwners(api: ReturnType<typeof client>, bvn = BVN_COMPANY, owners = BVN_OWNERS) {
  const info = await api.put('/api/parameter/account/info', {
    legalName: 'Ada Textiles Limited',
    registrationType: 'RC',
    registrationNumber: 'rc 7654321',
    incorporationDate: '2018-05-01',
    industry: 'Manufacturing',
  });
  expect(info.status).toBe(200);
  const b = await api.put('/api/parameter/account/bvn', { bvn });
  await api.put('/api/parameter/account/contact', {
    email: 'hello@adatextiles.ng',
    phone: '0803 123 4567',
    address: '4 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
  });
  const o = await api.put('/api/parameter/account/ownership', {
    owners: owners.map((x, i) => ({
      name: `Owner ${i}`,
      bvn: x,
      share: i === 0 ? 60 : 40,
      isDirector: i === 0,
    })),
  });
  return { b, o };
}

describe('vault fields at rest', () => {
  let totpSecret = '';

  it('stores BVNs and TOTP secrets only as ciphertext and answers BVNs as their last 4 digits', async () => {
    const o = await ownerWithAccount(t);
    const { b, o: own } = await kybWithOwners(o.api);
    expect(b.status).toBe(200);
    expect(b.body.data.bvn).toEqual({ bvn: '*******5432' });
    expect(own.status).toBe(200);
    expect(own.body.data.ownership.owners.map((x: { bvn: string }) => x.bvn)).toEqual([
      '*******3210',
      '*******2109',
    ]);
    expect(JSON.stringify((await o.api.get('/api/parameter/account')).body)).not.toContain('76543210');
    const [user] = await t.db.select().from(users).where(eq(users.id, o.user.id));
    totpSecret = (await startTwoFactorSetup(t.db, t.config, user)).secret;
    const [row] = await t.db.select().from(users).where(eq(users.id, o.user.id));
    expect(row.totpSecret).toMatch(/^vault:k1:/);
    await t.db.execute(sql`checkpoint`);
    const raw = Buffer.from(JSON.stringify(await t.db.select().from(accountKyb)));
    expect(raw.includes(BVN_COMPANY)).toBe(false);
  });

  it('leaves no BVN or TOTP secret in the raw database files (tables and WAL)', async () => {
    await t.db.execute(sql`checkpoint`);
    const files = filesUnder(server.dataDir);
    expect(files.some((f) => f.includes('pg_wal'))).toBe(true);
    const needles = [BVN_COMPANY, ...BVN_OWNERS, totpSecret].map((s) => Buffer.from(s));
    // Sanity: the search finds what is there (the company's legal name is stored in plain text).
    const found = (needle: Buffer) => files.filter((f) => fs.readFileSync(f).includes(needle));
    expect(found(Buffer.from('Ada Textiles Limited')).length).toBeGreaterThan(0);
    for (const n of needles) expect(found(n)).toEqual([]);
  });

  it('keeps no trace of a BVN sent through KYB in the logs', async () => {
    // The app logs at trace level into `logs`; bodies that carry vault fields are redacted by name.
    t.app.log.info({ body: { bvn: BVN_COMPANY, owners: [{ bvn: BVN_OWNERS[0] }] } }, 'probe');
    t.app.log.info({ kyb: { owner: { bvn: BVN_OWNERS[1] } }, secret: totpSecret, totpSecret }, 'probe');
    await waitFor('the probes logged', async () => logs.includes('probe') && logs.split('probe').length > 2);
    expect(logs).toContain('/api/parameter/account/bvn');
    for (const s of [BVN_COMPANY, ...BVN_OWNERS, totpSecret]) expect(logs).not.toContain(s);
  });

  it('reads a value unmasked only through revealVaultValue, which records who, what and when', async () => {
    const [k] = await t.db.select().from(accountKyb).limit(1);
    const vault = vaultFor(t.config);
    const value = await revealVaultValue(t.db, vault, {
      field: 'account_kyb.bvn',
      recordId: k.accountId,
      actorUserId: null,
      reason: 'test: KYB review',
    });
    expect(value).toBe(BVN_COMPANY);
    const reads = await t.db.select().from(vaultReads).where(eq(vaultReads.recordId, k.accountId));
    expect(reads).toEqual([
      expect.objectContaining({ field: 'account_kyb.bvn', reason: 'test: KYB review' }),
    ]);
  });

  it('stops on a wrong or missing key, naming it, and seals rows written before the vault', async () => {
    const wrong = createVault(
      () => parseVaultKeys(`k1:${Buffer.alloc(32, 9).toString('base64')}`),
      'VAULT_KEYS',
    );
    await expect(checkVaultKeys(t.db, wrong)).rejects.toThrow(/key 'k1' does not decrypt/);
    const other = createVault(
      () => parseVaultKeys(`k7:${Buffer.alloc(32, 9).toString('base64')}`),
      'VAULT_KEYS',
    );
    await expect(checkVaultKeys(t.db, other)).rejects.toThrow(VaultError);
    await expect(checkVaultKeys(t.db, other)).rejects.toThrow(/has no key 'k1'/);
    await checkVaultKeys(t.db, vaultFor(t.config));
    expect(() => loadConfig({}, { VAULT_KEYS: 'nonsense' })).toThrow(/VAULT_KEYS/);
    expect(() =>
      loadConfig(
        {},
        { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), RAILS_WEBHOOK_SECRET: 'y'.repeat(20) },
      ),
    ).toThrow(/VAULT_KEYS: required in production/);

    // A row from before the vault (a plain BVN) is sealed by the start-up pass.
    const o = await ownerWithAccount(t);
    await t.db.insert(accountKyb).values({ accountId: o.account.id, bvn: '22200011122' });
    await resealVault(t.db, vaultFor(t.config), t.config, { mode: 'legacy' });
    const [row] = await t.db.select().from(accountKyb).where(eq(accountKyb.accountId, o.account.id));
    expect(row.bvn).toMatch(/^vault:k1:/);
    expect(row.bvnLast4).toBe('1122');
    expect(vaultFor(t.config).decrypt('account_kyb.bvn', row.bvn!)).toBe('22200011122');
  });
});

describe('key rotation while KYB saves stream in', () => {
  it('re-encrypts every value to the new key and loses no save', async () => {
    const vault = vaultFor(t.config);
    const owners = await Promise.all([0, 1, 2, 3].map(() => ownerWithAccount(t)));
    const last = new Map<string, { bvn: string; owners: string[] }>();
    let stop = false;
    let saves = 0;
    const stream = Promise.all(
      owners.map(async (o, c) => {
        for (let i = 0; !stop || i < 3; i++) {
          const bvn = `3${String(c)}${String(i).padStart(9, '0')}`;
          const ob = [`4${c}${String(i).padStart(9, '0')}`, `5${c}${String(i).padStart(9, '0')}`];
          const r = await kybWithOwners(o.api, bvn, ob);
          expect(r.b.status).toBe(200);
          expect(r.o.status).toBe(200);
          last.set(o.account.id, { bvn, owners: ob });
          saves++;
        }
      }),
    );
    await waitFor('saves before the rotation', async () => saves >= 4);
    // The new key is deployed (newest last), then the rotation runs while saves continue.
    const keys = [...parseVaultKeys(TEST_VAULT_KEYS), { id: 'k2', key: Buffer.alloc(32, 3) }];
    vault.setKeys(keys);
    const progress: string[] = [];
    const r = await resealVault(t.db, vault, t.config, {
      mode: 'rotate',
      batch: 5,
      onProgress: (p) => progress.push(`${p.field} ${p.done}/${p.total}`),
    });
    const atEnd = saves;
    await waitFor('saves after the rotation', async () => saves > atEnd);
    stop = true;
    await stream;
    expect(r.resealed).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
    // Everything is under k2 and reads back as the last value each account saved.
    for (const table of ['account_kyb', 'account_owners', 'users']) {
      const col = table === 'users' ? 'totp_secret' : 'bvn';
      const left = await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(col)} is not null and ${sql.identifier(col)} not like 'vault:k2:%'`,
      );
      expect((left.rows[0] as { n: number }).n).toBe(0);
    }
    for (const o of owners) {
      const want = last.get(o.account.id)!;
      const [k] = await t.db.select().from(accountKyb).where(eq(accountKyb.accountId, o.account.id));
      expect(vault.decrypt('account_kyb.bvn', k.bvn!)).toBe(want.bvn);
      const os2 = await t.db
        .select()
        .from(accountOwners)
        .where(eq(accountOwners.accountId, o.account.id))
        .orderBy(accountOwners.sortOrder);
      expect(os2.map((x) => vault.decrypt('account_owners.bvn', x.bvn))).toEqual(want.owners);
      expect(os2.map((x) => x.bvnHmac)).toEqual(want.owners.map((b) => vault.hmac('bvn', b)));
    }
    // The duplicate check still sees a BVN hashed under the old key, and the old key can go after.
    await checkVaultKeys(
      t.db,
      createVault(() => [keys[1]], 'VAULT_KEYS'),
    );
    vault.setKeys(parseVaultKeys(TEST_VAULT_KEYS).concat(keys[1]));
  });
});

describe('online backup and restore', () => {
  it('backs up during a stream of transfers; the restore passes ledger:verify and holds no plain BVN', async () => {
    const o = await ownerWithAccount(t);
    const [w] = (
      await t.db.execute(sql`select id from wallets where account_id = ${o.account.id} and currency = 'NGN'`)
    ).rows as { id: string }[];
    const ids = [w.id, w.id, w.id]; // three streams on one wallet: holds race for the same balance
    await fundWallet(t.app.deps, w.id, 1_000_000_000);
    let stop = false;
    let transfers = 0;
    const stream = Promise.all(
      ids.map(async (walletId) => {
        while (!stop) {
          const tr = await startTransfer(t.db, {
            accountId: o.account.id,
            walletId,
            amount: 10_000,
            fee: 100,
            bankCode: '058',
            accountNumber: '0123456785',
            accountName: 'ADA OBI',
            initiatedBy: o.user.id,
            provider: 'sandbox',
          });
          if (transfers % 2 === 0)
            await settleTransfer(t.app.deps, { reference: tr.reference, outcome: 'success' });
          transfers++;
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    const file = path.join(tmp, 'backup.owo');
    const b = await backupEmbedded(path.join(tmp, 'pg'), server.url('postgres'), file);
    const during = transfers;
    await waitFor('transfers after the backup', async () => transfers > during);
    stop = true;
    await stream;
    expect(during).toBeGreaterThan(0);
    expect(transfers).toBeGreaterThan(during);
    expect(b.bytes).toBeGreaterThan(0);

    // Only ciphertext for vault fields in the backup (searched decompressed).
    const raw = zlib.gunzipSync(fs.readFileSync(file));
    expect(raw.includes(Buffer.from('Ada Textiles Limited'))).toBe(true);
    for (const s of [BVN_COMPANY, ...BVN_OWNERS]) expect(raw.includes(Buffer.from(s))).toBe(false);

    // A bad file and a non-empty folder change nothing.
    const bad = path.join(tmp, 'bad.owo');
    fs.writeFileSync(bad, fs.readFileSync(file).subarray(0, 2000));
    const target = path.join(tmp, 'restored');
    await expect(restoreEmbedded(bad, target)).rejects.toThrow(/damaged|incomplete/);
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
    const busy = path.join(tmp, 'busy');
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, 'x'), 'x');
    await expect(restoreEmbedded(file, busy)).rejects.toThrow(/not empty/);
    expect(fs.readdirSync(busy)).toEqual(['x']);
    expect((await verifyBackupFile(file)).files).toBeGreaterThan(100);

    await restoreEmbedded(file, target);
    expect((fs.statSync(path.join(target, 'pg-password')).mode & 0o777).toString(8)).toBe('600');
    const restored = await startEmbeddedPostgres(path.join(target, 'pg'), { persistent: false });
    try {
      const pool = createPool(restored.url('owo'), 2);
      try {
        const db = createDb(pool);
        expect(await verifyLedger(db)).toEqual([]);
        const n = await db.execute(
          sql`select count(*)::int as n from transactions where account_id = ${o.account.id}`,
        );
        expect((n.rows[0] as { n: number }).n).toBeGreaterThan(0);
        expect((n.rows[0] as { n: number }).n).toBeLessThanOrEqual(transfers + 1);
        // Every wallet's balance equals its ledger account, whose cached balance equals its
        // postings: verifyLedger's 'wallet balance' and 'cached ledger balance' checks, run above.
        const wallet = await db.execute(sql`select balance from wallets where id = ${w.id}`);
        expect(Number((wallet.rows[0] as { balance: number }).balance)).toBeLessThan(1_000_000_000);
      } finally {
        await pool.end();
      }
    } finally {
      await restored.stop();
    }
  });
});
