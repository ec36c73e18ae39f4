import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, UPLOAD_MAX_BYTES } from '@owo/contract';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { files } from '../../platform/schema';
import { makePdf, PNG_1X1, upload } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pngOfSize = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length, 0)]);
const storedCount = (accountId: string) => {
  const dir = path.join(t.config.uploadDir, accountId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

describe('POST /api/files/upload', () => {
  it('accepts a real PDF and PNG, stores them under server-made names and records them', async () => {
    const o = await ownerWithAccount(t);
    const pdf = await makePdf();
    const res = await upload(o.api, pdf, '../../etc/passwd.pdf', 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      uploader: { id: o.user.id, name: 'Test User' },
      originalName: 'passwd.pdf',
      mime: 'application/pdf',
      size: pdf.length,
    });
    expect(res.body.data.fileName).toMatch(/^[a-f0-9]{32}\.pdf$/);
    const [row] = await t.db.select().from(files).where(eq(files.fileName, res.body.data.fileName));
    expect(row).toMatchObject({
      accountId: o.account.id,
      uploadedBy: o.user.id,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    expect(fs.readFileSync(path.join(t.config.uploadDir, o.account.id, row.fileName)).equals(pdf)).toBe(true);

    const png = await upload(o.api, PNG_1X1, 'logo.png', 'image/png');
    expect(png.status).toBe(200);
    expect(png.body.data.fileName).toMatch(/\.png$/);
  });

  it('judges the type by content: a .pdf-named text file and an SVG are refused, nothing stored', async () => {
    const o = await ownerWithAccount(t);
    for (const [bytes, name] of [
      [Buffer.from('just some text, not a pdf'), 'invoice.pdf'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png'],
    ] as const) {
      const res = await upload(o.api, bytes, name, 'application/pdf');
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('validation-error');
      expect(res.body.message).toBe(MSG.fileInvalidFormat);
      expect(res.body.errors).toEqual({ file: [MSG.fileInvalidFormat] });
    }
    expect(await t.db.select().from(files).where(eq(files.accountId, o.account.id))).toHaveLength(0);
    expect(storedCount(o.account.id)).toBe(0);
  });

  it('accepts exactly 1 MB and refuses 1 MB + 1 byte', async () => {
    const o = await ownerWithAccount(t);
    expect((await upload(o.api, pngOfSize(UPLOAD_MAX_BYTES), 'max.png')).status).toBe(200);
    const res = await upload(o.api, pngOfSize(UPLOAD_MAX_BYTES + 1), 'big.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File size is too large');
    expect(res.body.errors).toEqual({ file: ['File size is too large'] });
    expect(await t.db.select().from(files).where(eq(files.accountId, o.account.id))).toHaveLength(1);
    expect(storedCount(o.account.id)).toBe(1);
  });

  it('refuses a request without a file', async () => {
    const o = await ownerWithAccount(t);
    const res = await o.api.post('/api/files/upload', new FormData());
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('file');
    expect((await o.api.post('/api/files/upload', { file: 'x' })).status).toBe(400);
  });

  it('needs parameters post', async () => {
    const o = await ownerWithAccount(t);
    const u = await makeUser(t);
    await addMember(t, o.account.id, u.user.id, 'accountant');
    expect(
      (await upload(client(t, { token: u.token, accountId: o.account.id }), PNG_1X1, 'a.png')).status,
    ).toBe(403);
  });
});

describe('GET and DELETE', () => {
  it("streams the file to members of the owning account only; another account's name is 404", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const pdf = await makePdf('Memart');
    const { fileName } = (await upload(a.api, pdf, 'memart.pdf')).body.data;
    const res = await fetch(`${t.baseUrl}/api/files/${fileName}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('memart.pdf');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await b.api.get(`/api/files/${fileName}`)).status).toBe(404);
    expect((await a.api.get('/api/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(400);
  });

  it('deletes own files only; KYB documents are kept', async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const { fileName } = (await upload(a.api, PNG_1X1, 'a.png')).body.data;
    expect((await b.api.delete('/api/files/upload', { fileName })).status).toBe(404);
    expect(storedCount(a.account.id)).toBe(1);
    const res = await a.api.delete('/api/files/upload', { fileName });
    expect(res.status).toBe(200);
    expect(storedCount(a.account.id)).toBe(0);
    expect((await a.api.get(`/api/files/${fileName}`)).status).toBe(404);
    expect((await a.api.delete('/api/files/upload', { fileName })).status).toBe(404);
    const bad = await a.api.delete('/api/files/upload', { fileName: '../x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('fileName');
  });

  it('refuses to delete a file used as a KYB document', async () => {
    const o = await ownerWithAccount(t);
    await o.api.put('/api/parameter/account/info', {
      legalName: 'Doc Co',
      registrationType: 'RC',
      registrationNumber: 'RC99',
      incorporationDate: '2020-01-01',
      industry: 'Retail',
    });
    await o.api.put('/api/parameter/account/bvn', { bvn: '12345678901' });
    await o.api.put('/api/parameter/account/contact', {
      email: 'a@doc.ng',
      phone: '08031234567',
      address: '1 Road',
      city: 'Ikeja',
      state: 'Lagos',
    });
    await o.api.put('/api/parameter/account/ownership', {
      owners: [{ name: 'Ada', bvn: '12345678902', share: 100 }],
    });
    const cert = (await upload(o.api, await makePdf(), 'c.pdf')).body.data.fileName;
    const proof = (await upload(o.api, PNG_1X1, 'p.png')).body.data.fileName;
    expect(
      (
        await o.api.put('/api/parameter/account/documents', {
          certificateOfIncorporation: cert,
          proofOfAddress: proof,
        })
      ).status,
    ).toBe(200);
    const res = await o.api.delete('/api/files/upload', { fileName: cert });
    expect(res.status).toBe(409);
    expect(storedCount(o.account.id)).toBe(2);
  });
});
