// The storage port (issue 27 §4): uploaded files and generated PDFs are stored through it. Local disk
// (under UPLOAD_DIR) by default; S3-compatible storage when S3_BUCKET is set (README "File storage").
// Keys are server-made (`<accountId>/<fileName>`, `generated/receipts/<id>.pdf`): never a client's path.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from './config';

export type PutOptions = { contentType: string };
export type SignedUrlOptions = {
  ttlSeconds: number;
  filename?: string;
  contentType?: string;
  inline?: boolean;
};

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, opts: PutOptions): Promise<void>;
  /** The object's bytes, or null when there is none (objects here are small: uploads ≤ 1 MB, PDFs). */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** A URL that serves the object directly for `ttlSeconds`, or null where the app serves it itself (local disk). */
  signedUrl(key: string, opts: SignedUrlOptions): Promise<string | null>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;
export function assertKey(key: string) {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.'))
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Local disk: `<root>/<key>`, files written 0600 and never overwritten in place. */
export function localStorage(root: string): Storage {
  const full = (key: string) => path.join(root, assertKey(key));
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = full(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Write aside then rename: a reader never sees half a file.
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.promises.writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
      await fs.promises.rename(tmp, target);
    },
    async get(key) {
      try {
        return await fs.promises.readFile(full(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.promises.rm(full(key), { force: true });
    },
    async signedUrl() {
      return null;
    },
  };
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix?: string;
};

const isMissing = (e: unknown) =>
  (e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404)) ||
  (e as { name?: string })?.name === 'NoSuchKey';

/** S3-compatible storage (AWS S3, MinIO, R2, s3rver…): objects under `<prefix><key>` in one bucket. */
export function s3Storage(s: S3Settings): Storage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  const Bucket = s.bucket;
  const k = (key: string) => `${s.prefix ?? ''}${assertKey(key)}`;
  return {
    kind: 's3',
    async put(key, bytes, opts) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: k(key),
          Body: bytes,
          ContentType: opts.contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      try {
        const o = await client.send(new GetObjectCommand({ Bucket, Key: k(key) }));
        return o.Body ? Buffer.from(await o.Body.transformToByteArray()) : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: k(key) }));
    },
    async signedUrl(key, opts) {
      const ascii = opts.filename?.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: k(key),
          ResponseContentType: opts.contentType,
          ResponseContentDisposition: ascii
            ? `${opts.inline ? 'inline' : 'attachment'}; filename="${ascii}"`
            : undefined,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: Math.max(1, Math.min(opts.ttlSeconds, 7 * 24 * 3600)) },
      );
    },
  };
}

export function s3SettingsOf(config: Config): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  };
}

const byConfig = new WeakMap<Config, Storage>();
/** The app's storage, chosen by configuration (one per config: tests run many apps in one process). */
export function storageOf(config: Config): Storage {
  let s = byConfig.get(config);
  if (!s) {
    const s3 = s3SettingsOf(config);
    s = s3 ? s3Storage(s3) : localStorage(config.uploadDir);
    byConfig.set(config, s);
  }
  return s;
}

/** How long a storage URL handed out after our own signed link stays valid. */
export const STORAGE_URL_TTL_SECONDS = 5 * 60;

/**
 * A generated document (receipt, payslip) behind one of our signed links: rendered once and kept in
 * storage under `key`, then served — by a redirect to a short-lived storage URL where the storage
 * can sign one (S3), else by the app. The caller has already checked the link and the record's rule.
 */
export async function sendStoredDocument(
  reply: FastifyReply,
  storage: Storage,
  p: {
    key: string;
    filename: string;
    contentType: string;
    disposition: 'inline' | 'attachment';
    render: () => Promise<Buffer>;
  },
) {
  let bytes = await storage.get(p.key);
  if (!bytes) {
    bytes = await p.render();
    await storage.put(p.key, bytes, { contentType: p.contentType });
  }
  const url = await storage.signedUrl(p.key, {
    ttlSeconds: STORAGE_URL_TTL_SECONDS,
    filename: p.filename,
    contentType: p.contentType,
    inline: p.disposition === 'inline',
  });
  if (url) return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  return reply
    .header('content-type', p.contentType)
    .header('content-disposition', `${p.disposition}; filename="${p.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
