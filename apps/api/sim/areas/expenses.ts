// Expenses: staff spend reimbursed to a bank account. Created (now or on a date, once or recurring),
// approved or rejected by the second person, edited after a rejection or a failed payment (the edit
// goes back to approval when what it pays changed), re-sent for approval, retried as approved, a
// rejection resolved; a scheduled run made due (the clock moved forward).
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { runScheduledExpense } from '../../src/modules/expenses/scheduled-run';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import type { Rng } from '../rng';
import type { Area, Company, World } from '../types';
import { decideSome, expectStatus, major, pickRow, rowsOf } from './kit';
import { lagosToday } from '../../src/platform/dates';

const inDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A bank account to reimburse: mostly ordinary ones, some that fail or reverse at the rails. */
const someAccount = (rng: Rng) =>
  rng.weighted([
    { weight: 6, value: makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))) },
    { weight: 1, value: SANDBOX_TEST_ACCOUNTS.fails },
    { weight: 1, value: SANDBOX_TEST_ACCOUNTS.reverses },
  ])!;

const body = (c: Company, rng: Rng, over: Record<string, unknown> = {}) => ({
  amount: major(rng.int(1_000_00, 300_000_00)),
  walletId: c.wallets.NGN.id,
  currency: 'NGN',
  bankCode: '058',
  bankAccountNumber: someAccount(rng),
  purpose: {
    description: rng.pick(['Generator diesel', 'Client lunch, Lekki', 'Printer toner', 'Uber to Apapa']),
  },
  approverId: c.approver.userId,
  ...over,
});

/** One expense of the company in `statuses` (the effective status: a paying one's transfer decides). */
const someExpense = (w: World, c: Company, rng: Rng, statuses: string[]) =>
  pickRow<{ id: string; status: string; amount_minor: number; bank_account_number: string }>(
    w,
    rng,
    sql`select e.id, e.amount_minor, e.bank_account_number,
               case when e.status = 'paying' and t.status = 'success' then 'completed'
                    when e.status = 'paying' and t.status in ('failed', 'reversed') then 'failed'
                    else e.status end as status
          from expenses e left join transactions t on t.id = e.transaction_id
         where e.account_id = ${c.id}
           and (case when e.status = 'paying' and t.status = 'success' then 'completed'
                     when e.status = 'paying' and t.status in ('failed', 'reversed') then 'failed'
                     else e.status end) = any(${`{${statuses.join(',')}}`}::text[])
         order by e.created_at desc, e.id limit 20`,
  );

const rows = async (w: World, q: ReturnType<typeof sql>) => rowsOf<Record<string, string | number>>(w, q);

