// HR's side of the employee portal's add-bank (issue 25 §5): the pending change on the employee's
// detail, with the approvals engine's item for the shared approve/reject modals. Decisions go
// through the engine's own approve call (POST /api/approval-workflows/pending-approvals/approve/{id}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  staffBankChangeItemSchema,
  staffBankChangeSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok } from '../../platform/http';
import { listStaffBankChanges, registerEmployeeBankApprovals, staffBankChange } from './portal-bank';

export async function registerEmployeeBankRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEmployeeBankApprovals(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/payrolls/employees/bank-changes',
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'listPayrollEmployeeBankChanges',
        summary:
          "The company's salary account changes awaiting approval (asked for in the employee portal), each with its approval item",
        tags: ['payroll'],
        response: { 200: envelope(z.array(staffBankChangeItemSchema)) },
      },
    },
    async (req) =>
      ok(await listStaffBankChanges(deps.db, { tenant: tenantOf(req), viewerId: authOf(req).user.id })),
  );
  r.get(
    '/api/payrolls/employees/:id/bank-change',
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'getPayrollEmployeeBankChange',
        summary:
          "An employee's salary account change awaiting approval (asked for in the employee portal), with its approval item",
        tags: ['payroll'],
        params: idParam,
        response: { 200: envelope(staffBankChangeSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await staffBankChange(deps.db, {
          tenant: tenantOf(req),
          id: req.params.id,
          viewerId: authOf(req).user.id,
        }),
      ),
  );
}
