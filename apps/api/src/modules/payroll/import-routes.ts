import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  importActionParams,
  importBatchDetailSchema,
  importBatchQuery,
  importBatchSchema,
  importEntryInput,
  importEntrySchema,
  importExtractSchema,
  importValidateBody,
  PAYROLL_IMPORT_MSG,
  UPLOAD_MAX_BYTES,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { readUploadedFile } from '../../platform/spreadsheet';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { extractEmployees, IMPORT_TEMPLATE_CSV } from './import-check';
import { discardImport } from '../../platform/imports';
import { PAYROLL_IMPORT } from './import-batch';
import { commitImport, deleteImport } from './import-commit';
import { activeImport, getImport } from './import-read';
import { fixEntry, registerImportJobs, retryValidation, validateImport } from './import-validate';

const tags = ['payroll'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const base = '/api/payrolls/employees/csv';

/**
 * The import's calls (002 §7 Payroll employees, csv). Writing calls need `payrollEmployees` post (the
 * upload dialog's rule: only those who may create payroll employees; owner and admin, who hold
 * canViewPayrollSensitiveData, have it); salary figures are masked in answers without the flag.
 */
export async function registerPayrollImport(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerImportJobs(deps);
  // Multipart only in this scope (as files): 1 MB, one file.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${base}/extract`,
      {
        config: needs('payrollEmployees', 'post'),
        schema: {
          operationId: 'extractPayrollEmployeesFile',
          summary:
            'Read an employees spreadsheet (multipart `file`: CSV, xlsx or xls, 1 MB) into rows of the template columns; nothing is stored',
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(importExtractSchema), ...errors },
        },
      },
      async (req) => {
        const file = await readUploadedFile(req);
        if (!file) throw fieldError('file', PAYROLL_IMPORT_MSG.fileRequired);
        return ok(await extractEmployees(file.bytes, file.name), PAYROLL_IMPORT_MSG.extracted);
      },
    );
  });
  payrollEmployeesTemplateRoute(r, deps);
  validatePayrollEmployeesImportRoute(r, deps);
  activePayrollEmployeesImportRoute(r, deps);
  fixPayrollEmployeesImportEntryRoute(r, deps);
  finishPayrollEmployeesImportRoute(r, deps);
  retryPayrollEmployeesImportValidationRoute(r, deps);
  getPayrollEmployeesImportRoute(r, deps);
  deletePayrollEmployeesImportRoute(r, deps);
}

function payrollEmployeesTemplateRoute(r: Router, _deps: AppDeps) {
  r.get(
    `${base}/template`,
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'payrollEmployeesTemplate',
        summary:
          'The import template (CSV header: name,email,salaryAmount,bankCode,accountNumber,accountName,annualRent)',
        tags,
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="owo-employees-template.csv"')
        .send(IMPORT_TEMPLATE_CSV),
  );
}

function validatePayrollEmployeesImportRoute(r: Router, deps: AppDeps) {
  r.post(
    `${base}/validate`,
    {
      config: needs('payrollEmployees', 'post'),
      schema: {
        operationId: 'validatePayrollEmployeesImport',
        summary:
          'Turn extracted rows into a validation batch: every problem per row and column now; account names resolved in the background (progress on the batch)',
        tags,
        body: importValidateBody,
        response: { 201: envelope(importBatchSchema), ...errors },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const id = await validateImport(deps, {
        tenant,
        userId: authOf(req).user.id,
        fileName: req.body.fileName,
        entries: req.body.entries,
      });
      const b = await getImport(deps, { tenant, id, q: { page: 1, limit: 1, problems: false } });
      const { entries: _e, page: _p, limit: _l, entriesTotal: _t, ...batch } = b;
      return reply.code(201).send(ok(batch, PAYROLL_IMPORT_MSG.validated));
    },
  );
}

function activePayrollEmployeesImportRoute(r: Router, deps: AppDeps) {
  r.get(
    `${base}/active`,
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'activePayrollEmployeesImport',
        summary: "The account's open import (validating or validated), or null",
        tags,
        response: { 200: envelope(importBatchSchema.nullable()) },
      },
    },
    async (req) => ok(await activeImport(deps, tenantOf(req))),
  );
}

