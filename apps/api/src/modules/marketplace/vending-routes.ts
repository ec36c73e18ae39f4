// The marketplace's vending calls (issue 26 §2): buy electricity (one service, two paths), a vending,
// a rejected vending's new amount, and the list.
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  MARKETPLACE_MSG as MSG,
  vendingBulkBody,
  vendingCreateBody,
  vendingDetailSchema,
  vendingListQuery,
  vendingOrderSchema,
  vendingSchema,
  vendingUpdateBody,
  fromMinor,
  type VendingCreateInput,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import { createVendings } from './create-vendings';
import { getVending, listVendings, orderVendings } from './read-vendings';
import { updateVendingAmount } from './vending-approvals';

/** Creates the order's vendings, runs what waits for the commit, and answers the order. */
async function createOrder(deps: AppDeps, req: Parameters<typeof tenantOf>[0], body: VendingCreateInput) {
  const { orderId, afterCommit } = await createVendings(deps, {
    tenant: tenantOf(req),
    userId: authOf(req).user.id,
    body,
  });
  await runAfterCommit(afterCommit);
  const vs = await orderVendings(deps.db, tenantOf(req).accountId, orderId);
  const totalMinor = vs.reduce((s, v) => s + v.amountMinor, 0);
  return ok({ orderId, total: fromMinor(totalMinor), totalMinor, vendings: vs }, MSG.vendingCreated);
}

/** The wallet, meters and category of a purchase are the company's own. */
const VENDING_REFS = bodyRefs({
  walletId: { table: 'wallets', message: MSG.selectWallet },
  'assets.*.assetId': { table: 'meters', message: MSG.meterNotFound },
  categoryId: 'categories',
}).refs;

const tags = ['marketplace'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** The vending calls, in their order (the docs' order). */
export function registerVendingRoutes(r: Router, deps: AppDeps) {
  createVendingsRoute(r, deps);
  buyElectricityBulkRoute(r, deps);
  getVendingRoute(r, deps);
  updateVendingRoute(r, deps);
  listVendingsRoute(r, deps);
}

function createVendingsRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/marketplace/vendings/create',
    {
      config: { ...needs('marketplaceVendings', 'post'), ...bodyRefs(VENDING_REFS) },
      schema: {
        operationId: 'createVendings',
        summary: 'Buy electricity: one vending per meter, the total held, the order sent to approval',
        tags,
        body: vendingCreateBody,
        response: { 201: envelope(vendingOrderSchema), ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createOrder(deps, req, req.body)),
  );
}

function buyElectricityBulkRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/marketplace/electricity/asset/bulk',
    {
      config: { ...needs('marketplaceVendings', 'post'), ...bodyRefs(VENDING_REFS) },
      schema: {
        operationId: 'buyElectricityBulk',
        summary: 'The Buy Electricity purchase (single or bulk); same service as vendings/create',
        tags,
        body: vendingBulkBody,
        response: { 201: envelope(vendingOrderSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createOrder(deps, req, { ...req.body, utilityType: 'ELECTRICITY' })),
  );
}

function getVendingRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/marketplace/vendings/:id',
    {
      config: needs('marketplaceVendings', 'get'),
      schema: {
        operationId: 'getVending',
        summary: 'A vending with its provider response and its order approval',
        tags,
        params: idParam,
        response: { 200: envelope(vendingDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await getVending(db, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          viewerId: authOf(req).user.id,
        }),
      ),
  );
}

function updateVendingRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/marketplace/vendings/:id',
    {
      config: needs('marketplaceVendings', 'patch'),
      schema: {
        operationId: 'updateVending',
        summary: "A rejected vending's new amount; its order goes back to approval",
        tags,
        params: idParam,
        body: vendingUpdateBody,
        response: { 200: envelope(vendingDetailSchema), ...errors },
      },
    },
    async (req) => {
      const after = await updateVendingAmount(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        id: req.params.id,
        amountMinor: req.body.amount,
      });
      await runAfterCommit(after);
      return ok(
        await getVending(db, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          viewerId: authOf(req).user.id,
        }),
        MSG.vendingUpdated,
      );
    },
  );
}

function listVendingsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/marketplace/transactions',
    {
      ...fastList(),
      config: needs('marketplaceTransactions', 'get'),
      schema: {
        operationId: 'listVendings',
        summary:
          'Vendings (status: pending, rejected, awaiting, SUCCESS, FAILED; meter; dates), newest first',
        tags,
        querystring: vendingListQuery,
        response: { 200: listEnvelope(vendingSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listVendings(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}
