// The upload route of a file import that keeps a batch (vendors, bills): multipart `file` (CSV or
// xlsx, ≤ 2 MB) in its own Fastify scope, checked by the area's kind and stored as a batch; nothing
// else is written. 201 with the area's view of the batch and the check's message.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, errorEnvelope, IMPORT_MSG } from '@owo/contract';
import type { AppDeps } from '../deps';
import { authOf, tenantOf, type needs } from '../guard';
import { ok } from '../http';
import { readUploadedFile } from '../spreadsheet';
import { uploadImport, type ImportBatch, type ImportKind, type ImportRow } from './index';

/** The largest import file: 2 MB (the spec's limit for every spreadsheet import). */
export const IMPORT_FILE_MAX = 2 * 1024 * 1024;

export type ImportUploadRoute<K extends string, R extends ImportRow, Out> = {
  url: string;
  config: ReturnType<typeof needs>;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** The answer's batch schema (the area's view). */
  schema: z.ZodType;
  kind: ImportKind<K, R, Out>;
  view: (batch: ImportBatch<R>) => { errorRows: number };
};

export async function importUploadRoute<K extends string, R extends ImportRow, Out>(
  app: FastifyInstance,
  deps: AppDeps,
  route: ImportUploadRoute<K, R, Out>,
) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_FILE_MAX, files: 1, fields: 5, parts: 6 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      route.url,
      {
        config: route.config,
        schema: {
          operationId: route.operationId,
          summary: route.summary,
          description: route.description,
          tags: route.tags,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(route.schema), 400: errorEnvelope },
        },
      },
      async (req, reply) => {
        const file = await readUploadedFile(req);
        const batch = route.view(
          await uploadImport(deps, route.kind, {
            accountId: tenantOf(req).accountId,
            userId: authOf(req).user.id,
            file,
          }),
        );
        return reply
          .code(201)
          .send(ok(batch, batch.errorRows ? IMPORT_MSG.hasErrors : 'File checked. Confirm to import'));
      },
    );
  });
}
