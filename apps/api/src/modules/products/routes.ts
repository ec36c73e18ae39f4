// Products and services (001 §7): POST, GET (search), GET/PUT/DELETE {id}. Expense lines use them.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import {
  envelope,
  errorEnvelope,
  fromMinor,
  idParam,
  listEnvelope,
  PRODUCT_MSG,
  productBody,
  productQuery,
  productSchema,
  type Product,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { escapeLike } from '../../platform/text';
import { registerAssetRoutes } from './asset-routes';
import { productsAndServices } from './tables';

const mine = (accountId: string, id: string) =>
  and(eq(productsAndServices.id, id), eq(productsAndServices.accountId, accountId));

const base = '/api/products-and-services';

const tags = ['products'];
type Row = typeof productsAndServices.$inferSelect;
const dto = (r: Row): Product => ({
  id: r.id,
  name: r.name,
  description: r.description,
  amount: fromMinor(r.amountMinor),
  amountMinor: r.amountMinor,
  category: r.category,
  quantity: r.quantity,
  total: fromMinor(r.amountMinor * r.quantity),
  totalMinor: r.amountMinor * r.quantity,
});
const productNotFound = () => new AppError(404, 'not-found', PRODUCT_MSG.notFound);
const MAX_MINOR = 100_000_000_000_000;
const checkSize = (amount: number, quantity: number) => {
  if (amount > MAX_MINOR || !Number.isSafeInteger(amount * quantity))
    throw badRequest('Amount is too large', { amount: ['Amount is too large'] });
};

export async function registerProducts(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  createProductRoute(r, deps);
  listProductsRoute(r, deps);
  getProductRoute(r, deps);
  updateProductRoute(r, deps);
  deleteProductRoute(r, deps);
  await registerAssetRoutes(app, deps);
}

function createProductRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    base,
    {
      config: needs('productsAndServices', 'post'),
      schema: {
        operationId: 'createProduct',
        summary: 'Add a product or service',
        tags,
        body: productBody,
        response: { 201: envelope(productSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      checkSize(req.body.amount, req.body.quantity);
      const [row] = await db
        .insert(productsAndServices)
        .values({
          accountId: tenantOf(req).accountId,
          name: req.body.name,
          description: req.body.description ?? null,
          amountMinor: req.body.amount,
          category: req.body.category,
          quantity: req.body.quantity,
        })
        .returning();
      return reply.code(201).send(ok(dto(row), PRODUCT_MSG.created));
    },
  );
}

function listProductsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    base,
    {
      config: needs('productsAndServices', 'get'),
      schema: {
        operationId: 'listProducts',
        summary: 'Products and services (search by name)',
        tags,
        querystring: productQuery,
        response: { 200: listEnvelope(productSchema) },
      },
    },
    async (req) => {
      const where = and(
        eq(productsAndServices.accountId, tenantOf(req).accountId),
        req.query.search ? ilike(productsAndServices.name, `%${escapeLike(req.query.search)}%`) : undefined,
      );
      const [{ n }] = await db.select({ n: count() }).from(productsAndServices).where(where);
      const rows = await db
        .select()
        .from(productsAndServices)
        .where(where)
        .orderBy(desc(productsAndServices.createdAt), desc(productsAndServices.id))
        .limit(req.query.limit)
        .offset((req.query.page - 1) * req.query.limit);
      return paged(rows.map(dto), req.query, Number(n));
    },
  );
}

function getProductRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    `${base}/:id`,
    {
      config: needs('productsAndServices', 'get'),
      schema: {
        operationId: 'getProduct',
        summary: 'One product or service',
        tags,
        params: idParam,
        response: { 200: envelope(productSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      const [row] = await db
        .select()
        .from(productsAndServices)
        .where(mine(tenantOf(req).accountId, req.params.id));
      if (!row) throw productNotFound();
      return ok(dto(row));
    },
  );
}

function updateProductRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    `${base}/:id`,
    {
      config: needs('productsAndServices', 'put'),
      schema: {
        operationId: 'updateProduct',
        summary: 'Change a product or service',
        tags,
        params: idParam,
        body: productBody,
        response: { 200: envelope(productSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      checkSize(req.body.amount, req.body.quantity);
      const [row] = await db
        .update(productsAndServices)
        .set({
          name: req.body.name,
          description: req.body.description ?? null,
          amountMinor: req.body.amount,
          category: req.body.category,
          quantity: req.body.quantity,
          updatedAt: new Date(),
        })
        .where(mine(tenantOf(req).accountId, req.params.id))
        .returning();
      if (!row) throw productNotFound();
      return ok(dto(row), PRODUCT_MSG.updated);
    },
  );
}

function deleteProductRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    `${base}/:id`,
    {
      config: needs('productsAndServices', 'delete'),
      schema: {
        operationId: 'deleteProduct',
        summary: 'Delete a product or service',
        tags,
        params: idParam,
        response: { 200: envelope(productSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      const [row] = await db
        .delete(productsAndServices)
        .where(mine(tenantOf(req).accountId, req.params.id))
        .returning();
      if (!row) throw productNotFound();
      return ok(dto(row), PRODUCT_MSG.deleted);
    },
  );
}
