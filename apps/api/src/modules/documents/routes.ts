import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MSG,
  envelope,
  errorEnvelope,
  extractedDocumentSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { authOf, needsAny } from '../../platform/guard';
import { ok, routerOf } from '../../platform/http';
import { hit } from '../../platform/rate-limit';
import { readUploadedFile } from '../../platform/spreadsheet';
import { closeOcr } from './ocr';
import { extractDocument } from './service';

/** Reads per member per minute: OCR takes a core for a second or more. */
export const READS_PER_MINUTE = 20;

/** Document capture (issue 39 §1): `POST /api/documents/extract`. */
export async function registerDocuments(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onClose', closeOcr); // the OCR workers are threads: end them with the app
  // Multipart in this scope only, at the document size (10 MB).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    routerOf(scope).post(
      '/api/documents/extract',
      {
        config: needsAny({ resource: 'payouts', action: 'post' }, { resource: 'expenses', action: 'post' }),
        schema: {
          operationId: 'extractDocument',
          summary: 'Read a receipt or invoice (multipart `file`: JPEG, PNG or PDF, 10 MB)',
          description:
            'Reads the vendor, invoice number, date, currency, total, VAT and bank details of a receipt or ' +
            'vendor invoice on Owo’s servers (OCR for images and scanned PDFs). A field not found is null; ' +
            '`confidence` gives 0..1 per field found. Nothing is stored. Allowed to whoever may create a ' +
            'bill or an expense.',
          tags: ['documents'],
          consumes: ['multipart/form-data'],
          response: { 200: envelope(extractedDocumentSchema), 400: errorEnvelope },
        },
      },
      async (req) => {
        await hit(deps, `documents-extract:user:${authOf(req).user.id}`, READS_PER_MINUTE, 60);
        const file = await readUploadedFile(req);
        if (!file) throw fieldError('file', DOCUMENT_MSG.fileRequired);
        return ok(await extractDocument(deps, file.bytes), DOCUMENT_MSG.read);
      },
    );
  });
}
