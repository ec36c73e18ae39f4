// Payroll employee routes (002 §7 Payroll: employees), registered by registerPayroll.
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
  listQuery,
  PAYROLL_MSG,
  type PayrollEmployee,
} from '@owo/contract';
import { sendCsv, wantsCsv, preparedCsv, type CsvColumn } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, paged, type Router } from '../../platform/http';
import { fastList, preparedPage } from '../../platform/list';
import { recordAuditChange } from '../audit';
import { addEmployees, deleteEmployee, resendInvitation, updateEmployee } from './manage-employees';
import { EMPLOYEE_COLUMNS, employeeDto, employeeSearch, employeeView, getEmployee } from './read-employees';
import { payrollEmployees } from './tables';
import { readerOf } from '../../platform/read-replica';

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

export function addPayrollEmployeesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function listPayrollEmployeesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
          employeesCsv(readerOf(deps), params, (e) => employeeDto(e, view), employeeCsvColumns(view.visible)),
        );
      const { rows, total } = await employeesPage(db, params, req.query);
      return paged(
        rows.map((e) => employeeDto(e, view)),
        req.query,
        total,
      );
    },
  );
}

export function exportPayrollEmployeesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
        employeesCsv(readerOf(deps), params, (e) => employeeDto(e, view), employeeCsvColumns(view.visible)),
      );
    },
  );
}

export function getPayrollEmployeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function updatePayrollEmployeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function deletePayrollEmployeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
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
}

export function resendPayrollEmployeeInvitationRoute(r: Router, deps: AppDeps) {
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
}
