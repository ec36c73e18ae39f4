// Payouts to vendors: created (now or on a date), approved or rejected by the second person, edited
// after approval or after a failure, scheduled ones cancelled or made due (the clock moved forward).
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { runSchedule } from '../../src/modules/payouts/schedule';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import type { Area } from '../types';
import { decideSome, expectStatus, idemKey, major, pickRow, rowsOf } from './kit';
import { lagosToday } from '../../src/platform/dates';

type PayoutsState = { payees: Record<string, string[]> };
const stateOf = (w: { state: Record<string, any> }): PayoutsState =>
  (w.state.payouts ??= { payees: {} }) as PayoutsState;

const inDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const payoutsArea: Area = {
  name: 'payouts',
  async setup(w, c, rng) {
    const accounts = [
      makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))),
      makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))),
      SANDBOX_TEST_ACCOUNTS.fails,
      SANDBOX_TEST_ACCOUNTS.reverses,
    ];
    const ids: string[] = [];
    for (const [i, accountNumber] of accounts.entries()) {
      const res = await w.as(c, 'owner', rng)('POST', '/api/payee', {
        name: `Sim Vendor ${i} Ltd`,
        email: `vendor${i}.${c.id.slice(0, 8)}@sim.ng`,
        phone: '08031234567',
        billingAddress: '12 Allen Avenue, Ikeja',
        bankCode: '058',
        accountNumber,
      });
      ids.push(expectStatus('create payee', res, 201).body.data.id);
    }
    stateOf(w).payees[c.id] = ids;
  },
  ops: [
    {
      name: 'create',
      weight: 4,
      async run(w, c, rng) {
        const payeeId = rng.pick(stateOf(w).payees[c.id]);
        const amount = rng.int(100_00, 400_000_00);
        const scheduled = rng.chance(0.25) ? inDays(rng.int(1, 5)) : undefined;
        const res = await w.as(c, 'owner', rng)(
          'POST',
          '/api/payouts',
          {
            payoutOption: 'standard',
            walletId: c.wallets.NGN.id,
            payeeId,
            amount: major(amount),
            currency: 'NGN',
            narration: 'Simulated supplies',
            ...(scheduled ? { scheduledDate: scheduled } : {}),
          },
          { 'idempotency-key': idemKey(rng) },
        );
        expectStatus('create payout', res, 201, 400, 409, 422);
        return `₦${major(amount)}${scheduled ? ` on ${scheduled}` : ''}: ${res.status}`;
      },
    },
    { name: 'decide', weight: 5, run: (w, c, rng) => decideSome(w, c, 'payout', rng) },
    {
      name: 'edit',
      weight: 1.5,
      async run(w, c, rng) {
        const p = await pickRow<{ id: string; status: string }>(
          w,
          rng,
          sql`select id, status from payouts where account_id = ${c.id}
               and status in ('pending', 'approved', 'scheduled', 'failed') order by created_at desc limit 20`,
        );
        if (!p) return 'nothing to edit';
        const amount = rng.int(100_00, 600_000_00);
        const res = await w.as(c, 'owner', rng)('PUT', `/api/payouts/${p.id}`, { amount: major(amount) });
        expectStatus('edit payout', res, 200, 400, 409, 422);
        return `${p.status} ${p.id} to ₦${major(amount)}: ${res.status}`;
      },
    },
    {
      name: 'cancel-scheduled',
      weight: 0.7,
      async run(w, c, rng) {
        const s = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from payout_schedules where account_id = ${c.id} order by created_at desc limit 20`,
        );
        if (!s) return 'no schedule';
        const res = await w.as(c, 'owner', rng)('DELETE', `/api/payout/schedule/${s.id}`);
        expectStatus('cancel schedule', res, 200, 404, 409);
        return `schedule ${s.id}: ${res.status}`;
      },
    },
    {
      name: 'make-due',
      weight: 1,
      async run(w, c) {
        // The clock moves forward: a future schedule's date becomes today, and its run fires.
        const [s] = await rowsOf<{ id: string }>(
          w,
          sql`update payout_schedules set scheduled_date = ${lagosToday()}
               where id = (select id from payout_schedules where account_id = ${c.id}
                            and scheduled_date > ${lagosToday()} order by scheduled_date limit 1)
            returning id`,
        );
        if (!s) return 'nothing scheduled';
        return `schedule ${s.id} due: ${await runSchedule(w.primary.app.deps, s.id)}`;
      },
    },
  ],
};
