// Payouts, the USD/GBP and recurring side: a wire to a foreign beneficiary from the wallet in its
// currency (now or on a date), a recurring NGN payout series (weekly or monthly, with or without an
// end), approved or rejected with its first payout, its first payout edited (the series waits for the
// new approval), made due by moving the clock (the series' dates move back one period; two workers
// run it at once), and stopped.
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { occurrenceDate, runRecurrence } from '../../src/modules/payouts/recurring';
import type { Area, Invariant, World } from '../types';
import { payForeign } from './exchange';
import { decideSome, expectStatus, idemKey, major, pickRow, rowsOf, RECENT } from './kit';
import { lagosToday } from '../../src/platform/dates';

type RecurringState = { payee: Record<string, string>; stopped: Record<string, number> };
const stateOf = (w: World): RecurringState =>
  (w.state['payouts-recurring'] ??= { payee: {}, stopped: {} }) as RecurringState;

const inDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Series = {
  id: string;
  frequency: 'weekly' | 'monthly';
  start_date: string;
  next_date: string;
  end_date: string | null;
  occurrences: number;
  status: string;
};

const INVARIANTS: Invariant[] = [
  {
    name: 'recurring-pays-each-date-once',
    // A series pays each of its dates at most once, none before it is due, none off its calendar,
    // never more occurrences than it counted, each occurrence with at most one live transfer; a
    // stopped series makes nothing after it was stopped.
    // After a step, the series with a payout (its first, or an occurrence) changed in the window:
    // an occurrence made, paid or failed moves its payout; at the end, every series.
    async check(w, phase) {
      const out: string[] = [];
      const series = await rowsOf<Series & { made: string[] | null; live: number }>(
        w,
        sql`select r.id, r.frequency, r.start_date::text, r.next_date::text, r.end_date::text, r.occurrences, r.status,
                   array_agg(p.occurrence_date::text order by p.occurrence_date) filter (where p.id is not null) as made,
                   coalesce(max((select count(*) from transactions t
                                  where t.source_type = 'payout' and t.source_id = p.id::text and t.type = 'payout'
                                    and t.status in ('pending', 'processing', 'success'))), 0)::int as live
              from payout_recurrences r left join payouts p on p.recurrence_id = r.id
             where ${phase === 'final'} or r.id in (
                     select coalesce(x.recurrence_id, rr.id) from payouts x
                       left join payout_recurrences rr on rr.payout_id = x.id
                      where x.updated_at > now() - ${RECENT} and (x.recurrence_id is not null or rr.id is not null))
             group by r.id`,
      );
      const today = lagosToday();
      for (const r of series) {
        const made = r.made ?? [];
        const say = (what: string) =>
          out.push(`series ${r.id} (${r.frequency} from ${r.start_date}): ${what}`);
        if (new Set(made).size !== made.length) say(`pays a date twice: ${made.join(', ')}`);
        if (made.length > r.occurrences) say(`made ${made.length} occurrences, counted ${r.occurrences}`);
        if (r.live > 1) say(`an occurrence has ${r.live} live transfers`);
        const calendar = new Set(
          Array.from({ length: r.occurrences + 1 }, (_, k) =>
            occurrenceDate(r.start_date, r.frequency, k + 1),
          ),
        );
        for (const d of made) {
          if (d > today) say(`paid ${d} before it was due`);
          if (!calendar.has(d)) say(`paid ${d}, not one of its dates`);
        }
        const stopped = stateOf(w).stopped[r.id];
        if (stopped !== undefined && made.length > stopped)
          say(`made ${made.length - stopped} occurrences after it was stopped`);
      }
      return out.slice(0, 10);
    },
  },
];

