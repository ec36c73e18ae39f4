import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';

// The backup file's format (backup.ts makes and restores it): gzip of `OWOBACKUP 1\n` + a JSON
// header line + entries (`{"p","s","m"}` line + bytes) + a trailer line `{"end":true,"sha256":…}`
// over everything before it. Read whole (checksum included) before restore writes anything.

const MAGIC = 'OWOBACKUP 1\n';

export class BackupError extends Error {}

type Header = { created: string; pgVersion: string; label: string; startLsn: string; stopLsn: string };

/** An entry writer that hashes everything it writes; the trailer carries the hash. */
export class Archive {
  private hash = createHash('sha256');
  private gzip = zlib.createGzip({ level: 1 });
  private out: fs.WriteStream;
  private done: Promise<void>;
  bytes = 0;
  constructor(file: string) {
    this.out = fs.createWriteStream(file, { mode: 0o600 });
    this.done = pipeline(this.gzip, this.out);
  }
  private async write(buf: Buffer) {
    this.hash.update(buf);
    this.bytes += buf.length;
    if (!this.gzip.write(buf)) await new Promise((r) => this.gzip.once('drain', r));
  }
  async line(obj: unknown) {
    await this.write(Buffer.from(`${JSON.stringify(obj)}\n`));
  }
  async start(h: Header) {
    await this.write(Buffer.from(MAGIC));
    await this.line(h);
  }
  async dir(p: string) {
    await this.line({ p, s: 0, m: 0o700, d: 1 });
  }
  async file(p: string, data: Buffer, mode = 0o600) {
    await this.line({ p, s: data.length, m: mode });
    await this.write(data);
  }
  async finish() {
    const digest = this.hash.digest('hex');
    this.gzip.end(Buffer.from(`${JSON.stringify({ end: true, sha256: digest })}\n`));
    await this.done;
  }
}

type Entry = { p: string; s: number; m: number; d?: 1 };

/** The archive's parser, fed the gunzipped bytes: the magic, each entry, the checksum at the end. */
class ArchiveParser {
  private readonly hash = createHash('sha256');
  buf: Buffer = Buffer.alloc(0);
  header: Header | null = null;
  pending: Entry | null = null;
  ended = false;
  private magicOk = false;

  constructor(
    private readonly file: string,
    private readonly onEntry: (e: Entry, data: Buffer | null) => void,
  ) {}

  consume() {
    const { file } = this;
    for (;;) {
      if (this.ended) {
        if (this.buf.length) throw new BackupError(`${file}: data after the end of the backup`);
        return;
      }
      if (!this.magicOk) {
        if (this.buf.length < MAGIC.length) return;
        if (this.buf.subarray(0, MAGIC.length).toString() !== MAGIC)
          throw new BackupError(`${file}: not an Owo backup`);
        this.hash.update(this.buf.subarray(0, MAGIC.length));
        this.buf = this.buf.subarray(MAGIC.length);
        this.magicOk = true;
        continue;
      }
      if (this.pending) {
        if (this.buf.length < this.pending.s) return;
        const data = this.buf.subarray(0, this.pending.s);
        this.hash.update(data);
        this.onEntry(this.pending, Buffer.from(data));
        this.buf = this.buf.subarray(this.pending.s);
        this.pending = null;
        continue;
      }
      if (!this.headerLine()) return;
    }
  }

  /** One entry header line (or the end line); false when the line is not whole yet. */
  private headerLine(): boolean {
    const { file } = this;
    const nl = this.buf.indexOf(10);
    if (nl < 0) {
      if (this.buf.length > 1 << 20) throw new BackupError(`${file}: damaged (no entry header)`);
      return false;
    }
    const lineBuf = this.buf.subarray(0, nl + 1);
    let obj: Record<string, unknown>;
    try {
      obj = JSON.parse(lineBuf.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new BackupError(`${file}: damaged (bad entry header)`);
    }
    this.buf = this.buf.subarray(nl + 1);
    if (obj.end === true) {
      if (obj.sha256 !== this.hash.digest('hex'))
        throw new BackupError(`${file}: damaged (checksum mismatch)`);
      this.ended = true;
      return true;
    }
    this.hash.update(lineBuf);
    if (!this.header) {
      this.header = obj as unknown as Header;
      return true;
    }
    if (typeof obj.p === 'string') {
      const e = obj as unknown as Entry;
      if (e.p.includes('..') || path.isAbsolute(e.p) || typeof e.s !== 'number')
        throw new BackupError(`${file}: damaged (bad path ${e.p})`);
      if (e.d) this.onEntry(e, null);
      else this.pending = e;
    }
    return true;
  }
}

/** Reads an archive; calls `onEntry` per entry; throws a BackupError on any damage. */
export async function readArchive(
  file: string,
  onEntry: (e: Entry, data: Buffer | null) => void,
): Promise<Header> {
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file`);
  const parser = new ArchiveParser(file, onEntry);
  let parts: Buffer[] = [];
  let have = 0;
  try {
    await pipeline(
      fs.createReadStream(file),
      zlib.createGunzip(),
      new Writable({
        write(chunk: Buffer, _enc, cb) {
          try {
            // Large entries arrive in many chunks: join them once, when the entry is whole.
            parts.push(chunk);
            have += chunk.length;
            if (parser.pending && have < parser.pending.s) return cb();
            parser.buf = Buffer.concat(parts);
            parts = [];
            parser.consume();
            parts = parser.buf.length ? [parser.buf] : [];
            have = parser.buf.length;
            cb();
          } catch (e) {
            cb(e as Error);
          }
        },
      }),
    );
  } catch (e) {
    if (e instanceof BackupError) throw e;
    throw new BackupError(`${file}: damaged or not a backup (${(e as Error).message})`);
  }
  if (!parser.ended || !parser.header)
    throw new BackupError(`${file}: incomplete (the backup was cut short)`);
  return parser.header;
}

/** Checks a backup file whole (format, checksum) without writing anything. */
export async function verifyBackupFile(file: string) {
  let files = 0;
  const header = await readArchive(file, () => files++);
  return { header, files };
}