function fixPayrollEmployeesImportEntryRoute(r: Router, deps: AppDeps) {
  r.put(
    `${base}/entries/:id`,
    {
      config: needs('payrollEmployees', 'post'),
      schema: {
        operationId: 'fixPayrollEmployeesImportEntry',
        summary:
          'Correct one row of an open import; it is checked again (name looked up now) with the duplicates',
        tags,
        params: idParam,
        body: importEntryInput,
        response: { 200: envelope(importEntrySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await fixEntry(deps, { tenant: tenantOf(req), id: req.params.id, body: req.body }),
        PAYROLL_IMPORT_MSG.entryUpdated,
      ),
  );
}

function finishPayrollEmployeesImportRoute(r: Router, deps: AppDeps) {
  r.post(
    `${base}/:batchId/:x`,
    {
      config: needs('payrollEmployees', 'post'),
      schema: {
        operationId: 'finishPayrollEmployeesImport',
        summary:
          'x = commit: write every row as an employee, all or nothing (409 while any row has a problem); x = discard: close the import',
        tags,
        params: importActionParams,
        response: { 200: envelope(z.object({ imported: z.number().int() })), ...errors },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      if (req.params.x === 'discard') {
        await discardImport(deps.db, PAYROLL_IMPORT, { accountId: tenant.accountId, id: req.params.batchId });
        return ok({ imported: 0 }, PAYROLL_IMPORT_MSG.discarded);
      }
      const imported = await commitImport(deps, { tenant, id: req.params.batchId });
      return ok({ imported }, PAYROLL_IMPORT_MSG.committed);
    },
  );
}

function retryPayrollEmployeesImportValidationRoute(r: Router, deps: AppDeps) {
  r.get(
    `${base}/:id/retry-validation`,
    {
      config: { ...needs('payrollEmployees', 'post'), action: true },
      schema: {
        operationId: 'retryPayrollEmployeesImportValidation',
        summary: 'Look up again the account names that could not be verified, and recheck duplicates',
        tags,
        params: idParam,
        response: { 200: envelope(importBatchSchema), ...errors },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      await retryValidation(deps, { tenant, id: req.params.id });
      const {
        entries: _e,
        page: _p,
        limit: _l,
        entriesTotal: _t,
        ...batch
      } = await getImport(deps, {
        tenant,
        id: req.params.id,
        q: { page: 1, limit: 1, problems: false },
      });
      return ok(batch, PAYROLL_IMPORT_MSG.retried);
    },
  );
}

function getPayrollEmployeesImportRoute(r: Router, deps: AppDeps) {
  r.get(
    `${base}/:id`,
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'getPayrollEmployeesImport',
        summary:
          'An import with its rows (paged; problems=true for the rows with problems); salaries masked without canViewPayrollSensitiveData',
        tags,
        params: idParam,
        querystring: importBatchQuery,
        response: { 200: envelope(importBatchDetailSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => ok(await getImport(deps, { tenant: tenantOf(req), id: req.params.id, q: req.query })),
  );
}

function deletePayrollEmployeesImportRoute(r: Router, deps: AppDeps) {
  r.delete(
    `${base}/:id`,
    {
      config: needs('payrollEmployees', 'delete'),
      schema: {
        operationId: 'deletePayrollEmployeesImport',
        summary: 'Delete an import and its rows (employees already committed stay)',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope },
      },
    },
    async (req) => {
      await deleteImport(deps, { tenant: tenantOf(req), id: req.params.id });
      return ok(null, PAYROLL_IMPORT_MSG.deleted);
    },
  );
}
