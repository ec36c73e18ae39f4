import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  addEmployeesBody,
  employeeUpdateInput,
  employeeListQuery,
  employeeSchema,
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
  payslipSchema,
  listQuery,
  PAYROLL_MSG,
  type PayrollEmployee,
} from '@owo/contract';
import { sendCsv, wantsCsv, preparedCsv, type CsvColumn } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged } from '../../platform/http';
import { fastList, preparedPage } from '../../platform/list';
import { runAfterCommit } from '../approvals';
import { recordAuditChange } from '../audit';
import { createPayroll } from './create-run';
import { deletePayroll, updatePayroll, updatePayrollEmployees } from './edit-run';
import { addEmployees, deleteEmployee, resendInvitation, updateEmployee } from './manage-employees';
import { retryPayroll } from './pay-run';
import { EMPLOYEE_COLUMNS, employeeDto, employeeSearch, employeeView, getEmployee } from './read-employees';
import { listPayrollRows, listPayslips, payrollReceipt } from './read-rows';
import { getPayroll, listPayrolls } from './read-runs';
import { registerPayrollApprovals, submitPayroll } from './review-run';
import { payrollReceiptPdf } from './receipt-pdf';
import { registerPayrollGroups, registerPayrollSettings } from './groups';
import { registerPayrollImport } from './import-routes';
import { registerEmployeeBankRoutes } from './portal-bank-routes';
import { registerPayrollRemittances } from './remittances';
import { registerPayrollTicker } from './recurring';
import { payrollEmployees } from './tables';

