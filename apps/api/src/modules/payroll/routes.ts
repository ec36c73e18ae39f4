import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  payrollBody,
  payrollDetailSchema,
  payrollEmployeesBody,
  payrollListQuery,
  payrollReceiptSchema,
  payrollRowSchema,
  payrollRowsQuery,
  payrollSchema,
  PAYROLL_MSG,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { runAfterCommit } from '../approvals';
import { createPayroll } from './create-run';
import { deletePayroll, updatePayroll, updatePayrollEmployees } from './edit-run';
import { retryPayroll } from './pay-run';
import { listPayrollRows, payrollReceipt } from './read-rows';
import { downloadPayrollPayslipPdfRoute, listPayrollPayslipsRoute } from './payslip-routes';
import { getPayroll, listPayrolls } from './read-runs';
import { registerPayrollApprovals, submitPayroll } from './review-run';
import { payrollReceiptPdf } from './receipt-pdf';
import { registerPayrollGroups, registerPayrollSettings } from './groups';
import { registerPayrollImport } from './import-routes';
import { registerEmployeeBankRoutes } from './portal-bank-routes';
import { registerPayrollRemittances } from './remittances';
import { registerPayrollTicker } from './recurring';
import {
  addPayrollEmployeesRoute,
  listPayrollEmployeesRoute,
  exportPayrollEmployeesRoute,
  getPayrollEmployeeRoute,
  updatePayrollEmployeeRoute,
  deletePayrollEmployeeRoute,
  resendPayrollEmployeeInvitationRoute,
} from './employee-routes';

/** The payroll run as its viewer sees it. */
const detail = (db: Db, req: Parameters<typeof tenantOf>[0], id: string) =>
  getPayroll(db, { tenant: tenantOf(req), id, viewerId: authOf(req).user.id });

const tags = ['payroll'];
const errors = {
  400: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

/** Payroll and people (issue 25). Register after money and approvals. */
export async function registerPayroll(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerPayrollApprovals(deps);
  await registerPayrollImport(app, deps);
  await registerPayrollGroups(app, deps);
  await registerPayrollSettings(app, deps);
  await registerPayrollRemittances(app, deps);
  await registerEmployeeBankRoutes(app, deps);
  registerPayrollTicker(deps);
  addPayrollEmployeesRoute(r, deps);
  listPayrollEmployeesRoute(r, deps);
  exportPayrollEmployeesRoute(r, deps);
  getPayrollEmployeeRoute(r, deps);
  updatePayrollEmployeeRoute(r, deps);
  deletePayrollEmployeeRoute(r, deps);
  resendPayrollEmployeeInvitationRoute(r, deps);
  createPayrollRoute(r, deps);
  listPayrollsRoute(r, deps);
  listPayrollPayslipsRoute(r, deps);
  downloadPayrollPayslipPdfRoute(r, deps);
  getPayrollRoute(r, deps);
  listPayrollRowsRoute(r, deps);
  updatePayrollRoute(r, deps);
  updatePayrollEmployeesRoute(r, deps);
  deletePayrollRoute(r, deps);
  submitPayrollRoute(r, deps);
  retryPayrollPaymentRoute(r, deps);
  getPayrollReceiptRoute(r, deps);
  downloadPayrollReceiptPdfRoute(r, deps);
}

function createPayrollRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ---- payroll runs (002 §7 Payroll) ----
  r.post(
    '/api/payrolls',
    {
      config: {
        ...needs('payrolls', 'post'),
        ...bodyRefs({ walletId: { table: 'wallets', message: PAYROLL_MSG.selectWallet } }),
      },
      schema: {
        operationId: 'createPayroll',
        summary:
          "Create a payroll (a draft): the server computes each employee's breakdown with the statutory lines",
        tags,
        body: payrollBody,
        response: { 201: envelope(payrollDetailSchema), ...errors },
      },
    },
    async (req, reply) => {
      const id = await createPayroll(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        body: req.body,
      });
      return reply.code(201).send(ok(await detail(db, req, id!), PAYROLL_MSG.created));
    },
  );
}

function listPayrollsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'listPayrolls',
        summary:
          'List payrolls (status, type, search), newest first; figures masked without canViewPayrollSensitiveData',
        tags,
        querystring: payrollListQuery,
        response: { 200: listEnvelope(payrollSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listPayrolls(db, { tenant: tenantOf(req), q: req.query });
      return paged(items, req.query, total);
    },
  );
}

function getPayrollRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ---- payroll runs (002 §7 Payroll) ----
  r.get(
    '/api/payrolls/:id',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'getPayroll',
        summary: 'One payroll with its totals by line and its approval item',
        tags,
        params: idParam,
        response: { 200: envelope(payrollDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await detail(db, req, req.params.id)),
  );
}

function listPayrollRowsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls/:id/employees',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'listPayrollRows',
        summary: 'The employees of a payroll: breakdown, net pay and payment status per row',
        tags,
        params: idParam,
        querystring: payrollRowsQuery,
        response: { 200: listEnvelope(payrollRowSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listPayrollRows(db, {
        tenant: tenantOf(req),
        id: req.params.id,
        q: req.query,
      });
      return paged(items, req.query, total);
    },
  );
}

function updatePayrollRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ---- payroll runs (002 §7 Payroll) ----
  r.put(
    '/api/payrolls/:id',
    {
      config: {
        ...needs('payrolls', 'put'),
        ...bodyRefs({ walletId: { table: 'wallets', message: PAYROLL_MSG.selectWallet } }),
      },
      schema: {
        operationId: 'updatePayroll',
        summary:
          'Change a draft or rejected payroll (recomputed); a rejected one then goes back through resolve',
        tags,
        params: idParam,
        body: payrollBody,
        response: { 200: envelope(payrollDetailSchema), ...errors },
      },
    },
    async (req) => {
      await updatePayroll(deps, { tenant: tenantOf(req), id: req.params.id, body: req.body });
      return ok(await detail(db, req, req.params.id), PAYROLL_MSG.updated);
    },
  );
}

function updatePayrollEmployeesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ---- payroll runs (002 §7 Payroll) ----
  r.put(
    '/api/payrolls/:id/employees',
    {
      config: { ...needs('payrolls', 'put'), ...bodyRefs({ 'employees.*.employeeId': 'employees' }) },
      schema: {
        operationId: 'updatePayrollEmployees',
        summary:
          "Set a draft or rejected payroll's employees and this run's lines (PAYE, pension, NHF recomputed); figures only with canViewPayrollSensitiveData",
        tags,
        params: idParam,
        body: payrollEmployeesBody,
        response: { 200: envelope(payrollDetailSchema), ...errors },
      },
    },
    async (req) => {
      await updatePayrollEmployees(deps, {
        tenant: tenantOf(req),
        id: req.params.id,
        rows: req.body.employees,
      });
      return ok(await detail(db, req, req.params.id), PAYROLL_MSG.employeesUpdated);
    },
  );
}

function deletePayrollRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/payrolls/:id',
    {
      config: needs('payrolls', 'delete'),
      schema: {
        operationId: 'deletePayroll',
        summary: 'Delete a draft payroll',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      await deletePayroll(db, { tenant: tenantOf(req), id: req.params.id });
      return ok(null, PAYROLL_MSG.deleted);
    },
  );
}

function submitPayrollRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ---- payroll runs (002 §7 Payroll) ----
  r.post(
    '/api/payrolls/:id/approve',
    {
      config: needs('payrolls', 'post'),
      schema: {
        operationId: 'submitPayroll',
        summary:
          'SUBMITS a draft payroll to the approvals engine (type payroll); approvers decide through POST /approval-workflows/pending-approvals/approve/{approvalId}',
        tags,
        params: idParam,
        response: { 200: envelope(payrollDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const after = await submitPayroll(deps, { tenant: tenantOf(req), id: req.params.id });
      await runAfterCommit(after);
      return ok(await detail(db, req, req.params.id), PAYROLL_MSG.submitted);
    },
  );
}

function retryPayrollPaymentRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  // ---- payroll runs (002 §7 Payroll) ----
  r.post(
    '/api/payrolls/:id/payment/retry',
    {
      config: needs('payrolls', 'post'),
      schema: {
        operationId: 'retryPayrollPayment',
        summary: 'Pay the failed rows of an approved payroll again (new reference per row and attempt)',
        tags,
        params: idParam,
        response: { 200: envelope(payrollDetailSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) => {
      const after = await retryPayroll(deps, { tenant: tenantOf(req), id: req.params.id });
      await runAfterCommit(after);
      return ok(await detail(db, req, req.params.id), PAYROLL_MSG.retried);
    },
  );
}

function getPayrollReceiptRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls/:id/receipt',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'getPayrollReceipt',
        summary: 'The receipt of a payroll run: paid rows, amount and fees',
        tags,
        params: idParam,
        response: { 200: envelope(payrollReceiptSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await payrollReceipt(db, { tenant: tenantOf(req), id: req.params.id })),
  );
}

function downloadPayrollReceiptPdfRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls/:id/receipt/pdf',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'downloadPayrollReceiptPdf',
        summary:
          'The receipt of a payroll run as a PDF, one line per employee; every figure is ****** without canViewPayrollSensitiveData',
        tags,
        params: idParam,
        response: { 200: z.any().describe('application/pdf'), 404: errorEnvelope },
      },
    },
    async (req, reply) => {
      const { reference, pdf } = await payrollReceiptPdf(db, { tenant: tenantOf(req), id: req.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="owo-payroll-receipt-${reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
