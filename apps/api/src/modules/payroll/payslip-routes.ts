// Staff payslips (002 §3, issue 37): the JSON list behind the payslip screen and its PDF download.
// Both under payrolls:get; figures masked on the server without canViewPayrollSensitiveData.
import { z } from 'zod';
import { errorEnvelope, listEnvelope, payslipListQuery, payslipPdfQuery, payslipSchema } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { paged, type Router } from '../../platform/http';
import { listPayslips } from './read-rows';
import { staffPayslipPdf } from './staff-payslip';

const tags = ['payroll'];

export function listPayrollPayslipsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls/payslip',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'listPayrollPayslips',
        summary:
          'Payslips of paid payroll runs (one per employee per run), newest first; figures masked without canViewPayrollSensitiveData',
        tags,
        querystring: payslipListQuery,
        response: { 200: listEnvelope(payslipSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listPayslips(db, { tenant: tenantOf(req), q: req.query });
      return paged(items, req.query, total);
    },
  );
}

export function downloadPayrollPayslipPdfRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls/payslip/pdf',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'downloadPayrollPayslipPdf',
        summary:
          "One employee's payslip of a paid run as a PDF attachment (the employee portal's renderer); every figure is ****** without canViewPayrollSensitiveData",
        description:
          'id is the payslip id of GET /api/payrolls/payslip. 404 when it is not a paid payslip of this company. Not cached (Cache-Control: no-store).',
        tags,
        querystring: payslipPdfQuery,
        response: {
          200: z.any().describe('application/pdf'),
          400: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await staffPayslipPdf(db, { tenant: tenantOf(req), id: req.query.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
