import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Archive, BackupError, readArchive, verifyBackupFile } from './backup-archive';
import { embeddedRuntime, prepareClusterDir, resolvePgDir, writePasswordFile } from './embedded-pg';

// Online backup of the embedded cluster with PostgreSQL's own base-backup API, the way
// `pg_basebackup -X fetch` does it (docs/decisions/004-online-backup.md):
//   pg_create_physical_replication_slot (keeps the WAL of the window) -> pg_backup_start(fast) ->
//   copy the data folder while the server runs -> pg_backup_stop (answers backup_label) -> copy the
//   WAL segments from the start to the stop position -> drop the slot.
// Restoring writes the files and backup_label into an empty cluster folder; PostgreSQL's own
// recovery replays the WAL to the consistent point at its first start.
//
// File (its format in backup-archive.ts): gzip of `OWOBACKUP 1\n` + a JSON header line + entries
// (`{"p","s","m"}` line + bytes) + a trailer line `{"end":true,"sha256":…}` over everything before
// it. Restore checks it whole before writing anything.

/** What the base-backup documentation says not to copy (recreated or irrelevant at start). */
const SKIP_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'pg_internal.init',
]);

export { BackupError, verifyBackupFile };

function* walk(root: string, rel = ''): Generator<string> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  } catch {
    return; // a folder dropped while copying (its WAL recreates or drops it on replay)
  }
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!rel && SKIP_DIRS.has(e.name)) {
        yield `${r}/`; // the empty folder, which PostgreSQL expects
        continue;
      }
      if (e.name.startsWith('pgsql_tmp')) continue;
      yield `${r}/`;
      yield* walk(root, r);
    } else if (e.isFile()) {
      if (SKIP_FILES.has(e.name) || e.name.startsWith('pgsql_tmp')) continue;
      yield r;
    }
  }
}

export type BackupResult = { file: string; bytes: number; rawBytes: number; files: number; seconds: number };

/**
 * A consistent backup of the running embedded cluster at `<DATA_DIR>/pg` (reached through
 * `adminUrl`, a superuser connection) into `file`, while it keeps serving traffic.
 */
