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
import { ok, paged } from '../../platform/http';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, withIdempotency } from '../../platform/idempotency';
import { runAfterCommit } from '../approvals';
import { listBanks } from '../banks';
import {
  BILL_DRAFT_MSG,
  billDraftBody,
  billInboxSchema,
  billImportSchema,
  billTierBody,
  billTierParams,
  billTierSchema,
  BILL_IMPORT_COLUMNS,
  BILL_TIER_MSG,
  idParam,
  IMPORT_MSG,
  importConfirmSchema,
  importTemplateQuery,
} from '@owo/contract';
import { sendSheet, readUploadedFile } from '../../platform/spreadsheet';
import { billTiersDto, saveBillTier } from '../approvals';
import { commitImport, getImport, uploadImport } from '../../platform/imports';
import { BILL_TEMPLATE_EXAMPLE, billBatchDto, billImport } from './bill-import';
import {
  billToPayout,
  completeDraftBill,
  BILL_REQUEST_LINK,
  getBill,
  listBills,
  requestBill,
  sendBillInfo,
  submitBill,
} from './bills';
import { billInboxAddress, startBillInbox } from './inbox';
import { getPayout } from './read';

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  await registerBillExtras(app, deps);

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
        await submitBill(deps, { link: linkOf(req), fields: parsed.data, file });
        return ok(null, BILL_MSG.submitted);
      },
    );
  });
}

const IMPORT_FILE_MAX = 2 * 1024 * 1024;
const TIER_NOTE =
  'Bill tiers are approval bands by amount, kept in the AP policy: tier one the lowest amounts, tier three the highest, each naming the approval workflow (type payout) that approves bills in it. They are NOT the KYB tiers (the account verification levels that set payout limits).';

/** Bill import, bill tiers and the bill inbox address (issue 23 §2). */
async function registerBillExtras(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // The inbound SMTP listener runs with the workers (embedded mode or `npm run worker`), off unless configured.
  deps.seams.on('workers', 'bill-inbox', async (d) => {
    const inbox = await startBillInbox(d);
    return inbox ? inbox.stop : async () => {};
  });

  r.get(
    '/api/ocr/quote/email',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'getBillInboxEmail',
        summary: 'The account’s own bill address: mail sent to it becomes a draft bill',
        description:
          'The address is random (not derived from the company) and created on first ask. A PDF or image attached to the mail is kept with the draft; the amount, invoice number and due date are read from the PDF text where present.',
        tags,
        response: { 200: envelope(billInboxSchema) },
      },
    },
    async (req) =>
      ok(await billInboxAddress(deps, { accountId: tenantOf(req).accountId, userId: authOf(req).user.id })),
  );

  r.put(
    '/api/payout/quote/:ref/draft',
    {
      config: {
        ...needs('payouts', 'post'),
        ...bodyRefs({ payeeId: { table: 'payees', message: PAYOUT_MSG.payeeNotFound } }),
      },
      schema: {
        operationId: 'completeDraftBill',
        summary:
          'Complete a draft bill (from the bill inbox): amount, invoice, due date and vendor; it becomes received',
        description:
          'The bill is paid to the vendor’s approved bank account, copied now; only a draft (409 otherwise).',
        tags,
        params: refParam,
        body: billDraftBody,
        response: { 200: envelope(billSchema), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const { accountId } = tenantOf(req);
      await completeDraftBill(db, { accountId, ref: req.params.ref, body: req.body });
      return ok(await getBill(db, { accountId, ref: req.params.ref }), BILL_DRAFT_MSG.completed);
    },
  );

  r.get(
    '/api/payout/quote/tiers',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'listBillTiers',
        summary: 'The bill tiers: approval bands by amount (not the KYB tiers)',
        description: TIER_NOTE,
        tags,
        response: { 200: envelope(z.array(billTierSchema).max(3)) },
      },
    },
    async (req) => ok(await billTiersDto(db, tenantOf(req).accountId)),
  );

  r.put(
    '/api/payout/quote/tier/:tier/:id',
    {
      config: needs('policy', 'put'),
      schema: {
        operationId: 'setBillTier',
        summary:
          'Set bill tier one, two or three: an amount band and the payout workflow that approves bills in it',
        description: `${TIER_NOTE} {id} is the approval workflow. fromAmount/toAmount are naira (toAmount omitted or null: no upper bound). Bands must not overlap and stay in order. A bill sent for payment whose amount falls in a band is approved by that band’s workflow.`,
        tags,
        params: billTierParams,
        body: billTierBody,
        response: { 200: envelope(z.array(billTierSchema).max(3)), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const { accountId } = tenantOf(req);
      await db.transaction((tx) =>
        saveBillTier(tx, {
          accountId,
          userId: authOf(req).user.id,
          tier: req.params.tier,
          workflowId: req.params.id,
          fromMinor: Math.round(req.body.fromAmount * 100),
          toMinor:
            req.body.toAmount === null || req.body.toAmount === undefined
              ? null
              : Math.round(req.body.toAmount * 100),
        }),
      );
      return ok(await billTiersDto(db, accountId), BILL_TIER_MSG.saved);
    },
  );

  r.get(
    '/api/payout/quote/import/template',
    {
      config: needs('payouts', 'post'),
      schema: {
        operationId: 'getBillImportTemplate',
        summary: 'The bill import template (CSV or xlsx) with one example row',
        description: `Columns: ${BILL_IMPORT_COLUMNS.join(', ')}. amount in naira; dueDate DD/MM/YYYY or YYYY-MM-DD (optional).`,
        tags,
        querystring: importTemplateQuery,
        response: {
          200: z.any().describe('The file bytes (text/csv or an xlsx workbook)'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) =>
      sendSheet(reply, 'owo-bills-template', BILL_IMPORT_COLUMNS, BILL_TEMPLATE_EXAMPLE, req.query.format),
  );

  r.get(
    '/api/payout/quote/import/:id',
    {
      config: needs('payouts', 'post'),
      schema: {
        operationId: 'getBillImport',
        summary: 'An uploaded bill file: every row with its errors (by spreadsheet row number)',
        tags,
        params: idParam,
        response: { 200: envelope(billImportSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(billBatchDto(await getImport(db, billImport, tenantOf(req).accountId, req.params.id))),
  );

  r.post(
    '/api/payout/quote/import/:id/confirm',
    {
      config: needs('payouts', 'post'),
      schema: {
        operationId: 'confirmBillImport',
        summary:
          'Confirm a bill import: new vendors and received bills are written together, or nothing (once)',
        tags,
        params: idParam,
        response: { 200: envelope(importConfirmSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const created = await commitImport(deps, billImport, {
        accountId: tenantOf(req).accountId,
        userId: authOf(req).user.id,
        id: req.params.id,
      });
      return ok({ created }, `${created} bill${created === 1 ? '' : 's'} imported`);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_FILE_MAX, files: 1, fields: 5, parts: 6 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payout/quote/import',
      {
        config: needs('payouts', 'post'),
        schema: {
          operationId: 'uploadBillImport',
          summary:
            'Upload a bill file (multipart `file`, CSV or xlsx, ≤ 2 MB, ≤ 1,000 rows): validated, nothing written',
          description:
            'Rows become received bills for existing vendors (matched by bank account) or new ones, once confirmed. Duplicates: the same bank account and invoice number, within the file or already billed.',
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(billImportSchema), 400: errorEnvelope },
        },
      },
      async (req, reply) => {
        const file = await readUploadedFile(req);
        const batch = billBatchDto(
          await uploadImport(deps, billImport, {
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