export const recurringPayoutsArea: Area = {
  indexes: ['payouts (updated_at)'],
  name: 'payouts-recurring',
  invariants: INVARIANTS,
  async setup(w, c, rng) {
    const res = await w.as(c, 'owner', rng)('POST', '/api/payee', {
      name: 'Sim Landlord Ltd',
      email: `landlord.${c.id.slice(0, 8)}@sim.ng`,
      phone: '08031234567',
      billingAddress: '3 Kofo Abayomi Street, Victoria Island',
      bankCode: '058',
      accountNumber: makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))),
    });
    stateOf(w).payee[c.id] = expectStatus('create payee', res, 201).body.data.id;
  },
  ops: [
    {
      name: 'foreign',
      weight: 2,
      async run(w, c, rng) {
        // USD from the USD wallet, GBP from the GBP wallet: no conversion (rate 1).
        const currency = rng.pick(['USD', 'GBP'] as const);
        return payForeign(w, c, rng, currency, currency, rng.chance(0.2) ? inDays(rng.int(1, 5)) : undefined);
      },
    },
    {
      name: 'create',
      weight: 2,
      async run(w, c, rng) {
        const payeeId = stateOf(w).payee[c.id];
        if (!payeeId) return 'no payee (the area was not set up)';
        const amount = rng.int(1_000_00, 150_000_00);
        const frequency = rng.pick(['weekly', 'monthly'] as const);
        const scheduled = rng.chance(0.25) ? inDays(rng.int(1, 5)) : undefined;
        const endDate = rng.chance(0.4) ? inDays(rng.int(10, 90)) : undefined;
        const res = await w.as(c, 'owner', rng)(
          'POST',
          '/api/payouts',
          {
            payoutOption: 'standard',
            walletId: c.wallets.NGN.id,
            payeeId,
            amount: major(amount),
            currency: 'NGN',
            narration: 'Simulated office rent',
            ...(scheduled ? { scheduledDate: scheduled } : {}),
            recurrence: { frequency, ...(endDate ? { endDate } : {}) },
          },
          { 'idempotency-key': idemKey(rng) },
        );
        expectStatus('create recurring payout', res, 201, 400, 409, 422);
        return `₦${major(amount)} ${frequency}${scheduled ? ` from ${scheduled}` : ''}${endDate ? ` until ${endDate}` : ''}: ${res.status}`;
      },
    },
    { name: 'decide', weight: 2.5, run: (w, c, rng) => decideSome(w, c, 'payout', rng) },
    {
      name: 'edit-first',
      weight: 0.6,
      async run(w, c, rng) {
        // The series' first payout edited: it (and so the series) waits for a new approval.
        const p = await pickRow<{ id: string; status: string }>(
          w,
          rng,
          sql`select p.id, p.status from payouts p join payout_recurrences r on r.payout_id = p.id
               where p.account_id = ${c.id} and p.status in ('pending', 'approved', 'scheduled', 'failed')
               order by p.created_at desc, p.id limit 20`,
        );
        if (!p) return 'no series to edit';
        const amount = rng.int(1_000_00, 150_000_00);
        const res = await w.as(c, 'owner', rng)('PUT', `/api/payouts/${p.id}`, { amount: major(amount) });
        expectStatus('edit first payout', res, 200, 400, 409, 422);
        return `${p.status} ${p.id} to ₦${major(amount)}: ${res.status}`;
      },
    },
    {
      name: 'make-due',
      weight: 2,
      async run(w, c, rng) {
        // The clock moves forward: the series' calendar moves back one period at a time until its
        // next date is today or past (its occurrences keep their places on it); two workers run it.
        const r = await pickRow<Series>(
          w,
          rng,
          sql`select id, frequency, start_date::text, next_date::text, end_date::text, occurrences, status
                from payout_recurrences where account_id = ${c.id} and status = 'active'
               order by created_at, id limit 20`,
        );
        if (!r) return 'no active series';
        const today = lagosToday();
        let start = r.start_date;
        let shiftedDays = 0;
        while (occurrenceDate(start, r.frequency, r.occurrences + 1) > today) {
          const earlier = occurrenceDate(start, r.frequency, -1);
          shiftedDays += (Date.parse(start) - Date.parse(earlier)) / 86_400_000;
          start = earlier;
        }
        const next = occurrenceDate(start, r.frequency, r.occurrences + 1);
        const made = await rowsOf<{ id: string }>(
          w,
          sql`select id from payouts where recurrence_id = ${r.id} order by occurrence_date`,
        );
        await w.primary.db.transaction(async (tx) => {
          // Out of the way first (dates are unique per series), then onto the moved calendar.
          await tx.execute(
            sql`update payouts set occurrence_date = occurrence_date - 100000 where recurrence_id = ${r.id}`,
          );
          for (const [k, p] of made.entries())
            await tx.execute(
              sql`update payouts set occurrence_date = ${occurrenceDate(start, r.frequency, k + 1)}::date where id = ${p.id}`,
            );
          await tx.execute(
            sql`update payout_recurrences set start_date = ${start}::date, next_date = ${next}::date,
                       end_date = end_date - ${shiftedDays}::int where id = ${r.id} and status = 'active'`,
          );
        });
        const deps = w.primary.app.deps;
        const ran = await Promise.all([runRecurrence(deps, r.id), runRecurrence(deps, r.id)]);
        return `series ${r.id} due ${next} (moved ${shiftedDays} days): ${ran.join(', ')}`;
      },
    },
    {
      name: 'stop',
      weight: 0.6,
      async run(w, c, rng) {
        const r = await pickRow<{ id: string; status: string }>(
          w,
          rng,
          sql`select id, status from payout_recurrences where account_id = ${c.id} order by created_at, id limit 20`,
        );
        if (!r) return 'no series';
        const res = await w.as(c, 'owner', rng)('DELETE', `/api/payout/recurrence/${r.id}`);
        expectStatus('stop series', res, 200, 404, 409);
        if (res.status === 200) {
          const [n] = await rowsOf<{ n: number }>(
            w,
            sql`select count(*)::int as n from payouts where recurrence_id = ${r.id}`,
          );
          stateOf(w).stopped[r.id] = n.n;
        }
        return `${r.status} series ${r.id}: ${res.status}`;
      },
    },
  ],
};
