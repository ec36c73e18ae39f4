import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  massApprovalBody,
  massApprovalResultSchema,
  PAY_SOMEONE_MSG,
  PAYOUT_EDIT_MSG,
  PAYOUT_RECURRENCE_MSG,
  payoutEditBody,
  paySomeoneBody,
  PAYOUT_MSG,
  payoutBody,
  payoutDetailSchema,
  payoutFeeQuery,
  payoutFeeSchema,
  fromMinor,
  payoutListQuery,
  payoutSchema,
  TRANSFER_MSG,
  transferBody,
} from '@owo/contract';
import { sendCsv, wantsCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_MAX, withIdempotency } from '../../platform/idempotency';
import { runAfterCommit } from '../approvals';
import { registerBills } from './bills-routes';
import { bankTransfer, paySomeone, prepareRecipient, prepareTransferRecipient } from './pay-someone';
import { computeFee } from '../money';
import { massApprove, registerPayoutApprovals } from './approval';
import { createPayout } from './create';
import { editPayout } from './edit';
import { getPayout, listPayouts, payoutsCsv } from './read';
import {
  getPayoutScheduleRoute,
  updatePayoutScheduleRoute,
  cancelPayoutRecurrenceRoute,
  cancelPayoutScheduleRoute,
} from './schedule-routes';
import { readerOf } from '../../platform/read-replica';

/** The category, project and assets a payout names are the company's own. */
const PAYOUT_REFS = bodyRefs({
  categoryId: 'categories',
  projectId: 'projects',
  'assets.*.id': 'payoutAssets',
}).refs;

const tags = ['payouts'];
const idempotencyHeader = z
  .object({ 'idempotency-key': z.string().max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_INVALID).optional() })
  .passthrough();

/** Payouts to vendors (issue 23 §0, §3). Register after money, funding and approvals. */
export async function registerPayouts(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerPayoutApprovals(deps);
  await registerBills(app, deps);
  createPayoutRoute(r, deps);
  paySomeoneRoute(r, deps);
  createBankTransferRoute(r, deps);
  listPayoutsRoute(r, deps);
  massApprovePayoutsRoute(r, deps);
  getPayoutFeeRoute(r, deps);
  getPayoutRoute(r, deps);
  updatePayoutRoute(r, deps);
  getPayoutScheduleRoute(r, deps);
  updatePayoutScheduleRoute(r, deps);
  cancelPayoutRecurrenceRoute(r, deps);
  cancelPayoutScheduleRoute(r, deps);
}

function createPayoutRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payouts',
    {
      config: {
        ...needs('payouts', 'post'),
        ...bodyRefs({
          ...PAYOUT_REFS,
          payeeId: { table: 'payees', message: PAYOUT_MSG.payeeNotFound },
          walletId: { table: 'wallets', message: PAYOUT_MSG.selectWallet },
        }),
      },
      schema: {
        operationId: 'createPayout',
        summary: 'Create a payout to a vendor; it goes to approval (type payout)',
        description:
          'Requires an Idempotency-Key header: a retry with the same key answers the first result and creates nothing. Nothing is held at creation, but a payout the available balance cannot cover (amount + the bank-transfer fee) is refused. amount + fee are held at the final approval. scheduledDate (YYYY-MM-DD, tomorrow or later, Lagos) schedules the payment; the answer carries scheduleId.',
        tags,
        headers: idempotencyHeader,
        body: payoutBody,
        response: {
          201: envelope(payoutDetailSchema),
          400: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      return withIdempotency(deps, req, reply, async (tx) => {
        const after: (() => Promise<void> | void)[] = [];
        const id = await createPayout(tx, deps, {
          tenant,
          userId,
          body: req.body,
          afterCommit: (fn) => after.push(fn),
        });
        const data = await getPayout(tx as never, { tenant, id, viewerId: userId });
        return {
          statusCode: 201,
          body: ok(
            data,
            req.body.recurrence
              ? PAYOUT_RECURRENCE_MSG.created
              : req.body.scheduledDate
                ? PAYOUT_MSG.scheduled
                : PAYOUT_MSG.created,
          ),
          afterCommit: () => runAfterCommit(after),
        };
      });
    },
  );
}

function paySomeoneRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/pay-someone',
    {
      config: {
        ...needs('payouts', 'post'),
        ...bodyRefs({
          payeeId: { table: 'payees', message: PAYOUT_MSG.payeeNotFound },
          walletId: { table: 'wallets', message: PAYOUT_MSG.selectWallet },
        }),
      },
      schema: {
        operationId: 'paySomeone',
        summary: 'Pay a new or existing recipient in NGN, USD or GBP; a payout that goes to approval',
        description:
          'Requires an Idempotency-Key header (a retry answers the first result). One of payeeId or recipient: a new NGN recipient is bankCode + accountNumber (NUBAN-checked, name resolved; the resolved name wins), a USD/GBP one is recipient.foreign (account name, IBAN or account number, SWIFT/BIC, sort code or routing number, bank name, country, address). wirePurpose (purpose from the list + narration) is required for USD and GBP and optional for NGN. senderDetails is required for reseller accounts and refused for others. USD/GBP amounts are converted from the wallet at the exchange quote (rate and fees fixed at creation) and capped at our limit of $10,000 per transaction (USD equivalent); NGN payouts below KYB tier 3 at the KYC cap. A payment the available balance cannot cover is refused (add funds first). It is a payout (approval type payout): nothing is held until the final approval.',
        tags,
        headers: idempotencyHeader,
        body: paySomeoneBody,
        response: {
          201: envelope(payoutDetailSchema),
          400: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      const recipient = await prepareRecipient(deps, tenant, req.body);
      return withIdempotency(deps, req, reply, async (tx) => {
        const after: (() => Promise<void> | void)[] = [];
        const id = await paySomeone(tx, deps, {
          tenant,
          userId,
          body: req.body,
          recipient,
          afterCommit: (fn) => after.push(fn),
        });
        const data = await getPayout(tx as never, { tenant, id, viewerId: userId });
        return {
          statusCode: 201,
          body: ok(data, req.body.scheduledDate ? PAY_SOMEONE_MSG.scheduled : PAY_SOMEONE_MSG.created),
          afterCommit: () => runAfterCommit(after),
        };
      });
    },
  );
}

function createBankTransferRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/transfers',
    {
      config: { ...needs('payouts', 'post'), ...bodyRefs({ walletId: 'wallets' }) },
      schema: {
        operationId: 'createBankTransfer',
        summary: 'Send money from a wallet to a Nigerian bank account; a payout that goes to approval',
        tags: ['transfers'],
        description:
          'Requires an Idempotency-Key header; a retry with the same key answers the first result and creates nothing. The account number is NUBAN-checked and its name resolved (the resolved name wins). The transfer is a payout (approval type payout, channel transfer) to the vendor with that bank account (found or created): nothing is held until its final approval, which holds amount + fee and sends exactly what was approved. 202: pending approval, nothing moved. 201: approved at once by the AP policy (below its auto-approve threshold) and paid (status paying), or refused by the wallet at payment (status failed, failureReason). A transfer the available balance cannot cover (amount + the bank-transfer fee) is refused; NGN amounts below KYB tier 3 are capped.',
        headers: idempotencyHeader,
        body: transferBody,
        response: {
          201: envelope(payoutDetailSchema),
          202: envelope(payoutDetailSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      const recipient = await prepareTransferRecipient(deps, req.body);
      return withIdempotency(deps, req, reply, async (tx) => {
        const after: (() => Promise<void> | void)[] = [];
        const id = await bankTransfer(tx, deps, {
          tenant,
          userId,
          body: req.body,
          recipient,
          afterCommit: (fn) => after.push(fn),
        });
        const data = await getPayout(tx as never, { tenant, id, viewerId: userId });
        const pending = data.status === 'pending';
        return {
          statusCode: pending ? 202 : 201,
          body: ok(data, pending ? TRANSFER_MSG.pending : TRANSFER_MSG.sent),
          afterCommit: () => runAfterCommit(after),
        };
      });
    },
  );
}

function listPayoutsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payouts',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'listPayouts',
        summary: 'List payouts (status, search, from/to), newest first',
        description:
          'status=active is approved, scheduled or paying. format=csv answers every row the same filters select as text/csv.',
        tags,
        querystring: payoutListQuery,
        response: {
          200: listEnvelope(payoutSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const p = { tenant: tenantOf(req), viewerId: authOf(req).user.id, q: req.query };
      if (wantsCsv(req.query)) return sendCsv(reply, 'owo-payouts.csv', payoutsCsv(readerOf(deps), p));
      const { items, total } = await listPayouts(db, p);
      return paged(items, req.query, total);
    },
  );
}

function massApprovePayoutsRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payouts/mass-approval',
    {
      config: needs('approvalWorkflows', 'post'),
      schema: {
        operationId: 'massApprovePayouts',
        summary: 'Approve or reject many payouts with one comment; one result per id',
        description:
          'Each id is decided by the approvals engine on its own; an item no longer pending is reported, not approved.',
        tags,
        body: massApprovalBody,
        response: { 200: envelope(z.array(massApprovalResultSchema)), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { results, afterCommit } = await massApprove(deps, {
        accountId: tenantOf(req).accountId,
        userId: authOf(req).user.id,
        ...req.body,
      });
      await runAfterCommit(afterCommit);
      return ok(results, PAYOUT_MSG.massApproval);
    },
  );
}

function getPayoutFeeRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payouts/fee',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'getPayoutFee',
        summary: 'The money core’s bank-transfer fee for a payout amount',
        tags,
        querystring: payoutFeeQuery,
        response: { 200: envelope(payoutFeeSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const { amount, currency } = req.query;
      const fee = await computeFee(db, {
        accountId: tenantOf(req).accountId,
        method: 'bank-transfer',
        amount,
        currency,
      });
      return ok({
        amount: fromMinor(amount),
        amountMinor: amount,
        fee: fromMinor(fee),
        feeMinor: fee,
        total: fromMinor(amount + fee),
        totalMinor: amount + fee,
      });
    },
  );
}

function getPayoutRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payouts/:id',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'getPayout',
        summary: 'One payout with its status, approval item, fee and schedule',
        tags,
        params: idParam,
        response: { 200: envelope(payoutDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) =>
      ok(await getPayout(db, { tenant: tenantOf(req), id: req.params.id, viewerId: authOf(req).user.id })),
  );
}

function updatePayoutRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.put(
    '/api/payouts/:id',
    {
      config: { ...needs('payouts', 'put'), ...bodyRefs(PAYOUT_REFS) },
      schema: {
        operationId: 'updatePayout',
        summary: 'Edit a payout not yet paid; it goes back to approval',
        description:
          'amount (for a USD/GBP payout: what the recipient gets, re-quoted), narration, scheduledDate (null clears it), categoryId, projectId, assets. Any edit sends the payout back to level one of approval (trail entry Resubmitted): an approved or scheduled payout must be approved again. A payout whose money is held or paid (paying, completed) or a cancelled one answers 409; the limit, fee, balance and date checks of creation run again.',
        tags,
        params: idParam,
        body: payoutEditBody,
        response: {
          200: envelope(payoutDetailSchema),
          400: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const userId = authOf(req).user.id;
      const after: (() => Promise<void> | void)[] = [];
      const data = await db.transaction(async (tx) => {
        await editPayout(tx, deps, {
          tenant,
          userId,
          id: req.params.id,
          body: req.body,
          afterCommit: (fn) => after.push(fn),
        });
        return getPayout(tx as never, { tenant, id: req.params.id, viewerId: userId });
      });
      await runAfterCommit(after);
      return ok(data, PAYOUT_EDIT_MSG.updated);
    },
  );
}
