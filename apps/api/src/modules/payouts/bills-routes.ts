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
  linkTokenParam,
  listEnvelope,
  MSG,
  payoutDetailSchema,
  refParam,
  sendBillFields,
  sendBillInfoSchema,
  PAYOUT_MSG,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest, fieldError } from '../../platform/errors';
import { authOf, linkOf, needs, needsLink, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, withIdempotency } from '../../platform/idempotency';
import { runAfterCommit } from '../approvals';
import { listBanks } from '../banks';

import {
  billToPayout,
  BILL_REQUEST_LINK,
  getBill,
  listBills,
  requestBill,
  sendBillInfo,
  submitBill,
} from './bills';

import { getPayout } from './read';
import { filePartBytes } from '../../platform/spreadsheet';
import { registerBillExtras } from './bill-extras-routes';

const tags = ['payouts'];
/** The send-bill link: the guard resolves its token to the one bill it allows (platform/tokens.ts). */
const billLink = needsLink(BILL_REQUEST_LINK, 'submit', BILL_MSG);
const LINK_NOTE =
  'Its token (256 random bits, stored hashed; never the bill’s reference) allows this bill only, once, for 30 days: unknown 404; used, expired or revoked 410 (status link-used, link-expired, link-revoked).';
const BILL_FILE_MAX = 1024 * 1024;
const idempotencyHeader = z
  .object({ 'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID).optional() })
  .passthrough();

/** Bills (issue 23 §2): request, the public send-bill calls, read, list, and bill → payout. */
export async function registerBills(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  await registerBillExtras(app, deps);
  requestBillRoute(r, deps);
  listBillsRoute(r, deps);
  getBillRoute(r, deps);
  createBillPayoutRoute(r, deps);
  getSendBillRoute(r, deps);
  listSendBillBanksRoute(r, deps);
  // Multipart only in this scope (as files does): the vendor's bill and its PDF or image.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BILL_FILE_MAX, files: 1, fields: 10, parts: 11 },
    });
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/verify/payout/quote/:token',
      {
        config: billLink,
        schema: {
          operationId: 'submitSendBill',
          summary:
            'Public: the vendor sends the bill (multipart: amount, description, invoiceNumber, dueDate, bankCode, accountNumber, file)',
          description: `${LINK_NOTE} The link is spent with the bill's submission. The bank account is NUBAN-checked and resolved.`,
          tags,
          consumes: ['multipart/form-data'],
          params: linkTokenParam,
          response: { 200: envelope(z.null()), 404: errorEnvelope, 410: errorEnvelope },
        },
      },
      async (req) => {
        if (!req.isMultipart()) throw fieldError('file', BILL_MSG.fileRequired);
        const fields: Record<string, string> = {};
        let file: { name: string; bytes: Buffer } | null = null;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'file') file = { name: part.filename, bytes: await filePartBytes(part) };
              else await filePartBytes(part);
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
        await submitBill(deps, { link: linkOf(req), fields: parsed.data, file });
        return ok(null, BILL_MSG.submitted);
      },
    );
  });
}

function requestBillRoute(r: Router, deps: AppDeps) {
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
}

function listBillsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function getBillRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function createBillPayoutRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payout/quote/:ref/payout',
    {
      config: {
        ...needs('payouts', 'post'),
        ...bodyRefs({
          walletId: { table: 'wallets', message: PAYOUT_MSG.selectWallet },
          categoryId: 'categories',
        }),
      },
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
}

function getSendBillRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/verify/payout/quote/:token',
    {
      config: billLink,
      schema: {
        operationId: 'getSendBill',
        summary: 'Public: the company name and recipient email of a send-bill link',
        description: `${LINK_NOTE} Nothing of the company but its name is answered.`,
        tags,
        params: linkTokenParam,
        response: { 200: envelope(sendBillInfoSchema), 404: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (req) => ok(await sendBillInfo(db, linkOf(req))),
  );
}

function listSendBillBanksRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/verify/payout/quote/:token/banks',
    {
      config: billLink,
      schema: {
        operationId: 'listSendBillBanks',
        summary: 'Public: the bank list for the send-bill form (only with a live send-bill link)',
        description: LINK_NOTE,
        tags,
        params: linkTokenParam,
        response: { 200: envelope(z.array(bankSchema)), 404: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (req) => {
      await sendBillInfo(db, linkOf(req));
      return ok(await listBanks(deps));
    },
  );
}
