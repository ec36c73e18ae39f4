// The marketplace's meter calls (issue 26 §1): discos, verification, import, the monthly report,
// and the saved meters.
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
} from '@owo/contract';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { sendCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/spreadsheet';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { confirmMeterImport, previewMeterImport } from './import';
import { addMeter, deleteMeter, getMeter, listDiscos, listMeters, verifyMeter } from './meters';
import { meterReport, meterReportCsv } from './report';
import { readerOf } from '../../platform/read-replica';

const tags = ['marketplace'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** The meter calls, in their order (the docs' order). */
export async function registerMeterRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listDiscosRoute(r, deps);
  verifyMeterRoute(r, deps);
  await previewMeterImportRoute(app, deps);
  confirmMeterImportRoute(r, deps);
  meterMonthlyReportRoute(r, deps);
  addMeterRoute(r, deps);
  listMetersRoute(r, deps);
  deleteMeterRoute(r, deps);
  getElectricityAssetRoute(r, deps);
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

/** Import: the file's summary (multipart, in this scope only), then the user's confirmation. */
async function previewMeterImportRoute(app: FastifyInstance, deps: AppDeps) {
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
      const report = await meterReport(readerOf(deps), tenantOf(req).accountId, req.query.month);
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
