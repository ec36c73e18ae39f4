// Marketplace: electricity bought for saved meters (ordinary ones, and the sandbox provider's meters
// that vend late, fail, time out after vending, or clear a debt first). An order holds its total,
// goes to approval, is approved (each meter vended under its own request id, requeried when the
// outcome is unknown) or rejected (the hold released); a rejected vending gets a new amount or the
// rejection is resolved, and the order goes back to approval.
import { sql } from 'drizzle-orm';
import { SANDBOX_TEST_METERS } from '../../src/modules/marketplace/provider/test-meters';
import { client } from '../../test/factories';
import type { Area, World } from '../types';
import { decideSome, expectStatus, major, pendingItem, pickRow, rowsOf } from './kit';

type MarketplaceState = { meters: Record<string, string[]> };
const stateOf = (w: { state: Record<string, any> }): MarketplaceState =>
  (w.state.marketplace ??= { meters: {} }) as MarketplaceState;

const rows = async (w: World, q: ReturnType<typeof sql>) => rowsOf<Record<string, string | number>>(w, q);

/**
 * The end of the day before the final checks: an order still waiting for approval holds its money
 * (a pending transfer); the approver rejects what nobody approved, so every hold is released and
 * every transfer reaches its final state. Called by the drain (sim/faults.ts).
 */
export async function rejectWaitingOrders(w: World): Promise<number> {
  let n = 0;
  for (const c of w.companies) {
    const items = await rowsOf<{ id: string }>(
      w,
      sql`select id from approval_items where account_id = ${c.id} and type = 'marketplace'
           and status = 'pending' order by created_at, id`,
    );
    for (const item of items) {
      const res = await client(w.primary, { token: c.approver.token, accountId: c.id }).post(
        `/api/approval-workflows/pending-approvals/approve/${item.id}`,
        { approvalStatus: 'rejected', comments: 'Not approved by the end of the day' },
      );
      if (res.status >= 500)
        throw new Error(
          `no-5xx: the end-of-day rejection answered ${res.status} ${JSON.stringify(res.body)}`,
        );
      n++;
    }
  }
  return n;
}

