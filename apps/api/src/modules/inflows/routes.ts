// Receivables routes (002 §7 Partners, Customers, Invoices; issue 24). Register after money,
// funding and approvals. Customers are here; partners and invoices have their own route files.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerReminders } from './reminders';
import {
  customerBody,
  customerListQuery,
  customerSchema,
  envelope,
  errorEnvelope,
  idParam,
  INFLOW_MSG,
  invoiceSchema,
  listEnvelope,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { sendCsv, wantsCsv } from '../../platform/csv';
import { needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { assignInvoiceAccount, registerCollections } from './collect';
import { createCustomer, customersCsv, getCustomer, listCustomers, updateCustomer } from './customers';
import { registerInvoiceApprovals } from './invoice-approvals';
import { registerCustomerPortal } from './portal';
import { errors, tags } from './route-parts';
import { registerPartnerRoutes } from './partner-routes';
import { registerInvoiceRoutes } from './invoice-routes';
import { readerOf } from '../../platform/read-replica';

export async function registerInflows(app: FastifyInstance, deps: AppDeps) {
  registerInvoiceApprovals(deps, (id) => assignInvoiceAccount(deps, id));
  registerCollections(deps);
  registerReminders(deps);
  registerCustomerPortal(app, deps);
  const r = routerOf(app);
  customerRoutes(r, deps);
  customerRecordRoutes(r, deps);
  registerPartnerRoutes(r, deps);
  registerInvoiceRoutes(r, deps);
}

/** The customer list (and its CSV) and adding a customer. */
function customerRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
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
        return sendCsv(
          reply,
          'owo-customers.csv',
          customersCsv(readerOf(deps), tenantOf(req).accountId, req.query),
        );
      const { items, total } = await listCustomers(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

/** One customer with their invoices, and changing a customer. */
function customerRecordRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}
