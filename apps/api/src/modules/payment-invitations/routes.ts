import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  PAYMENT_INVITATION_MSG,
  paymentInvitationBody,
  paymentInvitationConfirmBody,
  paymentInvitationListQuery,
  paymentInvitationSchema,
  publicPaymentInvitationSchema,
  publicRefParam,
} from '@owo/contract';
import { sendCsv, wantsCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { authOf, isPublic, needs, tenantOf } from '../../platform/guard';
import { ok, paged, routerOf, type Router } from '../../platform/http';
import { fastList } from '../../platform/list';
import { clientIp, hit } from '../../platform/rate-limit';
import { registerPaymentInvitationMatching } from './matching';
import { confirmPaymentInvitation, publicPaymentInvitation } from './public';
import {
  cancelPaymentInvitation,
  createPaymentInvitation,
  getPaymentInvitation,
  listPaymentInvitations,
  paymentInvitationsCsv,
  resendPaymentInvitation,
} from './service';
import { readerOf } from '../../platform/read-replica';

/** The public payment-invitation pages' limit per client address. */
const limitPublic = (deps: AppDeps, ip: string) =>
  hit(deps, `payment-invitation:ip:${ip}`, PUBLIC_PER_HOUR, HOUR);

const tags = ['payment-invitations'];
const HOUR = 3600;
/** Per client IP over every public call; confirmations have their own tighter cap. */
const PUBLIC_PER_HOUR = 120;
const CONFIRMS_PER_HOUR = 20;
const PUBLIC_NOTE =
  'Public (no sign-in), reached from the mailed link. The reference is 128 random bits, stored only as its SHA-256; a resend replaces it. Unknown 404, cancelled or expired 410, already confirmed 409. Nothing of the company but its name and the pay-in details is answered. Rate-limited per client IP.';

/**
 * Payment invitations (issue 23 §0; 001 §2 `/payment-invitation/*`). Permission resource `inflows`:
 * an invitation is money coming in. Register after funding and money (it listens to wallet deposits).
 */
export async function registerPaymentInvitations(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  registerPaymentInvitationMatching(deps);
  createPaymentInvitationRoute(r, deps);
  listPaymentInvitationsRoute(r, deps);
  getPaymentInvitationRoute(r, deps);
  cancelPaymentInvitationRoute(r, deps);
  resendPaymentInvitationRoute(r, deps);
  getPublicPaymentInvitationRoute(r, deps);
  confirmPublicPaymentInvitationRoute(r, deps);
}

function createPaymentInvitationRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payment-invitations',
    {
      config: needs('inflows', 'post'),
      schema: {
        operationId: 'createPaymentInvitation',
        summary:
          'Ask someone who owes the company money to pay it (a single-use link is mailed to the payer)',
        description:
          'NGN, USD or GBP: USD/GBP need a wallet in that currency with receiving details from the provider (else 400 on currency). expiresAt is a Lagos date (end of day), tomorrow to 90 days; default 14 days. A deposit of the same amount and currency to the company’s wallet (NGN virtual account or USD/GBP receiving details) marks the oldest open invitation paid.',
        tags,
        body: paymentInvitationBody,
        response: { 201: envelope(paymentInvitationSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const inv = await createPaymentInvitation(deps, {
        tenant: tenantOf(req),
        userId: authOf(req).user.id,
        body: req.body,
      });
      return reply.code(201).send(ok(inv, PAYMENT_INVITATION_MSG.created));
    },
  );
}

function listPaymentInvitationsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payment-invitations',
    {
      ...fastList(),
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'listPaymentInvitations',
        summary: 'List payment invitations (status, search, from/to), newest first',
        description:
          'status: pending, payerConfirmed, paid, expired (a pending one past expiresAt) or cancelled; also accepted inside the list kit’s where JSON. format=csv answers every row the same filters select as a streamed text/csv attachment.',
        tags,
        querystring: paymentInvitationListQuery,
        response: {
          200: listEnvelope(paymentInvitationSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { accountId } = tenantOf(req);
      if (wantsCsv(req.query))
        return sendCsv(
          reply,
          'owo-payment-invitations.csv',
          paymentInvitationsCsv(readerOf(deps), accountId, req.query),
        );
      const { items, total } = await listPaymentInvitations(db, accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

function getPaymentInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payment-invitations/:id',
    {
      config: needs('inflows', 'get'),
      schema: {
        operationId: 'getPaymentInvitation',
        summary: 'One payment invitation: its status, what the payer confirmed and the deposit that paid it',
        tags,
        params: idParam,
        response: { 200: envelope(paymentInvitationSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getPaymentInvitation(db, tenantOf(req).accountId, req.params.id)),
  );
}

function cancelPaymentInvitationRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.post(
    '/api/payment-invitations/:id/cancel',
    {
      config: needs('inflows', 'put'),
      schema: {
        operationId: 'cancelPaymentInvitation',
        summary: 'Cancel a pending or payer-confirmed payment invitation (its link stops working)',
        tags,
        params: idParam,
        response: { 200: envelope(paymentInvitationSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await cancelPaymentInvitation(db, tenantOf(req).accountId, req.params.id),
        PAYMENT_INVITATION_MSG.cancelled,
      ),
  );
}

function resendPaymentInvitationRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/payment-invitations/:id/resend',
    {
      config: needs('inflows', 'post'),
      schema: {
        operationId: 'resendPaymentInvitation',
        summary: 'Mail a pending payment invitation again with a new link (the previous link stops working)',
        description: 'An expired pending invitation is renewed for 14 days.',
        tags,
        params: idParam,
        response: { 200: envelope(paymentInvitationSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await resendPaymentInvitation(deps, tenantOf(req).accountId, req.params.id),
        PAYMENT_INVITATION_MSG.resent,
      ),
  );
}

function getPublicPaymentInvitationRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/public/payment-invitations/:ref',
    {
      config: isPublic(),
      schema: {
        operationId: 'getPublicPaymentInvitation',
        summary: 'Public: the company name, amount and pay-in details of a payment invitation link',
        description: `${PUBLIC_NOTE} methods lists bankTransfer (the company’s NGN virtual account), usdAccount and gbpAccount (the USD/GBP wallet’s receiving details); only the invitation’s currency is available; it is empty once the payer confirmed.`,
        tags,
        params: publicRefParam,
        response: {
          200: envelope(publicPaymentInvitationSchema),
          404: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (req) => {
      await limitPublic(deps, clientIp(req));
      return ok(await publicPaymentInvitation(deps, req.params.ref));
    },
  );
}

function confirmPublicPaymentInvitationRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/public/payment-invitations/:ref/confirm',
    {
      config: isPublic(),
      schema: {
        operationId: 'confirmPublicPaymentInvitation',
        summary: 'Public: the payer confirms they sent the money (once)',
        description: `${PUBLIC_NOTE} wirePurpose and narration are required for usdAccount and gbpAccount; a method that is not available answers 422.`,
        tags,
        params: publicRefParam,
        body: paymentInvitationConfirmBody,
        response: {
          200: envelope(z.null()),
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => {
      const ip = clientIp(req);
      await limitPublic(deps, ip);
      await hit(deps, `payment-invitation:confirm:ip:${ip}`, CONFIRMS_PER_HOUR, HOUR);
      await confirmPaymentInvitation(deps, req.params.ref, req.body);
      return ok(null, PAYMENT_INVITATION_MSG.confirmed);
    },
  );
}
