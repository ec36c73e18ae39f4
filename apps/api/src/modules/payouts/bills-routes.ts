import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILL_MSG,
  bankSchema,
  billListQuery,
  billPayoutBody,
  billRequestBody,
  billSchema,
  envelope,
  errorEnvelope,
  listEnvelope,
  MSG,
  payoutDetailSchema,
  refParam,
  sendBillFields,
  sendBillInfoSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fieldError } from '../../platform/errors';
import { authOf, isPublic, needs, tenantOf } from '../../platform/guard';
import { ok, paged } from '../../platform/http';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, withIdempotency } from '../../platform/idempotency';
import { runAfterCommit } from '../approvals';
import { listBanks } from '../banks';
import { billToPayout, getBill, listBills, requestBill, sendBillInfo, submitBill } from './bills';
import { getPayout } from './service';

const tags = ['payouts'];
const BILL_FILE_MAX = 1024 * 1024;
const idempotencyHeader = z
  .object({ 'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID).optional() })
  .passthrough();

/** Bills (issue 23 §2): request, the public send-bill calls, read, list, and bill → payout. */
export async function registerBills(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.post(
    '/api/payout/quote/request',
    {
      config: needs('payouts', 'post'),
      schema: {
        operationId: 'requestBill',
        summary: 'Request a bill from a vendor by email (a single-use send-bill link is mailed)',
        tags,
        body: billRequestBody,
        response: { 201: envelope(billSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const bill = await requestBill(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        ...req.body,
      });
      return reply.code(201).send(ok(bill, BILL_MSG.requested));
    },
  );

  r.get(
    '/api/payout/quotes',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'listBills',
        summary: 'Bill requests and received bills, newest first',
        tags,
        querystring: billListQuery,
        response: { 200: listEnvelope(billSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listBills(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );

  r.get(
    '/api/payout/quote/:ref',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'getBill',
        summary: 'One bill by its reference',
        tags,
        params: refParam,
        response: { 200: envelope(billSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getBill(db, { accountId: tenantOf(req).accountId, ref: req.params.ref })),
  );

  r.post(
    '/api/payout/quote/:ref/payout',
    {
      config: needs('payouts', 'post'),
      schema: {
        operationId: 'createBillPayout',
        summary: 'Send a received bill for payment: it becomes a payout (approval type payout)',
        description:
          'Requires an Idempotency-Key. The vendor is the one of the bill’s email (created from the bill when none); a bill whose bank account differs from that vendor’s is refused (409): change the vendor’s bank first, which needs approval.',
        tags,
        params: refParam,
        headers: idempotencyHeader,
        body: billPayoutBody,
        response: {
          201: envelope(payoutDetailSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      return withIdempotency(deps, req, reply, async (tx) => {
        const after: (() => Promise<void> | void)[] = [];
        const id = await billToPayout(tx, deps, {
          tenant,
          userId,
          ref: req.params.ref,
          ...req.body,
          afterCommit: (fn) => after.push(fn),
        });
        const data = await getPayout(tx as never, { tenant, id, viewerId: userId });
        return { statusCode: 201, body: ok(data, BILL_MSG.sent), afterCommit: () => runAfterCommit(after) };
      });
    },
  );

  r.get(
    '/api/verify/payout/quote/:ref',
    {
      config: isPublic(),
      schema: {
        operationId: 'getSendBill',
        summary: 'Public: the company name and recipient email of a send-bill link',
        description:
          'Unknown ref: 404; a ref already used: 409. Nothing of the company but its name is answered.',
        tags,
        params: refParam,
        response: { 200: envelope(sendBillInfoSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => ok(await sendBillInfo(db, req.params.ref)),
  );

  r.get(
    '/api/verify/payout/quote/:ref/banks',
    {
      config: isPublic(),
      schema: {
        operationId: 'listSendBillBanks',
        summary: 'Public: the bank list for the send-bill form (only with a live send-bill ref)',
        tags,
        params: refParam,
        response: { 200: envelope(z.array(bankSchema)), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      await sendBillInfo(db, req.params.ref);
      return ok(await listBanks(deps));
    },
  );

  // Multipart only in this scope (as files does): the vendor's bill and its PDF or image.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BILL_FILE_MAX, files: 1, fields: 10, parts: 11 },
    });
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/verify/payout/quote/:ref',
      {
        config: isPublic(),
        schema: {
          operationId: 'submitSendBill',
          summary:
            'Public: the vendor sends the bill (multipart: amount, description, invoiceNumber, dueDate, bankCode, accountNumber, file)',
          description:
            'Single use: a used ref answers 409, an unknown one 404. The bank account is NUBAN-checked and resolved.',
          tags,
          consumes: ['multipart/form-data'],
          params: refParam,
          response: { 200: envelope(z.null()), 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw fieldError('file', BILL_MSG.fileRequired);
        const fields: Record<string, string> = {};
        let file: { name: string; bytes: Buffer } | null = null;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'file') file = { name: part.filename, bytes: await part.toBuffer() };
              else await part.toBuffer();
            } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 1000);
          }
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
            throw fieldError('file', MSG.fileTooLarge);
          if (code?.startsWith('FST_')) throw badRequest('Invalid multipart body');
          throw e;
        }
        const parsed = sendBillFields.safeParse(fields);
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const i of parsed.error.issues) (errors[i.path.join('.') || 'body'] ??= []).push(i.message);
          throw badRequest('Validation failed', errors);
        }
        await submitBill(deps, { ref: req.params.ref, fields: parsed.data, file });
        return ok(null, BILL_MSG.submitted);
      },
    );
  });
}
