// Fund requests: a member asks the company to pay a vendor or their own bank account. The approver
// chooses Approve and pay, Approve only (paid later with Pay), Approve and schedule, or More info (the
// maker resolves it and it goes back to approval); a scheduled payment made due (the clock moved).
import { makeNuban, REQUEST_PURPOSES } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { runSchedule } from '../../src/modules/payouts/schedule';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import type { Area } from '../types';
import { expectStatus, major, pickRow, rowsOf } from './kit';
import { lagosToday } from '../../src/platform/dates';

type RequestsState = { vendors: Record<string, string[]> };
const stateOf = (w: { state: Record<string, any> }): RequestsState =>
  (w.state.requests ??= { vendors: {} }) as RequestsState;

const inDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const requestsArea: Area = {
  name: 'requests',
  async setup(w, c, rng) {
    const ids: string[] = [];
    for (const [i, accountNumber] of [
      makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))),
      SANDBOX_TEST_ACCOUNTS.fails,
    ].entries()) {
      // A vendor the company already pays at that account (another area's) is the same vendor.
      const [known] = await rowsOf<{ id: string }>(
        w,
        sql`select id from payees where account_id = ${c.id} and bank_code = '058' and account_number = ${accountNumber}`,
      );
      if (known) {
        ids.push(known.id);
        continue;
      }
      const res = await w.as(c, 'owner', rng)('POST', '/api/payee', {
        name: `Sim Supplier ${i} Ltd`,
        email: `supplier${i}.${c.id.slice(0, 8)}@sim.ng`,
        phone: '08031234567',
        billingAddress: '3 Broad Street, Lagos Island',
        bankCode: '058',
        accountNumber,
      });
      ids.push(expectStatus('create payee', res, 201).body.data.id);
    }
    stateOf(w).vendors[c.id] = ids;
  },
  ops: [
    {
      name: 'create',
      weight: 4,
      async run(w, c, rng) {
        const amount = rng.int(500_00, 250_000_00);
        // The maker is the approver's colleague (the admin asks; the owner decides): four eyes hold.
        const vendors = stateOf(w).vendors[c.id] ?? [];
        const toVendor = vendors.length > 0 && rng.chance(0.5);
        const res = await w.as(c, 'approver', rng)('POST', '/api/requests', {
          walletId: c.wallets.NGN.id,
          amount: major(amount),
          currency: 'NGN',
          purpose: rng.pick(REQUEST_PURPOSES),
          narration: 'Simulated request',
          ...(toVendor
            ? { payeeId: rng.pick(vendors) }
            : {
                bankCode: '058',
                accountNumber: rng.chance(0.85)
                  ? makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000)))
                  : SANDBOX_TEST_ACCOUNTS.reverses,
              }),
        });
        expectStatus('create request', res, 201, 400, 422);
        return `₦${major(amount)} to ${toVendor ? 'a vendor' : 'own account'}: ${res.status}`;
      },
    },
    {
      name: 'decide',
      weight: 5,
      async run(w, c, rng) {
        const r = await pickRow<{ reference: string }>(
          w,
          rng,
          sql`select r.reference from fund_requests r join approval_items i
                on i.account_id = r.account_id and i.type = 'request' and i.resource_id = r.id
               where r.account_id = ${c.id} and i.status = 'pending'
               order by r.created_at, r.id limit 20`,
        );
        if (!r) return 'no pending request';
        const decision = rng.weighted([
          { weight: 4, value: 'pay' as const },
          { weight: 2, value: 'approve' as const },
          { weight: 1.5, value: 'schedule' as const },
          { weight: 1.5, value: 'moreInfo' as const },
        ])!;
        const res = await w.as(c, 'owner', rng)('POST', `/api/requests/${r.reference}/decision`, {
          decision,
          comments: `Simulated ${decision}`,
          ...(decision === 'schedule' ? { scheduledDate: inDays(rng.int(1, 4)) } : {}),
        });
        expectStatus('decide request', res, 200, 400, 403, 409, 422);
        return `${decision} ${r.reference}: ${res.status}`;
      },
    },
    {
      name: 'pay-approved',
      weight: 1.2,
      async run(w, c, rng) {
        const r = await pickRow<{ reference: string }>(
          w,
          rng,
          sql`select reference from fund_requests where account_id = ${c.id} and status = 'approved'
               order by created_at, id limit 20`,
        );
        if (!r) return 'nothing approved only';
        // Sometimes twice at once (a double click, on both processes): paid once.
        const n = rng.chance(0.35) ? 2 : 1;
        const calls = Array.from({ length: n }, () => w.as(c, 'owner', rng));
        const res = await Promise.all(calls.map((call) => call('POST', `/api/requests/${r.reference}/pay`)));
        for (const x of res) expectStatus('pay request', x, 200, 409, 422);
        return `${r.reference}: ${res.map((x) => x.status).join(',')}`;
      },
    },
    {
      name: 'resolve',
      weight: 0.8,
      async run(w, c, rng) {
        const item = await pickRow<{ id: string; reference: string }>(
          w,
          rng,
          sql`select id, reference from approval_items where account_id = ${c.id} and type = 'request'
               and status = 'rejected' order by updated_at desc, id limit 20`,
        );
        if (!item) return 'nothing asked for more info';
        const res = await w.as(c, 'approver', rng)(
          'PUT',
          `/api/approval-workflows/rejected-approvals/${item.id}/resolve`,
          { comments: 'The quotation is attached' },
        );
        expectStatus('resolve request', res, 200, 409);
        return `${item.reference}: ${res.status}`;
      },
    },
    {
      name: 'make-due',
      weight: 0.6,
      async run(w, c) {
        // The clock moves forward: a scheduled request's payment date is today, and its run fires.
        const [s] = await rowsOf<{ id: string }>(
          w,
          sql`update payout_schedules set scheduled_date = ${lagosToday()}
               where id = (select s.id from payout_schedules s join fund_requests r on r.payout_id = s.payout_id
                            where s.account_id = ${c.id} and s.scheduled_date > ${lagosToday()}
                            order by s.scheduled_date, s.id limit 1)
            returning id`,
        );
        if (!s) return 'nothing scheduled';
        return `schedule ${s.id} due: ${await runSchedule(w.primary.app.deps, s.id)}`;
      },
    },
  ],
  invariants: [
    {
      name: 'request-paid-once-as-asked',
      // A request pays through one payout, for its own amount; a payout's transfers: one live or paid.
      check: async (w) =>
        (
          await rowsOf<Record<string, string | number>>(
            w,
            sql`select r.reference, r.amount_minor, p.amount_minor as paid, null as n from fund_requests r
                  join payouts p on p.id = r.payout_id where p.amount_minor <> r.amount_minor
                union all
                select r.reference, r.amount_minor, null, count(*)::int from fund_requests r
                  join transactions t on t.source_type = 'payout' and t.source_id = r.payout_id::text
                 where t.type = 'payout' and t.status in ('pending', 'processing', 'success')
                 group by r.reference, r.amount_minor having count(*) > 1
                limit 10`,
          )
        ).map((r) =>
          r.n == null
            ? `request ${r.reference} for ₦${major(Number(r.amount_minor))} has a payout of ₦${major(Number(r.paid))}`
            : `request ${r.reference} has ${r.n} transfers live or paid`,
        ),
    },
    {
      name: 'request-unpaid-moved-nothing',
      // Pending, more info or approve-only: no payout, no money held or sent.
      check: async (w) =>
        (
          await rowsOf<Record<string, string>>(
            w,
            sql`select r.reference, r.status, r.payout_id from fund_requests r
                 where r.status in ('pending', 'moreInfo', 'approved')
                   and r.payout_id is not null
                 limit 10`,
          )
        ).map((r) => `request ${r.reference} is ${r.status} but has payout ${r.payout_id}`),
    },
  ],
};
