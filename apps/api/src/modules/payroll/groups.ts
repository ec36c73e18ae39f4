// Employee groups (002 §2 /payroll/groups, §7 POST /payrolls/employees/{id}/group): named sets of a
// company's employees, used to filter the employee list and pick a payroll's employees.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  employeeGroupBody,
  employeeSchema,
  envelope,
  errorEnvelope,
  GROUP_MSG,
  groupBody,
  groupSchema,
  fromMinor,
  idParam,
  payrollSettingsBody,
  payrollSettingsSchema,
  SETTINGS_MSG,
  type PayrollGroup,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import { needs, tenantOf, type TenantContext } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, routerOf, type Router } from '../../platform/http';
import { lockPayContext, refreshOpenRuns } from './pay-context';
import { getEmployee } from './read-employees';
import { statutorySettings } from './run-figures';
import { payrollEmployees, payrollGroups, payrollSettings } from './tables';

const tags = ['payroll'];
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const isUnique = (e: unknown) =>
  (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

async function listGroups(db: DbOrTx, accountId: string, id?: string): Promise<PayrollGroup[]> {
  const rows = await db
    .select({
      g: payrollGroups,
      n: sql<number>`(select count(*)::int from payroll_employees e where e.group_id = payroll_groups.id)`,
    })
    .from(payrollGroups)
    .where(and(eq(payrollGroups.accountId, accountId), id ? eq(payrollGroups.id, id) : undefined))
    .orderBy(asc(sql`lower(${payrollGroups.name})`));
  return rows.map(({ g, n }) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    employeeCount: n,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  }));
}

async function oneGroup(db: DbOrTx, tenant: TenantContext, id: string) {
  const [g] = await listGroups(db, tenant.accountId, id);
  if (!g) throw notFound('Group');
  return g;
}

export async function registerPayrollGroups(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listPayrollGroupsRoute(r, deps);
  createPayrollGroupRoute(r, deps);
  updatePayrollGroupRoute(r, deps);
  deletePayrollGroupRoute(r, deps);
  setPayrollEmployeeGroupRoute(r, deps);
}

function listPayrollGroupsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payrolls/groups',
    {
      config: needs('payrollGroups', 'get'),
      schema: {
        operationId: 'listPayrollGroups',
        summary: "The company's employee groups with their employee counts, by name",
        tags,
        response: { 200: envelope(z.array(groupSchema)) },
      },
    },
    async (req) => ok(await listGroups(db, tenantOf(req).accountId)),
  );
}

function createPayrollGroupRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/payrolls/groups',
    {
      config: needs('payrollGroups', 'post'),
      schema: {
        operationId: 'createPayrollGroup',
        summary: 'Create an employee group (names unique per company, any case)',
        tags,
        body: groupBody,
        response: { 201: envelope(groupSchema), ...errors },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      try {
        const [g] = await db
          .insert(payrollGroups)
          .values({
            accountId: tenant.accountId,
            name: req.body.name,
            description: req.body.description || null,
          })
          .returning({ id: payrollGroups.id });
        return reply.code(201).send(ok(await oneGroup(db, tenant, g.id), GROUP_MSG.created));
      } catch (e) {
        if (isUnique(e)) throw fieldError('name', GROUP_MSG.nameTaken);
        throw e;
      }
    },
  );
}

function updatePayrollGroupRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/payrolls/groups/:id',
    {
      config: needs('payrollGroups', 'put'),
      schema: {
        operationId: 'updatePayrollGroup',
        summary: 'Rename or describe an employee group',
        tags,
        params: idParam,
        body: groupBody,
        response: { 200: envelope(groupSchema), ...errors },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      try {
        const [g] = await db
          .update(payrollGroups)
          .set({ name: req.body.name, description: req.body.description || null, updatedAt: sql`now()` })
          .where(and(eq(payrollGroups.id, req.params.id), eq(payrollGroups.accountId, tenant.accountId)))
          .returning({ id: payrollGroups.id });
        if (!g) throw notFound('Group');
      } catch (e) {
        if (isUnique(e)) throw fieldError('name', GROUP_MSG.nameTaken);
        throw e;
      }
      return ok(await oneGroup(db, tenant, req.params.id), GROUP_MSG.updated);
    },
  );
}

function deletePayrollGroupRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/payrolls/groups/:id',
    {
      config: needs('payrollGroups', 'delete'),
      schema: {
        operationId: 'deletePayrollGroup',
        summary: 'Delete an employee group (its employees stay, without a group)',
        tags,
        params: idParam,
        response: { 200: envelope(z.null()), 404: errorEnvelope },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      await db.transaction(async (tx) => {
        const [g] = await tx
          .delete(payrollGroups)
          .where(and(eq(payrollGroups.id, req.params.id), eq(payrollGroups.accountId, tenant.accountId)))
          .returning({ id: payrollGroups.id });
        if (!g) throw notFound('Group');
        await tx
          .update(payrollEmployees)
          .set({ groupId: null })
          .where(and(eq(payrollEmployees.accountId, tenant.accountId), eq(payrollEmployees.groupId, g.id)));
      });
      return ok(null, GROUP_MSG.deleted);
    },
  );
}

function setPayrollEmployeeGroupRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/payrolls/employees/:id/group',
    {
      config: {
        ...needs('payrollEmployees', 'put'),
        ...bodyRefs({ groupId: { table: 'payrollGroups', message: GROUP_MSG.notFound } }),
      },
      schema: {
        operationId: 'setPayrollEmployeeGroup',
        summary: 'Put an employee in a group of the same company (groupId null: out of any group)',
        tags,
        params: idParam,
        body: employeeGroupBody,
        response: { 200: envelope(employeeSchema), ...errors },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      await db.transaction(async (tx) => {
        if (req.body.groupId) {
          const [g] = await tx
            .select({ id: payrollGroups.id })
            .from(payrollGroups)
            .where(
              and(eq(payrollGroups.id, req.body.groupId), eq(payrollGroups.accountId, tenant.accountId)),
            );
          if (!g) throw fieldError('groupId', GROUP_MSG.notFound);
        }
        const [e] = await tx
          .update(payrollEmployees)
          .set({ groupId: req.body.groupId, updatedAt: sql`now()` })
          .where(
            and(eq(payrollEmployees.id, req.params.id), eq(payrollEmployees.accountId, tenant.accountId)),
          )
          .returning({ id: payrollEmployees.id });
        if (!e) throw notFound('Employee');
      });
      return ok(await getEmployee(db, { tenant, id: req.params.id }), GROUP_MSG.assigned);
    },
  );
}

/** GET/PUT /payrolls/settings: the account's statutory settings (defaults until first saved). */
export async function registerPayrollSettings(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const view = async (accountId: string) => {
    const s = await statutorySettings(db, accountId);
    return {
      enabled: s.enabled,
      nhfDefault: s.nhfDefault,
      pensionMinEmployees: s.pensionMinEmployees,
      minimumWageExempt: s.minimumWageExempt,
      minimumWageMonthly: fromMinor(s.minimumWageMonthlyMinor),
      nsitfBase: s.nsitfBase,
    };
  };
  r.get(
    '/api/payrolls/settings',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'getPayrollSettings',
        summary:
          'Statutory payroll settings (new accounts: on, NHF on, pension from 3 employees, no minimum-wage exemption)',
        tags,
        response: { 200: envelope(payrollSettingsSchema) },
      },
    },
    async (req) => ok(await view(tenantOf(req).accountId)),
  );
  r.put(
    '/api/payrolls/settings',
    {
      config: needs('payrolls', 'put'),
      schema: {
        operationId: 'updatePayrollSettings',
        summary:
          'Change the statutory payroll settings (used by the employee list, open (draft, rejected) payrolls and payrolls created from now on)',
        tags,
        body: payrollSettingsBody,
        response: { 200: envelope(payrollSettingsSchema), ...errors },
      },
    },
    async (req) => {
      const accountId = tenantOf(req).accountId;
      await db.transaction(async (tx) => {
        await lockPayContext(tx, accountId);
        await tx
          .insert(payrollSettings)
          .values({ accountId, ...req.body })
          .onConflictDoUpdate({
            target: payrollSettings.accountId,
            set: { ...req.body, updatedAt: sql`now()` },
          });
        // open runs follow the settings, as the employee list does (issue 35 §5)
        await refreshOpenRuns(tx, accountId);
      });
      return ok(await view(accountId), SETTINGS_MSG.updated);
    },
  );
}
