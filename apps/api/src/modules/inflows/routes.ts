// Receivables routes (002 §7 Partners, Customers, Invoices; issue 24). Register after money,
// funding and approvals.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoicePdf } from './pdf';
import { registerReminders } from './reminders';
import {
  customerBody,
  customerListQuery,
  customerSchema,
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
  partnerBody,
  partnerListQuery,
  partnerSchema,
  partnerTransactionSchema,
  partnerTxQuery,
  linkTokenParam,
  REFUND_MSG,
  refundInitBody,
  refundParams,
  publicInvoiceSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { sendCsv, wantsCsv } from '../../platform/csv';
import { authOf, linkOf, needs, needsLink, tenantOf } from '../../platform/guard';
import { ok, paged } from '../../platform/http';
import { fastList } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import { maskedBank, recordAuditChange } from '../audit';
import { listInflowTransactions } from './books';
import {
  assignInvoiceAccount,
  cancelInvoice,
  DELIVERY_MSG,
  markDelivered,
  REMINDER_MSG,
  sendReminder,
  publicInvoiceByLink,
  registerCollections,
} from './collect';
import { initRefund } from './refunds';
import { retrySettlements, SETTLEMENT_MSG } from './settle-partners';
import { createCustomer, customersCsv, getCustomer, listCustomers, updateCustomer } from './customers';
import {
  createPartner,
  deletePartner,
  getPartner,
  listPartners,
  listPartnerTransactions,
  partnersCsv,
  updatePartner,
} from './partners';
import { INVOICE_LINK, invoiceRow, invoicesCsv, listInvoices } from './invoice-read';
import { getInvoice } from './invoice-detail';
import { invoiceStep } from './invoice-wizard';
import { registerInvoiceApprovals } from './invoice-approvals';
import { registerCustomerPortal } from './portal';

const tags = ['inflows'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const partnerDetailSchema = partnerSchema.extend({
  totalValue: z.string(),
  totalValueMinor: z.number().int(),
  recievedValue: z.string(),
  recievedValueMinor: z.number().int(),
  pendingValue: z.string(),
  pendingValueMinor: z.number().int(),
});

export async function registerInflows(app: FastifyInstance, deps: AppDeps) {
  registerInvoiceApprovals(deps, (id) => assignInvoiceAccount(deps, id));
  registerCollections(deps);
  registerReminders(deps);
  registerCustomerPortal(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // ---- customers
  r.post(
    '/api/inflows/customers',
    {
      config: needs('inflowsCustomers', 'post'),
      schema: {
        operationId: 'createInflowCustomer',
        summary: 'Add a customer',
        tags,
        body: customerBody,
        response: { 201: envelope(customerSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createCustomer(db, tenantOf(req).accountId, req.body), INFLOW_MSG.customerCreated)),
  );
  r.get(
    '/api/inflows/customers',
    {
      ...fastList(),
      config: needs('inflowsCustomers', 'get'),
      schema: {
        operationId: 'listInflowCustomers',
        summary: 'Customers (search by name, email or phone); format=csv exports every match',
        tags,
        querystring: customerListQuery,
        response: {
          200: listEnvelope(customerSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      if (wantsCsv(req.query))
        return sendCsv(reply, 'owo-customers.csv', customersCsv(db, tenantOf(req).accountId, req.query));
      const { items, total } = await listCustomers(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
  r.get(
    '/api/inflows/customers/:id',
    {
      config: needs('inflowsCustomers', 'get'),
      schema: {
        operationId: 'getInflowCustomer',
        summary: 'A customer with their invoices',
        tags,
        params: idParam,
        response: {
          200: envelope(customerSchema.extend({ invoices: z.array(invoiceSchema) })),
          404: errorEnvelope,
        },
      },
    },
    async (req) => ok(await getCustomer(db, tenantOf(req).accountId, req.params.id)),
  );
  r.put(
    '/api/inflows/customers/:id',
    {
      config: needs('inflowsCustomers', 'put'),
      schema: {
        operationId: 'updateInflowCustomer',
        summary: 'Change a customer',
        tags,
        params: idParam,
        body: customerBody,
        response: { 200: envelope(customerSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await updateCustomer(db, tenantOf(req).accountId, req.params.id, req.body),
        INFLOW_MSG.customerUpdated,
      ),
  );

  // ---- partners
  r.get(
    '/api/inflows/partners',
    {
      ...fastList(),
      config: needs('inflowsPartners', 'get'),
      schema: {
        operationId: 'listInflowPartners',
        summary: 'Settlement partners (search by name or account number); format=csv exports every match',
        tags,
        querystring: partnerListQuery,
        response: {
          200: listEnvelope(partnerSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      if (wantsCsv(req.query))
        return sendCsv(reply, 'owo-partners.csv', partnersCsv(db, tenantOf(req).accountId, req.query));
      const { items, total } = await listPartners(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
  r.post(
    '/api/inflows/partners',
    {
      config: needs('inflowsPartners', 'post'),
      schema: {
        operationId: 'createInflowPartner',
        summary: 'Add a settlement partner (account NUBAN-checked and resolved)',
        tags,
        body: partnerBody,
        response: { 201: envelope(partnerSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const partner = await createPartner(deps, tenantOf(req).accountId, req.body);
      recordAuditChange(req, null, { bank: maskedBank(partner) });
      return reply.code(201).send(ok(partner, INFLOW_MSG.partnerCreated));
    },
  );
  r.get(
    '/api/inflows/partners/:id',
    {
      config: needs('inflowsPartners', 'get'),
      schema: {
        operationId: 'getInflowPartner',
        summary: 'A partner with total, received and pending values',
        tags,
        params: idParam,
        response: { 200: envelope(partnerDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getPartner(db, tenantOf(req).accountId, req.params.id)),
  );
  r.get(
    '/api/inflows/partners/:id/transactions',
    {
      ...fastList(),
      config: needs('inflowsPartners', 'get'),
      schema: {
        operationId: 'listInflowPartnerTransactions',
        summary: "A partner's settlements (10 a page), search by invoice reference or customer",
        tags,
        params: idParam,
        querystring: partnerTxQuery,
        response: { 200: listEnvelope(partnerTransactionSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listPartnerTransactions(db, {
        accountId: tenantOf(req).accountId,
        id: req.params.id,
        ...req.query,
      });
      return paged(items, req.query, total);
    },
  );
  r.put(
    '/api/inflows/partners/:id',
    {
      config: needs('inflowsPartners', 'put'),
      schema: {
        operationId: 'updateInflowPartner',
        summary: 'Change a partner (account re-checked)',
        tags,
        params: idParam,
        body: partnerBody,
        response: { 200: envelope(partnerSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await updatePartner(deps, tenantOf(req).accountId, req.params.id, req.body, (before, after) =>
          recordAuditChange(req, before, after),
        ),
        INFLOW_MSG.partnerUpdated,
      ),
  );
  r.delete(
    '/api/inflows/partners/:id',
    {
      config: needs('inflowsPartners', 'delete'),
      schema: {
        operationId: 'deleteInflowPartner',
        summary: 'Remove a partner (settlements already made keep it)',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope },
      },
    },
    async (req) => {
      await deletePartner(db, tenantOf(req).accountId, req.params.id);
      return ok(null, INFLOW_MSG.partnerDeleted);
    },
  );

  // ---- invoices
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
  const invoiceList =
    (drafts: boolean) =>
    async (req: FastifyRequest<{ Querystring: z.output<typeof invoiceListQuery> }>, reply: FastifyReply) => {
      const accountId = tenantOf(req).accountId;
      if (wantsCsv(req.query))
        return sendCsv(
          reply,
          drafts ? 'owo-invoice-drafts.csv' : 'owo-invoices.csv',
          invoicesCsv(db, accountId, req.query, drafts),
        );
      const { items, total } = await listInvoices(db, accountId, req.query, drafts);
      return paged(items, req.query, total);
    };
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
    invoiceList(false),
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
    invoiceList(true),
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
      return ok(
        await getInvoice(deps, { accountId, id: req.params.id, viewerId: authOf(req).user.id }),
        SETTLEMENT_MSG.retried,
      );
    },
  );

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
      return ok(
        await getInvoice(deps, { accountId, id: req.params.id, viewerId: authOf(req).user.id }),
        INFLOW_MSG.invoiceCancelled,
      );
    },
  );
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
      return ok(
        await getInvoice(deps, { accountId, id: req.params.id, viewerId: authOf(req).user.id }),
        DELIVERY_MSG.updated,
      );
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

  // ---- the public pay page's data: no sign-in; the link's token (never an id) is the only key
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
