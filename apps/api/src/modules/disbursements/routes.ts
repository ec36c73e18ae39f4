import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DISBURSEMENT_FILE_MAX_BYTES,
  DISBURSEMENT_MSG as M,
  disbursementDetailQuery,
  disbursementDetailSchema,
  disbursementItemBody,
  disbursementItemParams,
  disbursementListQuery,
  disbursementSchema,
  disbursementUploadFields,
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
} from '@owo/contract';
import { sendCsv, wantsCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fieldError } from '../../platform/errors';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, withIdempotency } from '../../platform/idempotency';
import { fastList } from '../../platform/list';
import { filePartBytes, sendSheet } from '../../platform/spreadsheet';
import { runAfterCommit } from '../approvals';
import { registerDisbursementApprovals } from './approval';
import { getDisbursement, reportCsv } from './detail';
import { disbursementsCsv, listDisbursements } from './list';
import { retryDisbursement } from './pay';
import { fixItem, submitDisbursement } from './submit';
import { createDisbursement } from './upload';
import { registerValidation } from './validate';
import { readerOf } from '../../platform/read-replica';

const tags = ['disbursements'];
const idempotencyHeader = z
  .object({ 'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID).optional() })
  .passthrough();
const templateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Format must be csv or xlsx' }).optional(),
});

/** Bulk disbursements (issue 23 §4): upload, validation progress, fixes, approval, payment, report. */
export async function registerDisbursements(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = routerOf(app);
  registerDisbursementApprovals(deps);
  registerValidation(deps);
  // Multipart only in this scope (as files does): the upload of the file.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: DISBURSEMENT_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/disbursements',
      {
        config: needs('disbursement', 'post'),
        schema: {
          operationId: 'createDisbursement',
          summary: 'Upload a bulk disbursement (multipart: name, walletId, file as CSV or xlsx)',
          description:
            'The file has the template columns accountNumber, bankCode, amount, narration (GET /api/disbursements/template), at most 10,000 rows and 5 MB. ' +
            'Rows are shape-checked at once (bad rows are kept with their error and row number); a job then checks each row (NUBAN, name resolution). ' +
            'A fully valid batch goes to approval by itself. Nothing is held until the final approval.',
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(disbursementDetailSchema), 400: errorEnvelope },
        },
      },
      async (req, reply) => {
        if (!req.isMultipart()) throw fieldError('file', M.fileRequired);
        const fields: Record<string, string> = {};
        let file: Buffer | null = null;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              const bytes = await filePartBytes(part);
              if (part.fieldname === 'file') file = bytes;
            } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 1000);
          }
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
            throw fieldError('file', M.fileTooLarge);
          if (code?.startsWith('FST_')) throw badRequest('Invalid multipart body');
          throw e;
        }
        const parsed = disbursementUploadFields.safeParse(fields);
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const i of parsed.error.issues) (errors[i.path.join('.') || 'body'] ??= []).push(i.message);
          throw badRequest(Object.values(errors)[0][0], errors);
        }
        const tenant = tenantOf(req);
        const userId = authOf(req).user.id;
        const id = await createDisbursement(deps, { tenant, userId, ...parsed.data, file });
        const data = await getDisbursement(db, { tenant, id, viewerId: userId });
        return reply.code(201).send(ok(data, M.created));
      },
    );
  });
  getDisbursementTemplateRoute(r, deps);
  listDisbursementsRoute(r, deps);
  getDisbursementRoute(r, deps);
  fixDisbursementItemRoute(r, deps);
  submitDisbursementRoute(r, deps);
  retryDisbursementRoute(r, deps);
  getDisbursementReportRoute(r, deps);
}

function getDisbursementTemplateRoute(r: Router, _deps: AppDeps) {
  r.get(
    '/api/disbursements/template',
    {
      config: needs('disbursement', 'get'),
      schema: {
        operationId: 'getDisbursementTemplate',
        summary: 'The bulk disbursement template (CSV by default, or format=xlsx)',
        tags,
        querystring: templateQuery,
        response: { 200: z.any().describe('The template file (text/csv or xlsx)') },
      },
    },
    async (req, reply) =>
      sendSheet(
        reply,
        'owo-bulk-disbursement-template',
        ['accountNumber', 'bankCode', 'amount', 'narration'],
        [['0123456785', '058', '15000.00', 'Supplier payment']],
        req.query.format ?? 'csv',
      ),
  );
}

function listDisbursementsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/disbursements',
    {
      ...fastList(),
      config: needs('disbursement', 'get'),
      schema: {
        operationId: 'listDisbursements',
        summary: 'List bulk disbursements (tab pending|rejected|active, search, from/to), newest first',
        description:
          'format=csv answers every row the same filters select as a streamed text/csv attachment.',
        tags,
        querystring: disbursementListQuery,
        response: {
          200: listEnvelope(disbursementSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      if (wantsCsv(req.query))
        return sendCsv(reply, 'owo-disbursements.csv', disbursementsCsv(readerOf(deps), tenant, req.query));
      const { items, total } = await listDisbursements(db, tenant, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getDisbursementRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/disbursements/:id',
    {
      config: needs('disbursement', 'get'),
      schema: {
        operationId: 'getDisbursement',
        summary:
          'One bulk disbursement: progress counts, its rows (optionally one row status) and its approval item',
        tags,
        params: idParam,
        querystring: disbursementDetailQuery,
        response: { 200: envelope(disbursementDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await getDisbursement(db, {
          tenant: tenantOf(req),
          id: req.params.id,
          viewerId: authOf(req).user.id,
          itemStatus: req.query.itemStatus,
        }),
      ),
  );
}

function fixDisbursementItemRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/disbursements/:id/items/:itemId',
    {
      config: needs('disbursement', 'put'),
      schema: {
        operationId: 'fixDisbursementItem',
        summary: "Fix a failed row's bank details; the row is NUBAN-checked and resolved again",
        tags,
        params: disbursementItemParams,
        body: disbursementItemBody,
        response: { 200: envelope(disbursementDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      await fixItem(deps, { tenant, id: req.params.id, itemId: req.params.itemId, ...req.body });
      const data = await getDisbursement(db, {
        tenant,
        id: req.params.id,
        viewerId: authOf(req).user.id,
        itemStatus: 'invalid',
      });
      return ok(data, M.rowFixed);
    },
  );
}

function submitDisbursementRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/disbursements/:id/submit',
    {
      config: needs('disbursement', 'post'),
      schema: {
        operationId: 'submitDisbursement',
        summary:
          'Send a batch whose failed rows were fixed to approval (the KYB-tier limit applies to its total)',
        tags,
        params: idParam,
        response: { 200: envelope(disbursementDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      await submitDisbursement(deps, { tenant, id: req.params.id });
      return ok(
        await getDisbursement(db, { tenant, id: req.params.id, viewerId: authOf(req).user.id }),
        M.submitted,
      );
    },
  );
}

function retryDisbursementRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/disbursements/:id/retry',
    {
      config: needs('disbursement', 'post'),
      schema: {
        operationId: 'retryDisbursement',
        summary: 'Pay the failed rows again (only them), each under a new transfer reference',
        description: 'Requires an Idempotency-Key header: a repeated request answers the first answer.',
        tags,
        params: idParam,
        headers: idempotencyHeader,
        response: { 200: envelope(disbursementDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const viewerId = authOf(req).user.id;
      return withIdempotency(deps, req, reply, async (tx) => {
        const after: (() => Promise<void> | void)[] = [];
        await retryDisbursement(tx, deps, { tenant, id: req.params.id, afterCommit: (fn) => after.push(fn) });
        const data = await getDisbursement(tx as never, { tenant, id: req.params.id, viewerId });
        return { statusCode: 200, body: ok(data, M.retried), afterCommit: () => runAfterCommit(after) };
      });
    },
  );
}

function getDisbursementReportRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/disbursements/:id/report',
    {
      config: needs('disbursement', 'get'),
      schema: {
        operationId: 'getDisbursementReport',
        summary: 'The outcome of every row as a CSV download',
        tags,
        params: idParam,
        response: {
          200: z.any().describe('text/csv: one line per row with its status and error'),
          404: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { name, body } = await reportCsv(readerOf(deps), tenantOf(req), req.params.id);
      return sendCsv(reply, name, body);
    },
  );
}