const tags = ['payroll'];
const errors = {
  400: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

const EMPLOYEE_LIST = {
  where: and(
    eq(payrollEmployees.accountId, sql.placeholder('accountId')),
    sql`(${sql.placeholder('like')}::text is null or ${payrollEmployees.name} ilike ${sql.placeholder('like')} or ${payrollEmployees.email} ilike ${sql.placeholder('like')})`,
    sql`(${sql.placeholder('groupId')}::uuid is null or ${payrollEmployees.groupId} = ${sql.placeholder('groupId')}::uuid)`,
  )!,
  orderBy: [desc(payrollEmployees.createdAt), desc(payrollEmployees.id)],
  columns: EMPLOYEE_COLUMNS,
};
const employeesPage = preparedPage('payroll_employees', payrollEmployees, EMPLOYEE_LIST);
const employeesCsv = preparedCsv('payroll_employees', payrollEmployees, EMPLOYEE_LIST);

/** The export: salary columns only for a caller who may view payroll sensitive data (server-side). */
const employeeCsvColumns = (visible: boolean): CsvColumn<PayrollEmployee>[] => [
  { header: 'Name', value: (e) => e.name },
  { header: 'Email', value: (e) => e.email },
  { header: 'Bank', value: (e) => e.bankDetails.bankName },
  { header: 'Account name', value: (e) => e.bankDetails.accountName },
  { header: 'Account number', value: (e) => e.bankDetails.accountNumber },
  ...(visible
    ? [
        { header: 'Salary', value: (e: PayrollEmployee) => e.salaryAmount },
        { header: 'Gross pay', value: (e: PayrollEmployee) => e.grossAmount },
        { header: 'Net pay', value: (e: PayrollEmployee) => e.finalAmount },
        { header: 'Review', value: (e: PayrollEmployee) => e.reviewFlags.join(' ') },
      ]
    : []),
  { header: 'Invitation', value: (e) => e.invitationStatus },
  { header: 'Added', value: (e) => e.createdAt },
];

/** Payroll and people (issue 25). Register after money and approvals. */
export async function registerPayroll(app: FastifyInstance, deps: AppDeps) {
  registerPayrollApprovals(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  await registerPayrollImport(app, deps);
  await registerPayrollGroups(app, deps);
  await registerPayrollSettings(app, deps);
  await registerPayrollRemittances(app, deps);
  await registerEmployeeBankRoutes(app, deps);
  registerPayrollTicker(deps);

  // ---- employees (002 §7 Payroll employees) ----
  r.post(
    '/api/payrolls/employees/add',
    {
      config: needs('payrollEmployees', 'post'),
      schema: {
        operationId: 'addPayrollEmployees',
        summary: 'Add employees (NUBAN-checked, bank number vaulted); each is invited to the employee portal',
        tags,
        body: addEmployeesBody,
        response: { 201: envelope(z.array(employeeSchema)), ...errors },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const ids = await addEmployees(deps, { tenant, employees: req.body.employees });
      const list = await Promise.all(ids.map((id) => getEmployee(db, { tenant, id })));
      return reply.code(201).send(ok(list, PAYROLL_MSG.employeesUpdated));
    },
  );

  r.get(
    '/api/payrolls/employees',
    {
      ...fastList(),
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'listPayrollEmployees',
        summary:
          'List employees (search; limit up to 1000; format=csv); salary figures only with canViewPayrollSensitiveData',
        tags,
        querystring: employeeListQuery,
        response: { 200: listEnvelope(employeeSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const view = await employeeView(db, tenant);
      const params = {
        accountId: tenant.accountId,
        like: employeeSearch(req.query.search),
        groupId: req.query.groupId ?? null,
      };
      if (wantsCsv(req.query))
        return sendCsv(
          reply,
          'owo-payroll-employees.csv',
          employeesCsv(db, params, (e) => employeeDto(e, view), employeeCsvColumns(view.visible)),
        );
      const { rows, total } = await employeesPage(db, params, req.query);
      return paged(
        rows.map((e) => employeeDto(e, view)),
        req.query,
        total,
      );
    },
  );

  r.get(
    '/api/payrolls/employees/csv',
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'exportPayrollEmployees',
        summary: 'The employee list as CSV (same rows and masking as GET /payrolls/employees?format=csv)',
        tags,
        querystring: listQuery.pick({ search: true }),
        response: {
          200: z
            .string()
            .describe(
              'text/csv: Name, Email, Bank, ... (Salary and Net pay only with canViewPayrollSensitiveData)',
            ),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const view = await employeeView(db, tenant);
      const params = { accountId: tenant.accountId, like: employeeSearch(req.query.search), groupId: null };
      return sendCsv(
        reply,
        'owo-payroll-employees.csv',
        employeesCsv(db, params, (e) => employeeDto(e, view), employeeCsvColumns(view.visible)),
      );
    },
  );

  r.get(
    '/api/payrolls/employees/:id',
    {
      config: needs('payrollEmployees', 'get'),
      schema: {
        operationId: 'getPayrollEmployee',
        summary: 'One employee with the salary breakdown (masked without canViewPayrollSensitiveData)',
        tags,
        params: idParam,
        response: { 200: envelope(employeeSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getEmployee(db, { tenant: tenantOf(req), id: req.params.id })),
  );

  r.put(
    '/api/payrolls/employees/:id',
    {
      config: needs('payrollEmployees', 'put'),
      schema: {
        operationId: 'updatePayrollEmployee',
        summary:
          'Update an employee (add rules; an omitted figure, account number or RSA PIN keeps the stored one; figures need canViewPayrollSensitiveData)',
        tags,
        params: idParam,
        body: employeeUpdateInput,
        response: { 200: envelope(employeeSchema), ...errors },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const { bankChange } = await updateEmployee(deps, { tenant, id: req.params.id, body: req.body });
      if (bankChange) recordAuditChange(req, { bank: bankChange.before }, { bank: bankChange.after });
      return ok(await getEmployee(db, { tenant, id: req.params.id }), PAYROLL_MSG.employeesUpdated);
    },
  );

  r.delete(
    '/api/payrolls/employees/:id',
    {
      config: needs('payrollEmployees', 'delete'),
      schema: {
        operationId: 'deletePayrollEmployee',
        summary: 'Delete an employee (past payroll rows keep their snapshot)',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope },
      },
    },
    async (req) => {
      await deleteEmployee(db, { tenant: tenantOf(req), id: req.params.id, userId: authOf(req).user.id });
      return ok(null, PAYROLL_MSG.employeeDeleted);
    },
  );

  r.post(
    '/api/payrolls/employees/:id/resend-invitation',
    {
      config: needs('payrollEmployees', 'post'),
      schema: {
        operationId: 'resendPayrollEmployeeInvitation',
        summary: 'Mail the employee a new portal invitation (the old link stops working)',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope },
      },
    },
    async (req) => {
      await resendInvitation(deps, { tenant: tenantOf(req), id: req.params.id });
      return ok(null, PAYROLL_MSG.invitationSent);
    },
  );

  // ---- payroll runs (002 §7 Payroll) ----
  const detail = (req: Parameters<typeof tenantOf>[0], id: string) =>
    getPayroll(db, { tenant: tenantOf(req), id, viewerId: authOf(req).user.id });

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
      return reply.code(201).send(ok(await detail(req, id!), PAYROLL_MSG.created));
    },
  );

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

  r.get(
    '/api/payrolls/payslip',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'listPayrollPayslips',
        summary:
          'Payslips of paid payroll runs (one per employee per run), newest first; figures masked without canViewPayrollSensitiveData',
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(payslipSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listPayslips(db, { tenant: tenantOf(req), q: req.query });
      return paged(items, req.query, total);
    },
  );

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
    async (req) => ok(await detail(req, req.params.id)),
  );

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
      return ok(await detail(req, req.params.id), PAYROLL_MSG.updated);
    },
  );

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
      return ok(await detail(req, req.params.id), PAYROLL_MSG.employeesUpdated);
    },
  );

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
      return ok(await detail(req, req.params.id), PAYROLL_MSG.submitted);
    },
  );

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
      return ok(await detail(req, req.params.id), PAYROLL_MSG.retried);
    },
  );

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