export const expensesArea: Area = {
  name: 'expenses',
  ops: [
    {
      name: 'create',
      weight: 4,
      async run(w, c, rng) {
        const scheduled = rng.chance(0.2) ? inDays(rng.int(1, 5)) : null;
        const recurrence = scheduled ? rng.pick(['once', 'weekly', 'monthly']) : null;
        const b = body(c, rng, scheduled ? { scheduledDate: scheduled, recurrence } : {});
        const res = await w.as(c, 'owner', rng)('POST', '/api/expense', b);
        expectStatus('create expense', res, 201, 400, 409, 422);
        return `₦${b.amount} to ${b.bankAccountNumber}${scheduled ? ` on ${scheduled} ${recurrence}` : ''}: ${res.status}`;
      },
    },
    { name: 'decide', weight: 5, run: (w, c, rng) => decideSome(w, c, 'expense', rng, 0.25) },
    {
      name: 'edit',
      weight: 1.2,
      async run(w, c, rng) {
        // After a rejection or a failed payment: a new amount, or the same with another account.
        // Now and then one that is not editable (approved, paying, paid, scheduled): a 409, nothing moves.
        const e = await someExpense(
          w,
          c,
          rng,
          rng.chance(0.8)
            ? ['rejected', 'failed']
            : ['pending', 'approved', 'paying', 'completed', 'scheduled'],
        );
        if (!e) return 'nothing to edit';
        const changeAmount = rng.chance(0.6);
        const b = body(c, rng, {
          ...(changeAmount ? {} : { amount: major(Number(e.amount_minor)) }),
          bankAccountNumber: rng.chance(0.5) ? e.bank_account_number : someAccount(rng),
        });
        const res = await w.as(c, 'owner', rng)('PUT', `/api/expense/${e.id}`, b);
        expectStatus('edit expense', res, 200, 400, 409, 422);
        return `${e.status} ${e.id} to ₦${b.amount} ${b.bankAccountNumber}: ${res.status}`;
      },
    },
    {
      name: 'retry',
      weight: 1,
      async run(w, c, rng) {
        const e = await someExpense(w, c, rng, ['failed']);
        if (!e) return 'nothing failed';
        // Sometimes twice at once (a double click, on both processes): one attempt may pay, never two.
        const n = rng.chance(0.35) ? 2 : 1;
        const calls = Array.from({ length: n }, () => w.as(c, 'owner', rng));
        const res = await Promise.all(calls.map((call) => call('POST', `/api/expense/${e.id}/retry`)));
        for (const r of res) expectStatus('retry expense', r, 200, 409, 422);
        return `${e.id}: ${res.map((r) => r.status).join(',')}`;
      },
    },
    {
      name: 're-approve',
      weight: 0.6,
      async run(w, c, rng) {
        const e = await someExpense(w, c, rng, ['failed']);
        if (!e) return 'nothing failed';
        const res = await w.as(c, 'owner', rng)('PUT', `/api/expense/${e.id}/re-approve`, {
          comments: 'Bank details checked again',
        });
        expectStatus('re-approve expense', res, 200, 404, 409);
        return `${e.id}: ${res.status}`;
      },
    },
    {
      name: 'resolve',
      weight: 0.8,
      async run(w, c, rng) {
        const item = await pickRow<{ id: string; resource_id: string }>(
          w,
          rng,
          sql`select id, resource_id from approval_items where account_id = ${c.id} and type = 'expense'
               and status = 'rejected' order by updated_at desc, id limit 20`,
        );
        if (!item) return 'nothing rejected';
        const res = await w.as(c, 'owner', rng)(
          'PUT',
          `/api/approval-workflows/rejected-approvals/${item.id}/resolve`,
          { comments: 'Receipt attached, please look again' },
        );
        expectStatus('resolve expense', res, 200, 409);
        return `${item.resource_id}: ${res.status}`;
      },
    },
    {
      name: 'make-due',
      weight: 0.7,
      async run(w, c) {
        // The clock moves forward: the next run of an approved schedule is today, and the job runs it.
        const [e] = await rowsOf<{ id: string }>(
          w,
          sql`update expenses set next_run_on = ${lagosToday()}
               where id = (select id from expenses where account_id = ${c.id}
                            and next_run_on > ${lagosToday()} order by next_run_on, id limit 1)
            returning id`,
        );
        if (!e) return 'nothing scheduled';
        return `expense ${e.id} due: ${await runScheduledExpense(w.primary.app.deps, {
          expenseId: e.id,
          runOn: lagosToday(),
        })}`;
      },
    },
  ],
  invariants: [
    {
      name: 'expense-paid-at-most-once',
      // One expense (or one run of a schedule) is reimbursed by one transfer: never two in flight or paid.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select source_id, count(*)::int as n, string_agg(reference || ' ' || status, ', ') as refs
                  from transactions where source_type = 'expense' and type = 'payout'
                   and status in ('pending', 'processing', 'success')
                 group by source_id having count(*) > 1 limit 10`,
          )
        ).map((r) => `expense ${r.source_id} has ${r.n} transfers live or paid: ${r.refs}`),
    },
    {
      name: 'expense-paid-as-approved',
      // What left for an expense is its amount to its bank account, and the expense says it paid.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select e.id, e.status, e.amount_minor, t.reference, t.amount, t.status as t_status
                  from transactions t join expenses e on e.id::text = t.source_id
                 where t.source_type = 'expense' and t.type = 'payout'
                   and t.status in ('pending', 'processing', 'success')
                   and (t.amount <> e.amount_minor or e.status not in ('approved', 'paying', 'retired')
                        or e.transaction_id is distinct from t.id)
                 limit 10`,
          )
        ).map(
          (r) =>
            `expense ${r.id} (${r.status}, ₦${major(Number(r.amount_minor))}) has transfer ${r.reference} ${r.t_status} for ₦${major(Number(r.amount))}`,
        ),
    },
  ],
};
