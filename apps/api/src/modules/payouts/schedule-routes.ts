// A payout's schedule and recurrence (002 §7 Payouts), registered by registerPayouts.
import {
  envelope,
  errorEnvelope,
  idParam,
  payoutRecurrenceSchema,
  PAYOUT_MSG,
  payoutScheduleBody,
  payoutScheduleSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { ok, type Router } from '../../platform/http';
import { cancelRecurrence } from './recurring';
import { cancelSchedule, getSchedule, reschedule } from './schedule';

const tags = ['payouts'];

export function getPayoutScheduleRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/payout/schedule/:id',
    {
      config: needs('payouts', 'get'),
      schema: {
        operationId: 'getPayoutSchedule',
        summary: 'A scheduled payout’s schedule',
        tags,
        params: idParam,
        response: { 200: envelope(payoutScheduleSchema), 404: errorEnvelope },
      },
    },
    async (req) => ok(await getSchedule(db, tenantOf(req).accountId, req.params.id)),
  );
}

export function updatePayoutScheduleRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/payout/schedule/:id',
    {
      config: needs('payouts', 'put'),
      schema: {
        operationId: 'updatePayoutSchedule',
        summary: 'Move a scheduled payout to another date (tomorrow or later)',
        description:
          'The date is part of what was approved: an approved payout moved to another date goes back to approval (the trail shows the change).',
        tags,
        params: idParam,
        body: payoutScheduleBody,
        response: { 200: envelope(payoutScheduleSchema), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await reschedule(deps, {
          accountId: tenantOf(req).accountId,
          id: req.params.id,
          userId: authOf(req).user.id,
          ...req.body,
        }),
        PAYOUT_MSG.rescheduled,
      ),
  );
}

export function cancelPayoutRecurrenceRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/payout/recurrence/:id',
    {
      config: needs('payouts', 'delete'),
      schema: {
        operationId: 'cancelPayoutRecurrence',
        summary: 'Stop a recurring payout (payouts already made stand)',
        tags,
        params: idParam,
        response: { 200: envelope(payoutRecurrenceSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await cancelRecurrence(db, { accountId: tenantOf(req).accountId, id: req.params.id }),
        'Recurring payout stopped',
      ),
  );
}

export function cancelPayoutScheduleRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.delete(
    '/api/payout/schedule/:id',
    {
      config: needs('payouts', 'delete'),
      schema: {
        operationId: 'cancelPayoutSchedule',
        summary: 'Cancel a scheduled payout that has not run',
        tags,
        params: idParam,
        response: { 200: envelope(payoutScheduleSchema), 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await cancelSchedule(db, { accountId: tenantOf(req).accountId, id: req.params.id }),
        PAYOUT_MSG.scheduleCancelled,
      ),
  );
}
