// Payout assets (001 §7): POST/GET /payout-asset, GET/PUT/DELETE /payout-asset/{id},
// PATCH /payout-asset/{id}/deactivate { active }.
import type { FastifyInstance } from 'fastify';
import {
  ASSET_MSG,
  assetActiveBody,
  assetBody,
  assetQuery,
  assetSchema,
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { createAsset, deleteAsset, getAsset, listAssets, setAssetActive, updateAsset } from './assets';

const base = '/api/payout-asset';

const tags = ['products'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

export async function registerAssetRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  createPayoutAssetRoute(r, deps);
  listPayoutAssetsRoute(r, deps);
  getPayoutAssetRoute(r, deps);
  updatePayoutAssetRoute(r, deps);
  deletePayoutAssetRoute(r, deps);
  setPayoutAssetActiveRoute(r, deps);
}

function createPayoutAssetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    base,
    {
      config: { ...needs('payoutAsset', 'post'), ...bodyRefs({ 'inventory.*.productId': 'products' }) },
      schema: {
        operationId: 'createPayoutAsset',
        summary: 'Add a payout asset (all fields required) with its inventory',
        tags,
        body: assetBody,
        response: { 201: envelope(assetSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await createAsset(db, tenantOf(req).accountId, req.body), ASSET_MSG.added)),
  );
}

function listPayoutAssetsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    base,
    {
      config: needs('payoutAsset', 'get'),
      schema: {
        operationId: 'listPayoutAssets',
        summary: 'Payout assets (search by type, brand, model, serial or location)',
        tags,
        querystring: assetQuery,
        response: { 200: listEnvelope(assetSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listAssets(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getPayoutAssetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    `${base}/:id`,
    {
      config: needs('payoutAsset', 'get'),
      schema: {
        operationId: 'getPayoutAsset',
        summary: 'One payout asset with its inventory',
        tags,
        params: idParam,
        response: { 200: envelope(assetSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getAsset(db, tenantOf(req).accountId, req.params.id)),
  );
}

function updatePayoutAssetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    `${base}/:id`,
    {
      config: { ...needs('payoutAsset', 'put'), ...bodyRefs({ 'inventory.*.productId': 'products' }) },
      schema: {
        operationId: 'updatePayoutAsset',
        summary: 'Change a payout asset and replace its inventory',
        tags,
        params: idParam,
        body: assetBody,
        response: { 200: envelope(assetSchema), ...errors },
      },
    },
    async (req) =>
      ok(await updateAsset(db, tenantOf(req).accountId, req.params.id, req.body), ASSET_MSG.updated),
  );
}

function deletePayoutAssetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    `${base}/:id`,
    {
      config: needs('payoutAsset', 'delete'),
      schema: {
        operationId: 'deletePayoutAsset',
        summary: 'Delete a payout asset',
        tags,
        params: idParam,
        response: { 200: envelope(assetSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await deleteAsset(db, tenantOf(req).accountId, req.params.id), ASSET_MSG.deleted),
  );
}

function setPayoutAssetActiveRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    `${base}/:id/deactivate`,
    {
      config: needs('payoutAsset', 'patch'),
      schema: {
        operationId: 'setPayoutAssetActive',
        summary: 'Activate or deactivate a payout asset ({ active })',
        tags,
        params: idParam,
        body: assetActiveBody,
        response: { 200: envelope(assetSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await setAssetActive(db, tenantOf(req).accountId, req.params.id, req.body.active),
        req.body.active ? ASSET_MSG.activated : ASSET_MSG.deactivated,
      ),
  );
}