export const marketplaceArea: Area = {
  name: 'marketplace',
  async setup(w, c, rng) {
    const M = SANDBOX_TEST_METERS;
    const meters = [
      { meterNo: String(45_000_000_000 + rng.int(0, 999_999_999)), vendType: 'prepaid' },
      { meterNo: String(62_000_000_000 + rng.int(0, 999_999_999)), vendType: 'prepaid' },
      { meterNo: M.delayed, vendType: 'prepaid' },
      { meterNo: M.vendFails, vendType: 'prepaid' },
      { meterNo: M.timeout, vendType: 'prepaid' },
      { meterNo: M.postpaidDebt, vendType: 'postpaid' },
    ];
    const ids: string[] = [];
    for (const m of meters) {
      const res = await w.as(c, 'owner', rng)('POST', '/api/marketplace/assets/meters/add', {
        ...m,
        disco: rng.pick(['IKEDC', 'EKEDC', 'AEDC']),
        phoneNo: '08031234567',
        state: 'Lagos',
        label: `Sim ${m.meterNo.slice(-4)}`,
      });
      ids.push(expectStatus('add meter', res, 201).body.data.id);
    }
    stateOf(w).meters[c.id] = ids;
  },
  ops: [
    {
      name: 'buy',
      weight: 4,
      async run(w, c, rng) {
        const all = [...(stateOf(w).meters[c.id] ?? [])];
        if (!all.length) return 'no meters (area not set up)';
        const assets = Array.from({ length: rng.int(1, 3) }, () => {
          const assetId = all.splice(rng.int(0, all.length - 1), 1)[0];
          return { assetId, amount: major(rng.int(1_000_00, 60_000_00)) };
        });
        const res = await w.as(c, 'owner', rng)('POST', '/api/marketplace/vendings/create', {
          walletId: c.wallets.NGN.id,
          utilityType: 'ELECTRICITY',
          assets,
        });
        expectStatus('buy electricity', res, 201, 400, 409, 422);
        return `${assets.length} meters, ₦${assets.map((a) => a.amount).join(' + ')}: ${res.status}`;
      },
    },
    { name: 'decide', weight: 4, run: (w, c, rng) => decideSome(w, c, 'marketplace', rng, 0.25) },
    {
      name: 'approve-twice',
      weight: 1,
      async run(w, c, rng) {
        // The approver clicks Approve twice (both processes at once): the order is vended once.
        const item = await pendingItem(w, c, 'marketplace', rng);
        if (!item) return 'no pending marketplace';
        const res = await Promise.all(
          [w.as(c, 'approver', rng), w.as(c, 'approver', rng)].map((call) =>
            call('POST', `/api/approval-workflows/pending-approvals/approve/${item.id}`, {
              approvalStatus: 'approved',
              comments: 'Approved, meters checked',
            }),
          ),
        );
        for (const r of res) expectStatus('approve order', r, 200, 400, 409, 422);
        return `${item.resourceId}: ${res.map((r) => r.status).join(',')}`;
      },
    },
    {
      name: 'new-amount',
      weight: 1,
      async run(w, c, rng) {
        const v = await pickRow<{ id: string }>(
          w,
          rng,
          rng.chance(0.85)
            ? sql`select id from vendings where account_id = ${c.id} and state = 'released'
                   and approval_status = 'rejected' order by updated_at desc, id limit 20`
            : // One that is not rejected (held, vending, vended): a 409, nothing moves.
              sql`select id from vendings where account_id = ${c.id} and state <> 'released'
                   order by updated_at desc, id limit 20`,
        );
        if (!v) return 'nothing rejected';
        const amount = rng.int(1_000_00, 60_000_00);
        const res = await w.as(c, 'owner', rng)('PATCH', `/api/marketplace/vendings/${v.id}`, {
          amount: major(amount),
        });
        expectStatus('new vending amount', res, 200, 400, 409, 422);
        return `${v.id} to ₦${major(amount)}: ${res.status}`;
      },
    },
    {
      name: 'resolve',
      weight: 0.7,
      async run(w, c, rng) {
        const item = await pickRow<{ id: string; reference: string }>(
          w,
          rng,
          sql`select id, reference from approval_items where account_id = ${c.id} and type = 'marketplace'
               and status = 'rejected' order by updated_at desc, id limit 20`,
        );
        if (!item) return 'nothing rejected';
        const res = await w.as(c, 'owner', rng)(
          'PUT',
          `/api/approval-workflows/rejected-approvals/${item.id}/resolve`,
          { comments: 'The meters are ours, please approve' },
        );
        expectStatus('resolve order', res, 200, 409, 422);
        return `${item.reference}: ${res.status}`;
      },
    },
  ],
  invariants: [
    {
      name: 'vending-charged-once-or-refunded',
      // Per meter purchase: at most one transfer live or paid; success is paid once (with a token for
      // a prepaid meter), failed or released is refunded, a hold is one pending transfer.
      check: async (w, phase) =>
        (
          await rows(
            w,
            sql`with per as (
                  select v.id, v.state, v.meta->>'vendType' as vend_type, v.response->>'token' as token,
                         count(t.id) filter (where t.status in ('pending', 'processing', 'success'))::int as live,
                         count(t.id) filter (where t.status = 'success')::int as paid,
                         max(case when t.id = v.transaction_id then t.status end) as current,
                         max(case when t.id = v.transaction_id then t.amount end) as charged, v.amount_minor
                    from vendings v left join transactions t on t.source_type = 'vending' and t.source_id = v.id::text
                   group by v.id)
                select * from per
                 where live > 1 or paid > 1
                    or (state = 'success' and (paid <> 1 or current <> 'success' or (vend_type = 'prepaid' and token is null)))
                    or (state in ('failed', 'released') and live > 0)
                    or (state = 'held' and (current is null or current not in ('pending', 'processing')))
                    or (${phase === 'final'} and state = 'vending')
                    or (state in ('held', 'vending', 'success') and charged <> amount_minor)
                 limit 10`,
          )
        ).map(
          (r) =>
            `vending ${r.id} of ₦${major(Number(r.amount_minor))} is ${r.state} (token ${r.token ?? 'none'}): ${r.live} transfers live or paid, ${r.paid} paid, current ${r.current ?? 'none'} for ₦${major(Number(r.charged ?? 0))}`,
        ),
    },
    {
      name: 'vend-token-iff-charged',
      // The provider's books against ours: a delivered vend was charged (never a token refunded), a
      // charge was delivered (never charged without a token), nothing vended that we never held.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select s.request_id, s.status as vend, t.status as ours from vending_sandbox_vends s
                  left join transactions t on t.reference = s.request_id
                 where t.id is null
                    or (s.status = 'delivered' and t.status in ('failed', 'reversed'))
                    or (s.status = 'failed' and t.status = 'success')
                union all
                select t.reference, s.status, t.status from transactions t
                  left join vending_sandbox_vends s on s.request_id = t.reference
                 where t.source_type = 'vending' and t.status = 'success'
                   and (s.status is null or s.status <> 'delivered')
                limit 10`,
          )
        ).map(
          (r) =>
            `request ${r.request_id}: the provider says ${r.vend ?? 'never vended'}, we say ${r.ours ?? 'no transfer'}`,
        ),
    },
    {
      name: 'rejected-order-moved-nothing',
      check: async (w) =>
        (
          await rows(
            w,
            sql`select o.reference, v.id, v.state from approval_items i
                  join vending_orders o on o.id = i.resource_id
                  join vendings v on v.order_id = o.id
                 where i.type = 'marketplace' and i.status in ('rejected', 'cancelled') and v.state <> 'released'
                 limit 10`,
          )
        ).map((r) => `order ${r.reference} was rejected but vending ${r.id} is ${r.state}`),
    },
  ],
};
