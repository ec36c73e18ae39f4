import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  MARKETPLACE_MSG as MSG,
  meterAddBody,
  meterReportQuery,
  meterReportSchema,
  meterImportConfirmBody,
  meterImportPreviewSchema,
  METER_IMPORT_MSG,
  meterListQuery,
  meterSchema,
  meterVerificationBody,
  meterVerificationSchema,
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
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { sendCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/spreadsheet';
import { confirmMeterImport, previewMeterImport } from './import';
import { meterReport, meterReportCsv } from './report';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import {
  addMeter,
  createVendings,
  deleteMeter,
  getMeter,
  getVending,
  listDiscos,
  listMeters,
  listVendings,
  orderVendings,
  registerMarketplaceApprovals,
  registerVendingJobs,
  updateVendingAmount,
  verifyMeter,
} from './service';

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

/** Marketplace (issue 26). Register after money and approvals. */
export async function registerMarketplace(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerMarketplaceApprovals(deps);
  registerVendingJobs(deps);
  listDiscosRoute(r, deps);
  verifyMeterRoute(r, deps);
  // Import: the file's summary (multipart, in this scope only), then the user's confirmation.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/marketplace/assets/meters/import/preview',
      {
        config: needs('marketplaceAssets', 'post'),
        schema: {
          operationId: 'previewMeterImport',
          summary: 'Check and verify every meter of a CSV or xlsx file (multipart: file); nothing is saved',
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(meterImportPreviewSchema), 400: errorEnvelope },
        },
      },
      async (req) => {
        const file = await readUploadedFile(req);
        const preview = await previewMeterImport(deps, { accountId: tenantOf(req).accountId, file });
        return ok(preview, `${preview.valid} of ${preview.rows.length} meters verified`);
      },
    );
  });
  confirmMeterImportRoute(r, deps);
  meterMonthlyReportRoute(r, deps);
  addMeterRoute(r, deps);
  listMetersRoute(r, deps);
  deleteMeterRoute(r, deps);
  getElectricityAssetRoute(r, deps);
  createVendingsRoute(r, deps);
  buyElectricityBulkRoute(r, deps);
  getVendingRoute(r, deps);
  updateVendingRoute(r, deps);
  listVendingsRoute(r, deps);
}

function listDiscosRoute(r: Router, _deps: AppDeps) {
  r.get(
    '/api/marketplace/assets/meters/discos',
    {
      config: needs('marketplaceAssets', 'get'),
      schema: {
        operationId: 'listDiscos',
        summary: 'The electricity distribution companies (discos)',
        tags,
        response: { 200: envelope(z.array(z.string())) },
      },
    },
    async () => ok(listDiscos()),
  );
}

function verifyMeterRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/marketplace/assets/meters/verification',
    {
      config: needs('marketplaceAssets', 'post'),
      schema: {
        operationId: 'verifyMeter',
        summary: "Verify a meter with the vending provider: the customer's name and address",
        tags,
        body: meterVerificationBody,
        response: { 200: envelope(meterVerificationSchema), ...errors },
      },
    },
    async (req) => ok(await verifyMeter(deps, req.body), MSG.meterVerified),
  );
}

function confirmMeterImportRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/marketplace/assets/meters/import',
    {
      config: needs('marketplaceAssets', 'post'),
      schema: {
        operationId: 'confirmMeterImport',
        summary: 'Save the confirmed meters of an import (verified again; all or none)',
        tags,
        body: meterImportConfirmBody,
        response: { 201: envelope(z.array(meterSchema)), ...errors },
      },
    },
    async (req, reply) => {
      const saved = await confirmMeterImport(deps, {
        accountId: tenantOf(req).accountId,
        userId: authOf(req).user.id,
        body: req.body,
      });
      return reply.code(201).send(ok(saved, METER_IMPORT_MSG.imported(saved.length)));
    },
  );
}

function meterMonthlyReportRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/marketplace/reports/meters',
    {
      config: needs('marketplaceTransactions', 'get'),
      schema: {
        operationId: 'meterMonthlyReport',
        summary:
          'Monthly electricity report per meter: vends, amount, kWh, average tariff (format=csv exports it)',
        tags,
        querystring: meterReportQuery,
        response: { 200: envelope(meterReportSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const report = await meterReport(db, tenantOf(req).accountId, req.query.month);
      if (req.query.format === 'csv')
        return sendCsv(reply, `owo-electricity-${report.month}.csv`, Readable.from([meterReportCsv(report)]));
      return ok(report);
    },
  );
}

function addMeterRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/marketplace/assets/meters/add',
    {
      config: needs('marketplaceAssets', 'post'),
      schema: {
        operationId: 'addMeter',
        summary: 'Save a meter (verified again; the stored name and address are the verified ones)',
        tags,
        body: meterAddBody,
        response: { 201: envelope(meterSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(
        ok(
          await addMeter(deps, {
            accountId: tenantOf(req).accountId,
            userId: authOf(req).user.id,
            body: req.body,
          }),
          MSG.meterSaved,
        ),
      ),
  );
}

function listMetersRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/marketplace/assets/meters',
    {
      ...fastList(),
      config: needs('marketplaceAssets', 'get'),
      schema: {
        operationId: 'listMeters',
        summary: 'Saved meters (search, disco, vendType), newest first',
        tags,
        querystring: meterListQuery,
        response: { 200: listEnvelope(meterSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listMeters(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function deleteMeterRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/marketplace/assets/meters/:id',
    {
      config: needs('marketplaceAssets', 'delete'),
      schema: {
        operationId: 'deleteMeter',
        summary: 'Delete a saved meter (its past vendings keep their details)',
        tags,
        params: idParam,
        response: { 200: envelope(meterSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await deleteMeter(db, tenantOf(req).accountId, req.params.id), MSG.meterDeleted),
  );
}

function getElectricityAssetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/marketplace/electricity/asset/:id',
    {
      config: needs('marketplaceAssets', 'get'),
      schema: {
        operationId: 'getElectricityAsset',
        summary: 'A saved meter',
        tags,
        params: idParam,
        response: { 200: envelope(meterSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getMeter(db, tenantOf(req).accountId, req.params.id)),
  );
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
