import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MSG,
  envelope,
  FILE_NAME_MAX,
  FILE_NAME_PATTERN,
  fileNameBody,
  MSG,
  UPLOAD_MAX_BYTES,
  uploadResultSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { filePartBytes } from '../../platform/spreadsheet';
import { storageOf } from '../../platform/storage';
import { deleteAccountFile, fileKey, getAccountFile, storeUpload } from './service';

const tags = ['files'];
const isTooLarge = (e: unknown) =>
  (e as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE' ||
  (e as { code?: string })?.code === 'FST_FILES_LIMIT';

type FilesDeps = { deps: AppDeps; storage: ReturnType<typeof storageOf> };

/** Uploads (000 §5, §7): 1 MB, images or PDF judged by content, stored under a server-made name. */
export async function registerFiles(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const d: FilesDeps = { deps, storage: storageOf(config) };
  // Multipart is registered in this scope only: no other route accepts multipart bodies by accident.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    uploadFileRoute(routerOf(scope), d);
  });

  const r = routerOf(app);
  deleteFileRoute(r, d);
  downloadFileRoute(r, d);
}

function uploadFileRoute(r: Router, { deps: { db }, storage }: FilesDeps) {
  r.post(
    '/api/files/upload',
    {
      config: needs('parameters', 'post'),
      schema: {
        operationId: 'uploadFile',
        summary: 'Upload a file (multipart, 1 MB)',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadResultSchema) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw fieldError('file', ACCOUNT_MSG.fileRequired);
      let part;
      let bytes: Buffer;
      try {
        part = await req.file();
        if (!part) throw fieldError('file', ACCOUNT_MSG.fileRequired);
        bytes = await filePartBytes(part);
      } catch (e) {
        if (isTooLarge(e)) throw fieldError('file', MSG.fileTooLarge);
        throw e;
      }
      const t = tenantOf(req);
      const data = await storeUpload(db, {
        storage,
        accountId: t.accountId,
        userId: authOf(req).user.id,
        originalName: part.filename,
        bytes,
      });
      return ok(data, 'File uploaded successfully');
    },
  );
}

function deleteFileRoute(r: Router, { deps, storage }: FilesDeps) {
  const { db } = deps;
  r.delete(
    '/api/files/upload',
    {
      config: needs('parameters', 'delete'),
      schema: {
        operationId: 'deleteFile',
        summary: 'Delete an uploaded file',
        tags,
        body: fileNameBody,
        response: { 200: envelope(z.object({ fileName: z.string() })) },
      },
    },
    async (req) => {
      const t = tenantOf(req);
      await getAccountFile(db, t.accountId, req.body.fileName);
      for (const inUse of deps.seams.hooks('fileInUse'))
        if (await inUse(db, t.accountId, req.body.fileName)) throw conflict(ACCOUNT_MSG.fileInUse);
      await deleteAccountFile(db, {
        storage,
        accountId: t.accountId,
        fileName: req.body.fileName,
      });
      return ok({ fileName: req.body.fileName }, 'File deleted successfully');
    },
  );
}

function downloadFileRoute(r: Router, { deps: { db }, storage }: FilesDeps) {
  r.get(
    '/api/files/:fileName',
    {
      config: needs('parameters', 'get'),
      schema: {
        operationId: 'downloadFile',
        summary: 'Download an uploaded file',
        tags,
        params: z.object({
          fileName: z
            .string()
            .max(FILE_NAME_MAX, 'Invalid file name')
            .regex(FILE_NAME_PATTERN, 'Invalid file name'),
        }),
        response: { 200: z.any().describe('The file bytes, with the content type it was uploaded as') },
      },
    },
    async (req, reply) => {
      const t = tenantOf(req);
      const file = await getAccountFile(db, t.accountId, req.params.fileName);
      // Through the app (the member's tenancy is checked here), whichever storage holds the bytes.
      // A row whose bytes were lost (restored database, wiped disk) answers 404, not a broken stream.
      const bytes = await storage.get(fileKey(t.accountId, file.fileName));
      if (!bytes) throw notFound('File');
      const ascii = file.originalName.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .header('content-type', file.mime)
        .header('content-length', bytes.length)
        .header('cache-control', 'private, max-age=300')
        .header(
          'content-disposition',
          `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .send(bytes);
    },
  );
}
