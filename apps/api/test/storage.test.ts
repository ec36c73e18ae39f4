// The storage port against a local S3-compatible server (s3rver, started here): uploads, downloads,
// deletes and generated receipts go to the bucket; the receipt link redirects to a presigned URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, PNG_1X1, upload } from '../src/modules/files/fixtures';
import { fundWallet } from '../src/modules/money/test-utils';
import { localStorage, s3Storage, type Storage } from '../src/platform/storage';
import { createTestApp, ownerWithAccount, type TestApp } from './helpers';

const BUCKET = 'owo-test-files';
const CREDS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let endpoint: string;
let dir: string;
let t: TestApp;
let s3: S3Client;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const addr = await server.run();
  endpoint = `http://127.0.0.1:${addr.port}`;
  s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDS });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: CREDS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'owo/',
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const exists = async (key: string) =>
  s3
    .send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    .then(() => true)
    .catch(() => false);

describe('storage port contract (local disk and S3 alike)', () => {
  const cases: [string, () => Storage][] = [
    ['local', () => localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'owo-local-')))],
    [
      's3',
      () => s3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, ...CREDS }),
    ],
  ];
  for (const [name, make] of cases)
    it(`${name}: put, get, delete, missing = null, bad keys refused`, async () => {
      const s = make();
      const key = `contract/${name}/${Date.now()}.bin`;
      expect(await s.get(key)).toBeNull();
      await s.put(key, Buffer.from('hello'), { contentType: 'application/octet-stream' });
      expect((await s.get(key))?.toString()).toBe('hello');
      await s.put(key, Buffer.from('again'), { contentType: 'application/octet-stream' });
      expect((await s.get(key))?.toString()).toBe('again');
      await s.delete(key);
      expect(await s.get(key)).toBeNull();
      await s.delete(key); // deleting nothing is fine
      for (const bad of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '', 'a b'])
        await expect(s.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
          /invalid storage key/,
        );
      const url = await s.signedUrl('contract/x.pdf', { ttlSeconds: 60 });
      if (name === 'local') expect(url).toBeNull();
      else expect(url).toMatch(/X-Amz-Signature=/);
    });
});

describe('uploads through S3', () => {
  it('stores the upload in the bucket, serves it to its account only, and deletes it', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const pdf = await makePdf();
    const res = await upload(o.api, pdf, 'invoice.pdf', 'application/pdf');
    expect(res.status).toBe(200);
    const name = res.body.data.fileName as string;
    const key = `owo/${o.account.id}/${name}`;
    expect(await exists(key)).toBe(true);
    // nothing on local disk
    expect(fs.existsSync(path.join(t.config.uploadDir, o.account.id, name))).toBe(false);

    const got = await fetch(`${t.baseUrl}/api/files/${name}`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);

    expect((await other.api.get(`/api/files/${name}`)).status).toBe(404);

    const png = await upload(o.api, PNG_1X1, 'logo.png', 'image/png');
    expect(png.status).toBe(200);

    const del = await o.api.delete('/api/files/upload', { fileName: name });
    expect(del.status).toBe(200);
    expect(await exists(key)).toBe(false);
    expect((await o.api.get(`/api/files/${name}`)).status).toBe(404);
  });

  it('a refused upload leaves nothing in the bucket', async () => {
    const o = await ownerWithAccount(t);
    const res = await upload(o.api, Buffer.from('not a pdf at all'), 'x.pdf', 'application/pdf');
    expect(res.status).toBe(400);
    expect(await exists(`owo/${o.account.id}/`)).toBe(false);
  });
});

describe('generated receipts through S3', () => {
  it('renders once into the bucket, then our signed link redirects to a presigned URL', async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0];
    await fundWallet(t.app.deps, wallet.id, 100_000);
    const dep = (await o.api.get('/api/transactions')).body.data[0];
    const link = (await o.api.get(`/api/transaction/reciept/${dep.id}`)).body.data.pdf_url as string;

    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const target = first.headers.get('location')!;
    expect(
      target.startsWith(`${endpoint}/${BUCKET}/owo/generated/receipts/${o.account.id}/${dep.id}.pdf`),
    ).toBe(true);
    expect(target).toMatch(/X-Amz-Expires=300/);
    const pdf = await fetch(target);
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // A second download serves the stored copy (same bytes), not a new rendering.
    const again = await fetch((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);

    // A tampered link never reaches storage.
    const bad = new URL(link);
    bad.searchParams.set('sig', 'x'.repeat(43));
    expect((await fetch(bad, { redirect: 'manual' })).status).toBe(403);
  });
});
