import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  budgetBody,
  budgetInsightSchema,
  CATEGORY_MSG,
  categoryBody,
  categorySchema,
  envelope,
  errorEnvelope,
  idParam,
  subcategoryBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, routerOf, type Router } from '../../platform/http';
import {
  budgetInsight,
  createCategory,
  deleteCategory,
  deleteSubcategory,
  putSubcategory,
  listCategories,
  renameCategory,
  setBudget,
} from './service';

const base = '/api/payout/category';

const tags = ['categories'];
const subParams = z.object({ id: z.string().uuid(), subId: z.string().uuid() });
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** Payout categories and budgets (001 §7 Payout categories). */
export async function registerCategories(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listPayoutCategoriesRoute(r, deps);
  listPayoutSubcategoriesRoute(r, deps);
  getBudgetInsightRoute(r, deps);
  createPayoutCategoryRoute(r, deps);
  renamePayoutCategoryRoute(r, deps);
  deletePayoutCategoryRoute(r, deps);
  setCategoryBudgetRoute(r, deps);
  putPayoutSubcategoryRoute(r, deps);
  deletePayoutSubcategoryRoute(r, deps);
}

function listPayoutCategoriesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    base,
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'listPayoutCategories',
        summary: 'Top-level payout categories with their budgets',
        tags,
        response: { 200: envelope(z.array(categorySchema)) },
      },
    },
    async (req) => ok(await listCategories(db, tenantOf(req).accountId)),
  );
}

function listPayoutSubcategoriesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    `${base}/subcategory`,
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'listPayoutSubcategories',
        summary: 'Payout subcategories',
        tags,
        response: { 200: envelope(z.array(categorySchema)) },
      },
    },
    async (req) => ok(await listCategories(db, tenantOf(req).accountId, true)),
  );
}

function getBudgetInsightRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    `${base}/insight/budget`,
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'getBudgetInsight',
        summary: 'Spent, committed and remaining per category this month',
        tags,
        response: { 200: envelope(z.array(budgetInsightSchema)) },
      },
    },
    async (req) => ok(await budgetInsight(db, tenantOf(req).accountId)),
  );
}

function createPayoutCategoryRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    base,
    {
      config: { ...needs('payouts', 'post'), ...bodyRefs({ parentId: 'categories' }) },
      schema: {
        operationId: 'createPayoutCategory',
        summary: 'Create a payout category (or a subcategory with parentId)',
        tags,
        body: categoryBody,
        response: { 201: envelope(categorySchema), ...errors },
      },
    },
    async (req, reply) => {
      const c = await db.transaction((tx) =>
        createCategory(tx, { accountId: tenantOf(req).accountId, ...req.body }),
      );
      return reply.code(201).send(ok(c, CATEGORY_MSG.created));
    },
  );
}

function renamePayoutCategoryRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    `${base}/:id`,
    {
      config: { ...needs('payouts', 'put'), ...bodyRefs({ parentId: 'categories' }) },
      schema: {
        operationId: 'renamePayoutCategory',
        summary: 'Rename a payout category',
        tags,
        params: idParam,
        body: categoryBody,
        response: { 200: envelope(categorySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          renameCategory(tx, { accountId: tenantOf(req).accountId, id: req.params.id, name: req.body.name }),
        ),
        CATEGORY_MSG.updated,
      ),
  );
}

function deletePayoutCategoryRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    `${base}/:id`,
    {
      config: needs('payouts', 'delete'),
      schema: {
        operationId: 'deletePayoutCategory',
        summary: 'Delete a payout category without subcategories',
        tags,
        params: idParam,
        response: { 200: envelope(categorySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          deleteCategory(tx, { accountId: tenantOf(req).accountId, id: req.params.id }),
        ),
        CATEGORY_MSG.deleted,
      ),
  );
}

function setCategoryBudgetRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    `${base}/:id/budget`,
    {
      config: needs('payouts', 'patch'),
      schema: {
        operationId: 'setCategoryBudget',
        summary: 'Set (or clear with null) a category’s monthly budget',
        tags,
        params: idParam,
        body: budgetBody,
        response: { 200: envelope(categorySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          setBudget(tx, {
            accountId: tenantOf(req).accountId,
            id: req.params.id,
            budgetMinor: req.body.budget,
          }),
        ),
        CATEGORY_MSG.budgetSet,
      ),
  );
}

function putPayoutSubcategoryRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    `${base}/:id/subcategory`,
    {
      config: { ...needs('payouts', 'put'), ...bodyRefs({ subcategoryId: 'categories' }) },
      schema: {
        operationId: 'putPayoutSubcategory',
        summary: 'Add a subcategory under a category, or rename one (subcategoryId)',
        tags,
        params: idParam,
        body: subcategoryBody,
        response: { 200: envelope(categorySchema), ...errors },
      },
    },
    async (req) => {
      const r2 = await db.transaction((tx) =>
        putSubcategory(tx, {
          accountId: tenantOf(req).accountId,
          parentId: req.params.id,
          name: req.body.name,
          subcategoryId: req.body.subcategoryId,
        }),
      );
      return ok(r2.data, r2.created ? CATEGORY_MSG.created : CATEGORY_MSG.updated);
    },
  );
}

function deletePayoutSubcategoryRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    `${base}/:id/subcategory/:subId`,
    {
      config: needs('payouts', 'delete'),
      schema: {
        operationId: 'deletePayoutSubcategory',
        summary: 'Delete a subcategory of a category',
        tags,
        params: subParams,
        response: { 200: envelope(categorySchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await db.transaction((tx) =>
          deleteSubcategory(tx, {
            accountId: tenantOf(req).accountId,
            parentId: req.params.id,
            subId: req.params.subId,
          }),
        ),
        CATEGORY_MSG.deleted,
      ),
  );
}
