import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_NAME_PATTERN, MSG, UPLOAD_MAX_BYTES } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { users } from '../../platform/tenancy-tables';
import { files } from './tables';

/** What we accept, judged by the bytes (never by the name or the client's content type). */
const ALLOWED: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** The storage key of an account's upload (on local disk: UPLOAD_DIR/<account id>/<file name>, as before). */
export const fileKey = (accountId: string, fileName: string) => {
  if (!FILE_NAME_PATTERN.test(fileName)) throw notFound('File');
  return `${accountId}/${fileName}`;
};

/** Keeps a display name safe for headers and screens: no path, no control characters. */
const cleanName = (name: string) =>
  (
    path
      .basename(name || 'file')
      // eslint-disable-next-line no-control-regex -- stripping control characters from file names is the point
      .replace(/[\u0000-\u001f\u007f"\\/]/g, '')
      .trim() || 'file'
  ).slice(0, 200);

export async function storeUpload(
  db: Db,
  p: { storage: Storage; accountId: string; userId: string; originalName: string; bytes: Buffer },
) {
  if (p.bytes.length > UPLOAD_MAX_BYTES) throw fieldError('file', MSG.fileTooLarge);
  if (p.bytes.length === 0) throw fieldError('file', MSG.fileInvalidFormat);
  const type = await fileTypeFromBuffer(p.bytes);
  const ext = type ? ALLOWED[type.mime] : undefined;
  if (!type || !ext) throw fieldError('file', MSG.fileInvalidFormat);

  const fileName = `${randomBytes(16).toString('hex')}.${ext}`;
  const key = fileKey(p.accountId, fileName);
  await p.storage.put(key, p.bytes, { contentType: type.mime });
  try {
    const [row] = await db
      .insert(files)
      .values({
        accountId: p.accountId,
        uploadedBy: p.userId,
        fileName,
        originalName: cleanName(p.originalName),
        mime: type.mime,
        size: p.bytes.length,
        sha256: createHash('sha256').update(p.bytes).digest('hex'),
      })
      .returning();
    const [u] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, p.userId));
    return {
      uploader: { id: p.userId, name: u ? `${u.firstName} ${u.lastName}`.trim() : '' },
      fileName: row.fileName,
      originalName: row.originalName,
      mime: row.mime,
      size: row.size,
      url: `/api/files/${row.fileName}`,
    };
  } catch (e) {
    await p.storage.delete(key).catch(() => undefined);
    throw e;
  }
}

/** The account's files among `names` (unknown or other accounts' names are simply absent). */
export async function findAccountFiles(db: DbOrTx, accountId: string, names: string[]) {
  if (!names.length) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), inArray(files.fileName, names)));
}

export async function getAccountFile(db: DbOrTx, accountId: string, fileName: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.accountId, accountId), eq(files.fileName, fileName)));
  if (!row) throw notFound('File');
  return row;
}

/** Removes the row first (so nobody can fetch it), then the bytes. */
export async function deleteAccountFile(
  db: Db,
  p: { storage: Storage; accountId: string; fileName: string },
) {
  const rows = await db
    .delete(files)
    .where(and(eq(files.accountId, p.accountId), eq(files.fileName, p.fileName)))
    .returning({ id: files.id });
  if (!rows.length) throw notFound('File');
  await p.storage.delete(fileKey(p.accountId, p.fileName));
}
