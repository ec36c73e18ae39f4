import type { FastifyInstance } from 'fastify';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  PAYEE_MSG,
  payeeBody,
  payeeDetailSchema,
  payeeListQuery,
  payeeSchema,
  payeeUpdateBody,
} from '@owo/contract';
import { sendCsv, wantsCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import { maskedBank, recordAuditChange } from '../audit';
import { registerVendorOnboarding } from './onboarding-routes';
import { registerPayeeApprovals } from './bank-change';
import { createPayee, getPayee, listPayees, payeesCsv, updatePayee } from './service';
import { readerOf } from '../../platform/read-replica';

const tags = ['payees'];

/** Vendors under the spec's name `/api/payee` (issue 23 §1). Register after approvals and payouts. */
export async function registerPayees(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerPayeeApprovals(deps);
  await registerVendorOnboarding(app, deps);
  listPayeesRoute(r, deps);
  createPayeeRoute(r, deps);
  getPayeeRoute(r, deps);
  updatePayeeRoute(r, deps);
}

function listPayeesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payee',
    {
      ...fastList(),
      config: needs('payee', 'get'),
      schema: {
        operationId: 'listPayees',
        summary: 'List vendors (search by name, email or account number), newest first',
        description:
          'format=csv answers every row the same filters select as a streamed text/csv attachment.',
        tags,
        querystring: payeeListQuery,
        response: {
          200: listEnvelope(payeeSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { accountId } = tenantOf(req);
      if (wantsCsv(req.query))
        return sendCsv(reply, 'owo-vendors.csv', payeesCsv(readerOf(deps), accountId, req.query));
      const { items, total } = await listPayees(db, accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function createPayeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/payee',
    {
      config: needs('payee', 'post'),
      schema: {
        operationId: 'createPayee',
        summary: 'Create a vendor; the bank account is NUBAN-checked and its resolved name wins',
        tags,
        body: payeeBody,
        response: { 201: envelope(payeeDetailSchema), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const id = await createPayee(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        body: req.body,
      });
      const data = await getPayee(db, {
        accountId: tenantOf(req).accountId,
        id,
        viewerId: authOf(req).user.id,
      });
      return reply.code(201).send(ok(data, PAYEE_MSG.created));
    },
  );
}

function getPayeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payee/:id',
    {
      config: needs('payee', 'get'),
      schema: {
        operationId: 'getPayee',
        summary: 'One vendor: details, approved bank account, pending bank change, payments and open bills',
        tags,
        params: idParam,
        response: { 200: envelope(payeeDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await getPayee(db, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          viewerId: authOf(req).user.id,
        }),
      ),
  );
}

function updatePayeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/payee/:id',
    {
      config: needs('payee', 'put'),
      schema: {
        operationId: 'updatePayee',
        summary: 'Edit a vendor; a new bank account waits for a second person’s approval',
        description:
          'name, phone, billingAddress and email apply at once. bankCode + accountNumber request a bank change: the vendor keeps answering (and being paid to) its old account, the new one shows under pendingBankChange until someone other than the requester approves it (approval type payeeBankChange), the previous email is told at once, and pending or scheduled payouts to the vendor go back to approval.',
        tags,
        params: idParam,
        body: payeeUpdateBody,
        response: { 200: envelope(payeeDetailSchema), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      const { bankChangeRequested, afterCommit } = await updatePayee(deps, {
        tenant,
        userId,
        id: req.params.id,
        body: req.body,
      });
      await runAfterCommit(afterCommit);
      const data = await getPayee(db, { accountId: tenant.accountId, id: req.params.id, viewerId: userId });
      // A bank change request: the account in force and the one requested (masked) in the audit row.
      if (bankChangeRequested)
        recordAuditChange(
          req,
          { bank: maskedBank(data) },
          { bank: maskedBank(data), pendingBankChange: maskedBank(data.pendingBankChange) },
        );
      return ok(data, bankChangeRequested ? PAYEE_MSG.bankChangeRequested : PAYEE_MSG.updated);
    },
  );
}
