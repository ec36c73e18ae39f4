// Projects (001 §7): POST/GET /project, GET /project/{id}, PUT /project/{id}/budget { budget },
// POST /project/{id}/assign { accessIds }, PATCH /project/{id}/activate { active }.
import type { FastifyInstance } from 'fastify';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  PROJECT_MSG,
  projectActiveBody,
  projectAssignBody,
  projectBody,
  projectBudgetBody,
  projectQuery,
  projectSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import {
  assignProject,
  createProject,
  getProject,
  listProjects,
  setProjectActive,
  setProjectBudget,
} from './service';

const base = '/api/project';

const tags = ['projects'];
const errors = { 400: errorEnvelope, 404: errorEnvelope };

export async function registerProjects(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  createProjectRoute(r, deps);
  listProjectsRoute(r, deps);
  getProjectRoute(r, deps);
  setProjectBudgetRoute(r, deps);
  assignProjectRoute(r, deps);
  setProjectActiveRoute(r, deps);
}

function createProjectRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    base,
    {
      config: needs('projects', 'post'),
      schema: {
        operationId: 'createProject',
        summary: 'Create a project (budget, start and end dates optional)',
        tags,
        body: projectBody,
        response: { 201: envelope(projectSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(ok(await createProject(db, tenantOf(req).accountId, req.body), PROJECT_MSG.created)),
  );
}

function listProjectsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    base,
    {
      config: needs('projects', 'get'),
      schema: {
        operationId: 'listProjects',
        summary: 'Projects with spend (active=false lists the completed ones)',
        tags,
        querystring: projectQuery,
        response: { 200: listEnvelope(projectSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { items, total } = await listProjects(db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getProjectRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    `${base}/:id`,
    {
      config: needs('projects', 'get'),
      schema: {
        operationId: 'getProject',
        summary: 'One project with its members and spend',
        tags,
        params: idParam,
        response: { 200: envelope(projectSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getProject(db, tenantOf(req).accountId, req.params.id)),
  );
}

function setProjectBudgetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    `${base}/:id/budget`,
    {
      config: needs('projects', 'put'),
      schema: {
        operationId: 'setProjectBudget',
        summary: "Set or remove a project's budget",
        tags,
        params: idParam,
        body: projectBudgetBody,
        response: { 200: envelope(projectSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await setProjectBudget(db, tenantOf(req).accountId, req.params.id, req.body.budget),
        PROJECT_MSG.budgetSet,
      ),
  );
}

function assignProjectRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    `${base}/:id/assign`,
    {
      config: {
        ...needs('projects', 'post'),
        ...bodyRefs({ accessIds: { table: 'members', message: PROJECT_MSG.memberNotFound, item: true } }),
      },
      schema: {
        operationId: 'assignProject',
        summary: 'Set the members (account access ids) assigned to a project',
        tags,
        params: idParam,
        body: projectAssignBody,
        response: { 200: envelope(projectSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await assignProject(db, tenantOf(req).accountId, req.params.id, req.body.accessIds),
        PROJECT_MSG.assigned,
      ),
  );
}

function setProjectActiveRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    `${base}/:id/activate`,
    {
      config: needs('projects', 'patch'),
      schema: {
        operationId: 'setProjectActive',
        summary: 'Reactivate a project or mark it completed ({ active })',
        tags,
        params: idParam,
        body: projectActiveBody,
        response: { 200: envelope(projectSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await setProjectActive(db, tenantOf(req).accountId, req.params.id, req.body.active),
        req.body.active ? PROJECT_MSG.activated : PROJECT_MSG.completed,
      ),
  );
}
