import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  attachmentsBody,
  beneficiaryQuery,
  beneficiarySchema,
  envelope,
  errorEnvelope,
  expenseBody,
  expenseDetailSchema,
  expenseListQuery,
  expenseSchema,
  EXPENSE_MSG,
  idParam,
  listEnvelope,
  pendingApprovalItemSchema,
  reapproveBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { sendCsv, wantsCsv } from '../../platform/csv';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { approvalOf, runAfterCommit } from '../approvals';
import { registerExpenseApprovals } from './approval';
import { deleteBeneficiary, listBeneficiaries } from './beneficiaries';
import { createExpense } from './create';
import { getExpense } from './detail';
import { reapproveExpense, updateExpense } from './edit';
import { expensesCsv, listExpenses } from './list';
import { addAttachments, retireExpense } from './receipts';
import { retryExpense } from './retry';
import { readerOf } from '../../platform/read-replica';

/** The expense as its viewer sees it (the route's :id, or `id`). */
const detail = (db: Db, req: { params: { id: string } } & Parameters<typeof tenantOf>[0], id?: string) =>
  getExpense(db, { tenant: tenantOf(req), id: id ?? req.params.id, viewerId: authOf(req).user.id });

/** The wallet, approver, products, project and beneficiary an expense names are the company's own. */
const EXPENSE_REFS = bodyRefs({
  walletId: { table: 'wallets', message: EXPENSE_MSG.selectWallet },
  approverId: { table: 'memberUsers', message: EXPENSE_MSG.approverInvalid },
  'productsAndServices.*.id': 'products',
  projectId: 'projects',
  beneficiaryId: 'beneficiaries',
}).refs;

const tags = ['expenses'];
const errors = {
  400: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

/** Expenses (issue 21 §2). Register after money and approvals. */
export async function registerExpenses(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerExpenseApprovals(deps);
  listExpensesRoute(r, deps);
  createExpenseRoute(r, deps);
  listExpenseBeneficiariesRoute(r, deps);
  deleteExpenseBeneficiaryRoute(r, deps);
  getExpenseRoute(r, deps);
  updateExpenseRoute(r, deps);
  reapproveExpenseRoute(r, deps);
  retryExpensePaymentRoute(r, deps);
  retireExpenseRoute(r, deps);
  checkExpenseApprovalRoute(r, deps);
  addExpenseAttachmentsRoute(r, deps);
}

function listExpensesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/expense',
    {
      ...fastList(),
      config: needs('expenses', 'get'),
      schema: {
        operationId: 'listExpenses',
        summary: 'List expenses (status, search, mine, where, dates), newest first; format=csv exports them',
        tags,
        querystring: expenseListQuery,
        response: { 200: listEnvelope(expenseSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const p = { tenant: tenantOf(req), viewerId: authOf(req).user.id, q: req.query };
      if (wantsCsv(req.query)) return sendCsv(reply, 'owo-expenses.csv', expensesCsv(readerOf(deps), p));
      const { items, total } = await listExpenses(db, p);
      return paged(items, req.query, total);
    },
  );
}

function createExpenseRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/expense',
    {
      config: { ...needs('expenses', 'post'), ...bodyRefs(EXPENSE_REFS) },
      schema: {
        operationId: 'createExpense',
        summary: 'Create an expense; it goes to approval (or is auto-approved and paid)',
        tags,
        body: expenseBody,
        response: { 201: envelope(expenseDetailSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { id, budgetWarning, afterCommit } = await createExpense(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        body: req.body,
      });
      await runAfterCommit(afterCommit);
      const message = budgetWarning
        ? `${EXPENSE_MSG.created}. Warning: ${budgetWarning}`
        : EXPENSE_MSG.created;
      return reply.code(201).send(ok(await detail(db, req as never, id), message));
    },
  );
}

function listExpenseBeneficiariesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/expense/beneficiary',
    {
      config: needs('expenses', 'get'),
      schema: {
        operationId: 'listExpenseBeneficiaries',
        summary: 'Saved beneficiaries (search, or the 15 most recent)',
        tags,
        querystring: beneficiaryQuery,
        response: { 200: envelope(z.array(beneficiarySchema)) },
      },
    },
    async (req) => ok(await listBeneficiaries(db, { accountId: tenantOf(req).accountId, ...req.query })),
  );
}

function deleteExpenseBeneficiaryRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/expense/beneficiary/:id',
    {
      config: needs('expenses', 'delete'),
      schema: {
        operationId: 'deleteExpenseBeneficiary',
        summary: 'Delete a saved beneficiary',
        tags,
        params: idParam,
        response: { 200: envelope(beneficiarySchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await deleteBeneficiary(db, { accountId: tenantOf(req).accountId, id: req.params.id }),
        EXPENSE_MSG.beneficiaryDeleted,
      ),
  );
}

function getExpenseRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/expense/:id',
    {
      config: needs('expenses', 'get'),
      schema: {
        operationId: 'getExpense',
        summary: 'One expense with its manifest and approval item',
        tags,
        params: idParam,
        response: { 200: envelope(expenseDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await detail(db, req)),
  );
}

function updateExpenseRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/expense/:id',
    {
      config: { ...needs('expenses', 'put'), ...bodyRefs(EXPENSE_REFS) },
      schema: {
        operationId: 'updateExpense',
        summary: 'Edit a rejected or failed expense (then resolve, or re-approve)',
        description:
          'A failed expense whose payment fields change (amount, wallet, bank account, beneficiary, date) goes back to approval at once; the trail shows the change. A retry pays only what was approved.',
        tags,
        params: idParam,
        body: expenseBody,
        response: { 200: envelope(expenseDetailSchema), ...errors },
      },
    },
    async (req) => {
      const after = await updateExpense(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        id: req.params.id,
        body: req.body,
      });
      await runAfterCommit(after);
      return ok(await detail(db, req), EXPENSE_MSG.updated);
    },
  );
}

function reapproveExpenseRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/expense/:id/re-approve',
    {
      config: needs('expenses', 'put'),
      schema: {
        operationId: 'reapproveExpense',
        summary: 'Send an edited failed expense through approval again',
        tags,
        params: idParam,
        body: reapproveBody,
        response: { 200: envelope(expenseDetailSchema), ...errors },
      },
    },
    async (req) => {
      const after = await reapproveExpense(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        id: req.params.id,
        comments: req.body.comments,
      });
      await runAfterCommit(after);
      return ok(await detail(db, req), EXPENSE_MSG.reapproval);
    },
  );
}

function retryExpensePaymentRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/expense/:id/retry',
    {
      config: needs('expenses', 'post'),
      schema: {
        operationId: 'retryExpensePayment',
        summary: 'Retry the payment of an approved expense whose payout failed',
        description:
          'Pays exactly the manifest the approval digested (money/outflow.ts), or nothing: 409 when the expense is not approved or differs from what was approved.',
        tags,
        params: idParam,
        response: { 200: envelope(expenseDetailSchema), ...errors },
      },
    },
    async (req) => {
      const after = await retryExpense(deps, { tenant: tenantOf(req), id: req.params.id });
      await runAfterCommit(after);
      return ok(await detail(db, req), EXPENSE_MSG.retried);
    },
  );
}

function retireExpenseRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/expense/:id/retire',
    {
      config: needs('expenses', 'put'),
      schema: {
        operationId: 'retireExpense',
        summary: 'Retire a paid expense (its receipts are recorded)',
        tags,
        params: idParam,
        response: { 200: envelope(expenseDetailSchema), ...errors },
      },
    },
    async (req) => {
      await retireExpense(deps, { tenant: tenantOf(req), id: req.params.id });
      return ok(await detail(db, req), EXPENSE_MSG.retired);
    },
  );
}

function checkExpenseApprovalRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/expense/pending-approval/:id',
    {
      config: needs('expenses', 'get'),
      schema: {
        operationId: 'checkExpenseApproval',
        summary: 'The approval status of an expense (the success modal reads it after submit, 001 §4)',
        tags,
        params: idParam,
        response: { 200: envelope(pendingApprovalItemSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      await detail(db, req); // tenancy and subsidiary scope
      const item = await approvalOf(db, {
        accountId: tenantOf(req).accountId,
        type: 'expense',
        resourceId: req.params.id,
        viewerId: authOf(req).user.id,
      });
      if (!item) throw notFound('Approval item');
      return ok(item);
    },
  );
}

function addExpenseAttachmentsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.patch(
    '/api/expense/:id/attachment',
    {
      // Its maker (own: expenses post) or an expense manager (any: expenses patch), see
      // OBJECT_RULES.expenseReceipt, checked in addAttachments.
      config: needs('expenses', 'post'),
      schema: {
        operationId: 'addExpenseAttachments',
        summary: "Add receipts to an expense: its maker's own, or any with the expenses patch right",
        tags,
        params: idParam,
        body: attachmentsBody,
        response: { 200: envelope(expenseDetailSchema), ...errors },
      },
    },
    async (req) => {
      await addAttachments(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        id: req.params.id,
        attachments: req.body.attachments,
      });
      return ok(await detail(db, req), EXPENSE_MSG.attachments);
    },
  );
}
