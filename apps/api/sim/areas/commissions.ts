// Agent commissions: two agents per company (one on the general percentage setting, paid in one
// consolidated item; one on a fixed commission paid per invoice, whose bank refuses credits until
// they change it), named on invoices by the inflows area; commissions accrue on collections, are
// batched (the clock moved forward a day so the next period's batch is due), approved or rejected,
// items removed from a rejected batch, failed items retried, bank details refreshed after approval.
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { createBatchFor } from '../../src/modules/commissions/batches';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import { addMember, client, makeUser } from '../../test/factories';
import type { Rng } from '../rng';
import type { Area, Company, World } from '../types';
import { decideSome, expectStatus, pickRow, rowsOf } from './kit';

type Agent = { userId: string; token: string };
type CommissionsState = {
  /** The agents' user ids per company (the inflows area names them on invoices). */
  agents: Record<string, string[]>;
  tokens: Record<string, string>;
  /** Days the company's clock has moved forward (each batch op moves it one day). */
  days: Record<string, number>;
};
const stateOf = (w: { state: Record<string, any> }): CommissionsState =>
  (w.state.commissions ??= { agents: {}, tokens: {}, days: {} }) as CommissionsState;

/** A client for an agent of `c` (agents are not the world's owner or approver). */
const agentApi = (w: World, c: Company, a: Agent) => client(w.primary, { token: a.token, accountId: c.id });

const ordinary = (rng: Rng) => makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000)));

async function setBank(w: World, c: Company, a: Agent, accountNumber: string) {
  const api = agentApi(w, c, a);
  const mine = await api.call('GET', '/api/me/bank-accounts');
  for (const b of (mine.body?.data ?? []) as { id: string }[])
    expectStatus('remove bank account', await api.call('DELETE', `/api/me/bank-accounts/${b.id}`), 200);
  const res = await api.call('POST', '/api/me/bank-accounts', { accountNumber, bankCode: '058' });
  return expectStatus('add bank account', res, 201).status;
}

