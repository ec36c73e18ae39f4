// Bill routes beyond the request/pay flow: the inbox address, draft completion, approval tiers and
// the bill import (one function per operation).
import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import { billSchema, envelope, errorEnvelope, refParam, PAYOUT_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';

import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { importUploadRoute } from '../../platform/imports/upload-route';
import { ok, routerOf, type Router } from '../../platform/http';

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
  importConfirmSchema,
  importTemplateQuery,
} from '@owo/contract';
import { sendSheet } from '../../platform/spreadsheet';
import { billTiersDto, saveBillTier } from '../approvals';
import { commitImport, getImport } from '../../platform/imports';
import { BILL_TEMPLATE_EXAMPLE, billBatchDto, billImport } from './bill-import';
import { completeDraftBill, getBill } from './bills';
import { billInboxAddress, startBillInbox } from './inbox';

const tags = ['payouts'];

const TIER_NOTE =
  'Bill tiers are approval bands by amount, kept in the AP policy: tier one the lowest amounts, tier three the highest, each naming the approval workflow (type payout) that approves bills in it. They are NOT the KYB tiers (the account verification levels that set payout limits).';

/** Bill import, bill tiers and the bill inbox address (issue 23 §2). */
export async function registerBillExtras(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  // The inbound SMTP listener runs with the workers (embedded mode or `npm run worker`), off unless configured.
  deps.seams.on('workers', 'bill-inbox', async (d) => {
    const inbox = await startBillInbox(d);
    return inbox ? inbox.stop : async () => {};
  });
  getBillInboxEmailRoute(r, deps);
  completeDraftBillRoute(r, deps);
  listBillTiersRoute(r, deps);
  setBillTierRoute(r, deps);
  getBillImportTemplateRoute(r, deps);
  getBillImportRoute(r, deps);
  confirmBillImportRoute(r, deps);
  await importUploadRoute(app, deps, {
    url: '/api/payout/quote/import',
    config: needs('payouts', 'post'),
    operationId: 'uploadBillImport',
    summary:
      'Upload a bill file (multipart `file`, CSV or xlsx, ≤ 2 MB, ≤ 1,000 rows): validated, nothing written',
    description:
      'Rows become received bills for existing vendors (matched by bank account) or new ones, once confirmed. Duplicates: the same bank account and invoice number, within the file or already billed.',
    tags,
    schema: billImportSchema,
    kind: billImport,
    view: billBatchDto,
  });
}

function getBillInboxEmailRoute(r: Router, deps: AppDeps) {
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
}

function completeDraftBillRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function listBillTiersRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function setBillTierRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function getBillImportTemplateRoute(r: Router, _deps: AppDeps) {
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
}

function getBillImportRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

function confirmBillImportRoute(r: Router, deps: AppDeps) {
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
}
