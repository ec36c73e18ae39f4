// Settlement partner routes (002 §7 Partners), registered by registerInflows.
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  INFLOW_MSG,
  listEnvelope,
  partnerBody,
  partnerListQuery,
  partnerSchema,
  partnerTransactionSchema,
  partnerTxQuery,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { sendCsv, wantsCsv } from '../../platform/csv';
import { needs, tenantOf } from '../../platform/guard';
import { ok, paged, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { maskedBank, recordAuditChange } from '../audit';
import {
  createPartner,
  deletePartner,
  getPartner,
  listPartners,
  listPartnerTransactions,
  partnersCsv,
  updatePartner,
} from './partners';
import { errors, tags } from './route-parts';
import { readerOf } from '../../platform/read-replica';

const partnerDetailSchema = partnerSchema.extend({
  totalValue: z.string(),
  totalValueMinor: z.number().int(),
  recievedValue: z.string(),
  recievedValueMinor: z.number().int(),
  pendingValue: z.string(),
  pendingValueMinor: z.number().int(),
});

/** Settlement partners (002 §7 Partners): list, add, read, change, remove. */
export function registerPartnerRoutes(r: Router, deps: AppDeps) {
  partnerRoutes(r, deps);
  partnerRecordRoutes(r, deps);
  partnerChangeRoutes(r, deps);
}

/** The partner list (and its CSV) and adding a partner. */
function partnerRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
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
        return sendCsv(
          reply,
          'owo-partners.csv',
          partnersCsv(readerOf(deps), tenantOf(req).accountId, req.query),
        );
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
}

/** One partner and its settlements. */
function partnerRecordRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

/** Changing and removing a partner. */
function partnerChangeRoutes(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}