export const commissionsArea: Area = {
  name: 'commissions',
  async setup(w, c, rng) {
    const st = stateOf(w);
    const agents: Agent[] = [];
    for (const i of [0, 1]) {
      // A new team member with the agent role (the team invitation's end state).
      const u = await makeUser(w.primary, { firstName: 'Agent', lastName: `Sim${i}` });
      await addMember(w.primary, c.id, u.user.id, 'agent');
      agents.push({ userId: u.user.id, token: u.token });
      st.tokens[u.user.id] = u.token;
    }
    st.agents[c.id] = agents.map((a) => a.userId);
    st.days[c.id] = 0;
    await setBank(w, c, agents[0], ordinary(rng));
    await setBank(w, c, agents[1], SANDBOX_TEST_ACCOUNTS.fails);
    const api = w.as(c, 'owner', rng);
    const general = await api('POST', '/api/agents/core/commission-settings', {
      isActive: true,
      defaultCommission: '7.5',
      payoutFrequency: 'daily',
      commissionEarningThreshold: '50',
    });
    expectStatus('general commission setting', general, 200);
    const own = await api('POST', '/api/agents/core/commission-settings', {
      isActive: true,
      settingType: 'agent',
      userId: agents[1].userId,
      commissionType: 'fixed',
      defaultCommission: '2500',
      payoutMode: 'individual',
      payoutFrequency: 'daily',
    });
    expectStatus('agent commission setting', own, 200);
  },
  ops: [
    {
      name: 'batch',
      weight: 1,
      async run(w, c, rng) {
        // The clock moves forward a day: the agent's next daily batch is due (the ticker makes it).
        const a = await pickRow<{ agent: string }>(
          w,
          rng,
          sql`select distinct agent_user_id as agent from agent_commissions
               where account_id = ${c.id} and approval_status = 'matured' and batch_id is null order by 1`,
        );
        if (!a) return 'nothing matured';
        const st = stateOf(w);
        st.days[c.id] += 1;
        const now = new Date(Date.now() + st.days[c.id] * 86_400_000);
        const id = await createBatchFor(w.primary.app.deps, { accountId: c.id, agentUserId: a.agent, now });
        return `agent ${a.agent} day +${st.days[c.id]}: ${id ?? 'no batch'}`;
      },
    },
    { name: 'decide', weight: 1.5, run: (w, c, rng) => decideSome(w, c, 'commission', rng, 0.25) },
    {
      name: 'retry',
      weight: 0.5,
      async run(w, c, rng) {
        const b = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select distinct b.id from commission_batches b join commission_batch_items i on i.batch_id = b.id
                left join transactions t on t.id = i.transaction_id
               where b.account_id = ${c.id} and b.approval_status = 'approved'
                 and (i.status = 'failed' or t.status in ('failed', 'reversed')) order by b.id limit 20`,
        );
        if (!b) return 'nothing to retry';
        const res = await w.as(
          c,
          'owner',
          rng,
        )('POST', `/api/agents/core/commission-disbursements/${b.id}/retry-disbursement`);
        expectStatus('retry disbursement', res, 200, 409, 422);
        return `batch ${b.id}: ${res.status}`;
      },
    },
    {
      name: 'change-bank',
      weight: 0.4,
      async run(w, c, rng) {
        // An agent changes their bank account (to a good one, or back to one that refuses credits).
        const st = stateOf(w);
        const userId = rng.pick(st.agents[c.id]);
        const to = rng.chance(0.7) ? ordinary(rng) : SANDBOX_TEST_ACCOUNTS.fails;
        const status = await setBank(w, c, { userId, token: st.tokens[userId] }, to);
        return `agent ${userId} to ${to}: ${status}`;
      },
    },
    {
      name: 'refresh-bank',
      weight: 0.5,
      async run(w, c, rng) {
        const b = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from commission_batches where account_id = ${c.id} and approval_status <> 'pending'
               order by created_at desc limit 20`,
        );
        if (!b) return 'no batch';
        const res = await w.as(
          c,
          'owner',
          rng,
        )('POST', `/api/agents/core/commission-disbursements/${b.id}/refresh-bank-details`);
        expectStatus('refresh bank details', res, 200, 409);
        return `batch ${b.id}: ${res.status}`;
      },
    },
    {
      name: 'remove-item',
      weight: 0.4,
      async run(w, c, rng) {
        // Rejected: the owner takes an item out (its commissions go back to the next batch).
        const i = await pickRow<{ batch: string; item: string }>(
          w,
          rng,
          sql`select b.id as batch, i.id as item from commission_batches b join commission_batch_items i on i.batch_id = b.id
               where b.account_id = ${c.id} and b.approval_status = 'rejected'
                 and (select count(*) from commission_batch_items x where x.batch_id = b.id) > 1
               order by i.created_at, i.id limit 20`,
        );
        if (!i) return 'nothing to remove';
        const res = await w.as(
          c,
          'owner',
          rng,
        )('DELETE', `/api/agents/core/commission-disbursements/${i.batch}/items/${i.item}`);
        expectStatus('remove item', res, 200, 409);
        return `item ${i.item} of ${i.batch}: ${res.status}`;
      },
    },
    {
      name: 'resolve',
      weight: 0.4,
      async run(w, c, rng) {
        // The owner resolves a rejected batch: it goes back to approval (after items were removed).
        const item = await pickRow<{ id: string; resource: string }>(
          w,
          rng,
          sql`select id, resource_id as resource from approval_items where account_id = ${c.id}
               and type = 'commission' and status = 'rejected' order by created_at limit 20`,
        );
        if (!item) return 'nothing rejected';
        const res = await w.as(c, 'owner', rng)(
          'PUT',
          `/api/approval-workflows/rejected-approvals/${item.id}/resolve`,
          { comments: 'Simulated resolution' },
        );
        expectStatus('resolve rejected batch', res, 200, 409);
        return `batch ${item.resource}: ${res.status}`;
      },
    },
  ],
  invariants: [
    {
      // Each item is paid by at most one transfer, and an agent is never paid more than the
      // commissions ever put in their batches (a commission paid once: never in two paid items). Read from the
      // transfers themselves (made by the batch's maker, the agent): a deleted item's still count.
      name: 'commission-paid-at-most-once',
      check: async (w) =>
        (
          await rowsOf<{ agent: string; paid: number; batched: number; twice: number }>(
            w,
            sql`with paid as (
                  select t.account_id, t.created_by, t.source_id, count(*)::int as n, sum(t.amount)::bigint as amount
                    from transactions t
                   where t.source_type = 'commission-disbursement' and t.type = 'payout' and t.status = 'success'
                   group by t.account_id, t.created_by, t.source_id)
                select p.created_by as agent, sum(p.amount)::bigint as paid,
                       (select coalesce(sum(amount_minor), 0) from agent_commissions c
                         where c.account_id = p.account_id and c.agent_user_id = p.created_by and c.batch_id is not null)::bigint as batched,
                       count(*) filter (where p.n > 1)::int as twice
                  from paid p group by p.account_id, p.created_by
                having count(*) filter (where p.n > 1) > 0
                    or sum(p.amount) > (select coalesce(sum(amount_minor), 0) from agent_commissions c
                         where c.account_id = p.account_id and c.agent_user_id = p.created_by and c.batch_id is not null)
                limit 10`,
          )
        ).map((r) =>
          Number(r.twice)
            ? `agent ${r.agent}: ${r.twice} item(s) paid by more than one transfer`
            : `agent ${r.agent} was paid ${r.paid}, more than all their batched commissions (${r.batched})`,
        ),
    },
    {
      // The commission part of the invoice's equation: never more than its rate of what was
      // collected (percentage), or the fixed amount; equal to its entries.
      name: 'commission-within-collected',
      check: async (w) =>
        (
          await rowsOf<{ ref: string; amount: number; entries: number; bound: number }>(
            w,
            sql`select i.reference as ref, c.amount_minor as amount,
                       (select coalesce(sum(e.amount_minor), 0) from agent_commission_entries e where e.commission_id = c.id)::bigint as entries,
                       case when c.commission_type = 'percentage'
                            then floor((select coalesce(sum(amount_minor), 0) from invoice_payments p where p.invoice_id = i.id)
                                       * c.commission_value / 10000.0)
                            else c.commission_value end::bigint as bound
                  from agent_commissions c join invoices i on i.id = c.invoice_id
                 where c.kind = 'invoice'
                   and (c.amount_minor < 0
                     or c.amount_minor <> (select coalesce(sum(e.amount_minor), 0) from agent_commission_entries e where e.commission_id = c.id)
                     or c.amount_minor > case when c.commission_type = 'percentage'
                            then floor((select coalesce(sum(amount_minor), 0) from invoice_payments p where p.invoice_id = i.id)
                                       * c.commission_value / 10000.0)
                            else c.commission_value end)
                 limit 10`,
          )
        ).map(
          (r) => `invoice ${r.ref}: commission ${r.amount}, its entries ${r.entries}, at most ${r.bound}`,
        ),
    },
    {
      // A batch pays what its commissions hold: a later movement of one (an overpayment's accrual,
      // a refund's clawback) is carried to the next batch, never added to one already made.
      name: 'commission-batched-as-earned',
      check: async (w) =>
        (
          await rowsOf<{ ref: string; total: number; held: number }>(
            w,
            sql`select b.reference as ref, b.total_minor as total,
                       (select coalesce(sum(amount_minor), 0) from agent_commissions c where c.batch_id = b.id)::bigint as held
                  from commission_batches b
                 where b.total_minor <> (select coalesce(sum(amount_minor), 0) from agent_commissions c where c.batch_id = b.id)
                 limit 10`,
          )
        ).map((r) => `batch ${r.ref} pays ${r.total}, its commissions now hold ${r.held}`),
    },
    {
      name: 'commission-batch-totals',
      check: async (w) =>
        (
          await rowsOf<{ ref: string; total: number; items: number }>(
            w,
            sql`select b.reference as ref, b.total_minor as total,
                       (select coalesce(sum(amount_minor), 0) from commission_batch_items i where i.batch_id = b.id)::bigint as items
                  from commission_batches b
                 where b.total_minor <> (select coalesce(sum(amount_minor), 0) from commission_batch_items i where i.batch_id = b.id)
                 limit 10`,
          )
        ).map((r) => `batch ${r.ref}: total ${r.total}, its items ${r.items}`),
    },
  ],
};
