// Invoice routes (002 §7 Invoices) and the public pay page's data, registered by registerInflows.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invoicePdf } from './pdf';
import {
  envelope,
  errorEnvelope,
  idParam,
  INFLOW_MSG,
  inflowTransactionSchema,
  inflowTxQuery,
  invoiceDetailSchema,
  invoiceGetQuery,
  invoiceListQuery,
  invoiceSchema,
  invoiceWizardBody,
  listEnvelope,
  linkTokenParam,
  REFUND_MSG,
  refundInitBody,
  refundParams,
  publicInvoiceSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { sendCsv, wantsCsv } from '../../platform/csv';
import { authOf, linkOf, needs, needsLink, tenantOf } from '../../platform/guard';
import { ok, paged, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import { listInflowTransactions } from './books';
import {
  cancelInvoice,
  DELIVERY_MSG,
  markDelivered,
  REMINDER_MSG,
  sendReminder,
  publicInvoiceByLink,
} from './collect';
import { initRefund } from './refunds';
import { retrySettlements, SETTLEMENT_MSG } from './settle-partners';
import { INVOICE_LINK, invoiceRow, invoicesCsv, listInvoices } from './invoice-read';
import { getInvoice } from './invoice-detail';
import { invoiceStep } from './invoice-wizard';
import { errors, tags } from './route-parts';
import { readerOf } from '../../platform/read-replica';

/** The invoice of the route's :id, as the caller sees it: what every invoice action answers. */
const invoiceAnswer = (deps: AppDeps, req: { params: { id: string } } & Parameters<typeof tenantOf>[0]) =>
  getInvoice(deps, { accountId: tenantOf(req).accountId, id: req.params.id, viewerId: authOf(req).user.id });

const invoiceList =
  (deps: AppDeps, drafts: boolean) =>
  async (req: FastifyRequest<{ Querystring: z.output<typeof invoiceListQuery> }>, reply: FastifyReply) => {
    const accountId = tenantOf(req).accountId;
    if (wantsCsv(req.query))
      return sendCsv(
        reply,
        drafts ? 'owo-invoice-drafts.csv' : 'owo-invoices.csv',
        invoicesCsv(readerOf(deps), accountId, req.query, drafts),
      );
    const { items, total } = await listInvoices(deps.db, accountId, req.query, drafts);
    return paged(items, req.query, total);
  };

/** Invoices (002 §7 Invoices): the wizard, lists, one invoice, its actions, refunds and the public pay page's data. */
export function registerInvoiceRoutes(r: Router, deps: AppDeps) {
  invoiceWizardRoutes(r, deps);
  invoiceListRoutes(r, deps);
  invoiceRecordRoutes(r, deps);
  invoiceActionRoutes(r, deps);
  invoiceDeliveryAndRefundRoutes(r, deps);
  publicInvoiceRoutes(r, deps);
}

/** The three-step invoice wizard. */
function invoiceWizardRoutes(r: Router, deps: AppDeps) {
  r.post(
    '/api/inflows/invoice',
    {
      config: needs('inflows', 'post'),
      schema: {
        operationId: 'saveInvoiceStep',
        summary: 'Invoice wizard: step 1 details, step 2 payment terms, step 3 finalise (to approval)',
        tags,
        body: invoiceWizardBody,
        response: { 200: envelope(invoiceDetailSchema), ...errors },
      },
    },
    async (req) => {
      const t = tenantOf(req);
      const userId = authOf(req).user.id;
      const res = await invoiceStep(deps, { accountId: t.accountId, userId, ...req.body });
      await runAfterCommit(res.afterCommit);
      return ok(
        await getInvoice(deps, { accountId: t.accountId, id: res.id, viewerId: userId }),
        res.message,
      );
    },
  );
}

/** Invoices, drafts, and every invoice's transactions. */
function invoiceListRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/inflows/invoice',
    {
      ...fastList(),
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'listInvoices',
        summary: 'Invoices (not drafts): search customer, reference or amount; status, approval, dates',
        tags,
        querystring: invoiceListQuery,
        response: {
          200: listEnvelope(invoiceSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    invoiceList(deps, false),
  );
  r.get(
    '/api/inflows/invoice/drafts',
    {
      ...fastList(),
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'listInvoiceDrafts',
        summary: 'Invoice drafts, newest first',
        tags,
        querystring: invoiceListQuery,
        response: {
          200: listEnvelope(invoiceSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    invoiceList(deps, true),
  );
  r.get(
    '/api/inflows/invoice/transactions',
    {
      ...fastList(),
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'listInflowTransactions',
        summary: 'Collections, settlements and refunds of every invoice',
        tags,
        querystring: inflowTxQuery,
        response: { 200: listEnvelope(inflowTransactionSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listInflowTransactions(db, {
        accountId: tenantOf(req).accountId,
        invoiceId: null,
        ...req.query,
      });
      return paged(items, req.query, total);
    },
  );
}

/** One invoice, its transactions, and retrying its partner settlements. */
function invoiceRecordRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/inflows/invoice/:id',
    {
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'getInvoice',
        summary:
          'An invoice with installments, settlements, refunds and its approval (edit=true for a draft)',
        tags,
        params: idParam,
        querystring: invoiceGetQuery,
        response: { 200: envelope(invoiceDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await getInvoice(deps, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          viewerId: authOf(req).user.id,
        }),
      ),
  );
  r.get(
    '/api/inflows/invoice/:id/transactions',
    {
      ...fastList(),
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'listInvoiceTransactions',
        summary: 'Collections, settlements and refunds of one invoice (transaction attempts)',
        tags,
        params: idParam,
        querystring: inflowTxQuery,
        response: { 200: listEnvelope(inflowTransactionSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const accountId = tenantOf(req).accountId;
      await invoiceRow(db, accountId, req.params.id);
      const { items, total } = await listInflowTransactions(db, {
        accountId,
        invoiceId: req.params.id,
        ...req.query,
      });
      return paged(items, req.query, total);
    },
  );
  r.post(
    '/api/inflows/invoice/:id/settlements/init-payment',
    {
      config: needs('inflows', 'post'),
      schema: {
        operationId: 'retryInvoiceSettlements',
        summary: 'Retry failed and unstarted partner settlements of an invoice',
        tags,
        params: idParam,
        response: { 200: envelope(invoiceDetailSchema), ...errors },
      },
    },
    async (req) => {
      const accountId = tenantOf(req).accountId;
      await retrySettlements(deps, accountId, req.params.id);
      return ok(await invoiceAnswer(deps, req), SETTLEMENT_MSG.retried);
    },
  );
}

/** Reminding the customer, the printable PDF, cancelling. */
function invoiceActionRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/inflows/invoice/notification/:id',
    {
      config: { ...needs('inflows', 'post'), action: true },
      schema: {
        operationId: 'sendInvoiceReminder',
        summary: 'Mail the customer a reminder with the pay link (approved, not fully paid)',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      await sendReminder(deps, tenantOf(req).accountId, req.params.id);
      return ok(null, REMINDER_MSG.sent);
    },
  );
  r.get(
    '/api/inflows/invoice/:id/pdf',
    {
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'downloadInvoicePdf',
        summary: 'The printable invoice (PDF): products, totals, payment terms and how to pay',
        tags,
        params: idParam,
        response: { 200: z.any().describe('application/pdf'), 404: errorEnvelope },
      },
    },
    async (req, reply) => {
      const pdf = await invoicePdf(deps, db, tenantOf(req).accountId, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="invoice-${req.params.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  r.post(
    '/api/inflows/invoice/:id/cancel',
    {
      config: needs('inflows', 'put'),
      schema: {
        operationId: 'cancelInvoice',
        summary: 'Cancel an invoice not yet fully paid; its unpaid installments become cancelled',
        tags,
        params: idParam,
        response: { 200: envelope(invoiceDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const accountId = tenantOf(req).accountId;
      await cancelInvoice(db, accountId, req.params.id);
      return ok(await invoiceAnswer(deps, req), INFLOW_MSG.invoiceCancelled);
    },
  );
}

/** Confirming delivery and paying an overage back. */
function invoiceDeliveryAndRefundRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/inflows/invoice/:id/delivery/mark-as-delivered',
    {
      config: needs('invoiceDelivery', 'patch'),
      schema: {
        operationId: 'markInvoiceDelivered',
        summary: 'Confirm delivery of an approved invoice',
        tags,
        params: idParam,
        response: { 200: envelope(invoiceDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const accountId = tenantOf(req).accountId;
      await markDelivered(db, accountId, req.params.id);
      return ok(await invoiceAnswer(deps, req), DELIVERY_MSG.updated);
    },
  );
  r.post(
    '/api/inflows/invoice/:id/refunds/:refundId/init',
    {
      config: needs('invoiceRefunds', 'post'),
      schema: {
        operationId: 'initInvoiceRefund',
        summary: 'Pay an overage back (to the given account) through the money core',
        tags,
        params: refundParams,
        body: refundInitBody,
        response: { 200: envelope(invoiceDetailSchema), ...errors },
      },
    },
    async (req) => {
      const accountId = tenantOf(req).accountId;
      const userId = authOf(req).user.id;
      await initRefund(deps, {
        accountId,
        invoiceId: req.params.id,
        refundId: req.params.refundId,
        userId,
        body: req.body,
      });
      return ok(await getInvoice(deps, { accountId, id: req.params.id, viewerId: userId }), REFUND_MSG.done);
    },
  );
}

/** The public pay page's data: no sign-in; the link's token (never an id) is the only key. */
function publicInvoiceRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/public/invoices/:token',
    {
      config: needsLink(INVOICE_LINK, 'view', {
        unknown: INFLOW_MSG.invoiceNotFound,
        revoked: INFLOW_MSG.invoiceLinkCancelled,
      }),
      schema: {
        operationId: 'getPublicInvoice',
        summary: 'What a payer needs: company, products, amount due now and the account to pay into',
        description:
          'The token is the invoice’s pay link token (256 bits, stored hashed; never the company’s or the invoice’s id), issued at approval: unknown 404; the invoice cancelled 410 (link-revoked); expired (two years) 410.',
        tags,
        params: linkTokenParam,
        response: { 200: envelope(publicInvoiceSchema), 404: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (req) => ok(await publicInvoiceByLink(db, linkOf(req))),
  );
}