export async function backupEmbedded(pgDir: string, adminUrl: string, file: string): Promise<BackupResult> {
  const t0 = Date.now();
  const dataDir = resolvePgDir(pgDir);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`no database in ${pgDir}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const slot = `owo_backup_${randomBytes(6).toString('hex')}`;
  const tmp = `${file}.partial-${process.pid}`;
  let started = false;
  try {
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]
      .server_version;
    // The slot keeps every WAL segment from now on until it is dropped (the WAL of the window).
    await client.query('select pg_create_physical_replication_slot($1, true)', [slot]);
    const label = `owo ${new Date().toISOString()}`;
    const start = await client.query<{ lsn: string }>('select pg_backup_start($1, true) as lsn', [label]);
    started = true;
    const startLsn = start.rows[0].lsn;
    const archive = new Archive(tmp);
    await archive.start({
      created: new Date().toISOString(),
      pgVersion: version,
      label,
      startLsn,
      stopLsn: '',
    });
    const files = await copyDataDir(archive, dataDir);
    const stop = await client.query(
      'select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)',
    );
    started = false;
    const {
      lsn: stopLsn,
      labelfile,
      spcmapfile,
    } = stop.rows[0] as {
      lsn: string;
      labelfile: string;
      spcmapfile: string | null;
    };
    await archive.file('backup_label', Buffer.from(labelfile));
    if (spcmapfile) await archive.file('tablespace_map', Buffer.from(spcmapfile));
    await copyWindowWal(client, archive, dataDir, startLsn, stopLsn);
    await archive.line({ stopLsn });
    await archive.finish();
    fs.renameSync(tmp, file);
    return {
      file,
      bytes: fs.statSync(file).size,
      rawBytes: archive.bytes,
      files,
      seconds: (Date.now() - t0) / 1000,
    };
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  } finally {
    if (started) await client.query('select pg_backup_stop(false)').catch(() => {});
    await client.query('select pg_drop_replication_slot($1)', [slot]).catch(() => {});
    await client.end();
  }
}

/** Every file of the data directory into the archive (a file dropped while copying is skipped). */
async function copyDataDir(archive: Archive, dataDir: string): Promise<number> {
  let files = 0;
  for (const rel of walk(dataDir)) {
    if (rel.endsWith('/')) {
      await archive.dir(rel.slice(0, -1));
      continue;
    }
    let data: Buffer;
    let mode = 0o600;
    try {
      const full = path.join(dataDir, rel);
      mode = fs.statSync(full).mode & 0o777;
      data = fs.readFileSync(full);
    } catch {
      continue; // dropped while copying; the WAL replays the drop
    }
    await archive.file(rel, data, mode);
    files++;
  }
  return files;
}

/** The WAL from the start to the stop position of the backup, and the timeline history files. */
async function copyWindowWal(
  client: pg.Client,
  archive: Archive,
  dataDir: string,
  startLsn: string,
  stopLsn: string,
) {
  // The WAL from the start to the stop position (the segment switch at stop has flushed it).
  const names = await client.query(
    'select pg_walfile_name($1::pg_lsn) as first, pg_walfile_name($2::pg_lsn) as last',
    [startLsn, stopLsn],
  );
  const { first, last } = names.rows[0] as { first: string; last: string };
  const walDir = path.join(dataDir, 'pg_wal');
  const segments = fs
    .readdirSync(walDir)
    .filter((n) => /^[0-9A-F]{24}$/.test(n) && n.slice(8) >= first.slice(8) && n.slice(8) <= last.slice(8))
    .filter((n) => n.slice(0, 8) === first.slice(0, 8))
    .sort();
  if (!segments.includes(first) || !segments.includes(last))
    throw new BackupError(`the WAL of the backup window (${first}..${last}) is not all in ${walDir}`);
  for (const n of segments) await archive.file(`pg_wal/${n}`, fs.readFileSync(path.join(walDir, n)));
  for (const n of fs.readdirSync(walDir).filter((x) => x.endsWith('.history')))
    await archive.file(`pg_wal/${n}`, fs.readFileSync(path.join(walDir, n)));
}

function isEmptyDir(dir: string) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores a backup into an empty DATA_DIR: checks the file whole first (a bad file changes
 * nothing), writes the cluster, gives it a new generated password, and runs PostgreSQL's recovery
 * once so the cluster is consistent before `npm start`.
 */
export async function restoreEmbedded(
  file: string,
  dataDirOfApp: string,
): Promise<{ seconds: number; pgDir: string; phases: { check: number; write: number; recovery: number } }> {
  const t0 = Date.now();
  if (!isEmptyDir(dataDirOfApp))
    throw new BackupError(
      `${dataDirOfApp} is not empty; restore goes into an empty DATA_DIR (nothing was changed)`,
    );
  await verifyBackupFile(file);
  const tCheck = Date.now();
  let tWrite = tCheck;
  const linkPath = path.join(dataDirOfApp, 'pg');
  const { binDir, ids } = embeddedRuntime();
  fs.mkdirSync(dataDirOfApp, { recursive: true });
  const { dataDir } = prepareClusterDir(linkPath, ids);
  try {
    await readArchive(file, (e, data) => {
      const target = path.join(dataDir, e.p);
      if (e.d) {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        return;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, data ?? Buffer.alloc(0), { mode: e.m || 0o600 });
    });
    if (ids) spawnChown(dataDir, ids);
    tWrite = Date.now();
    const password = await firstStart(binDir, dataDir, ids);
    writePasswordFile(linkPath, password);
  } catch (e) {
    // Leave the DATA_DIR as empty as it was.
    const real = resolvePgDir(linkPath);
    fs.rmSync(real, { recursive: true, force: true });
    if (real !== linkPath) {
      fs.rmSync(path.dirname(real), { recursive: true, force: true });
      fs.rmSync(linkPath, { force: true });
    }
    throw e;
  }
  const now = Date.now();
  return {
    seconds: (now - t0) / 1000,
    pgDir: linkPath,
    phases: { check: (tCheck - t0) / 1000, write: (tWrite - tCheck) / 1000, recovery: (now - tWrite) / 1000 },
  };
}

/**
 * The restored cluster's first start, with only a private socket and trusted, for PostgreSQL's
 * recovery; answers the new generated password it set.
 */
async function firstStart(binDir: string, dataDir: string, ids: { uid: number; gid: number } | null) {
  // The restored cluster gets its own password: first start with only a private socket, trusted.
  const hba = path.join(dataDir, 'pg_hba.conf');
  fs.writeFileSync(hba, 'local all all trust\n');
  const sock = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-restore-'));
  if (ids) fs.chownSync(sock, ids.uid, ids.gid);
  if (ids) fs.chownSync(hba, ids.uid, ids.gid);
  const password = randomBytes(24).toString('base64url');
  const port = 5432;
  const child = spawn(
    path.join(binDir, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=', '-c', `unix_socket_directories=${sock}`],
    { ...(ids ?? {}), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await new Promise<void>((resolve, reject) => {
      let log = '';
      child.stderr.on('data', (c: Buffer) => {
        log = (log + c.toString()).slice(-4000);
        if (log.includes('database system is ready to accept connections')) resolve();
      });
      child.once('exit', (code) =>
        reject(new BackupError(`PostgreSQL could not recover the backup (${code}): ${log.trim()}`)),
      );
    });
    const c = new pg.Client({ host: sock, port, user: 'postgres', database: 'postgres' });
    await c.connect();
    await c.query(`alter role postgres password '${password}'`);
    await c.query('checkpoint');
    await c.end();
  } finally {
    child.kill('SIGINT');
    await exited;
    fs.rmSync(sock, { recursive: true, force: true });
  }
  fs.writeFileSync(
    hba,
    'local all all scram-sha-256\nhost all all 127.0.0.1/32 scram-sha-256\nhost all all ::1/128 scram-sha-256\n',
  );
  if (ids) fs.chownSync(hba, ids.uid, ids.gid);
  return password;
}

function spawnChown(dir: string, ids: { uid: number; gid: number }) {
  const walkAll = (d: string) => {
    fs.chownSync(d, ids.uid, ids.gid);
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walkAll(p);
      else fs.chownSync(p, ids.uid, ids.gid);
    }
  };
  walkAll(dir);
}
