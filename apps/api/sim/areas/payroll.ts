// Payroll: employees added with a salary and components (allowances add, deductions subtract), edited
// (also after a run with them was approved: the run keeps its snapshot); runs created (now, on a
// date, or recurring), their rows edited while draft or rejected, submitted, approved or rejected (a
// rejection resolved), drafts deleted, failed rows paid again; the clock moved forward (a scheduled
// run's date comes, a recurring payroll's next month comes).
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { createRecurringRuns, payDueScheduled } from '../../src/modules/payroll/recurring';
import { parseCsv } from '../../src/platform/spreadsheet';
import { lagosToday } from '../../src/platform/dates';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import { rngOf, type Rng } from '../rng';
import type { Area, Company, World } from '../types';
import { decideSome, expectStatus, major, pickRow, rowsOf, RECENT } from './kit';

const ordinary = (rng: Rng) => makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000)));
const inDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A month's pay: a salary, then (mostly) Housing and Transport allowances and a small deduction. */
function pay(rng: Rng) {
  const salary = rng.int(80_000, 900_000) * 100;
  const components: { description: string; type: 'addition' | 'deduction'; amount: string }[] = [];
  if (rng.chance(0.6))
    components.push({
      description: 'Housing',
      type: 'addition',
      amount: major(rng.int(10_000, 200_000) * 100),
    });
  if (rng.chance(0.5))
    components.push({
      description: 'Transport',
      type: 'addition',
      amount: major(rng.int(5_000, 80_000) * 100),
    });
  if (rng.chance(0.3))
    components.push({ description: 'Bonus', type: 'addition', amount: major(rng.int(1_000, 100_000) * 100) });
  if (rng.chance(0.35))
    components.push({
      description: 'Staff loan',
      type: 'deduction',
      amount: major(rng.int(1_000, Math.floor(salary / 400)) * 100),
    });
  return {
    salaryAmount: major(salary),
    components,
    annualRent: rng.chance(0.4) ? major(rng.int(300_000, 3_000_000) * 100) : undefined,
  };
}

function employee(rng: Rng, c: Company, fails = rng.chance(0.125)) {
  const k = rng.seed().toString(36);
  return {
    name: `Sim Staff ${k}`,
    email: `staff.${k}.${c.id.slice(0, 6)}@sim.ng`,
    bankCode: '058',
    // One in eight (and one of the first four) is paid into the sandbox's failing account: a failed
    // row to retry.
    accountNumber: fails ? SANDBOX_TEST_ACCOUNTS.fails : ordinary(rng),
    nhfEnabled: rng.chance(0.7),
    ...pay(rng),
  };
}

const rows = async (w: World, q: ReturnType<typeof sql>) => rowsOf<Record<string, string | number>>(w, q);

async function employeeIds(w: World, c: Company): Promise<string[]> {
  return (
    await rowsOf<{ id: string }>(
      w,
      sql`select id from payroll_employees where account_id = ${c.id} order by created_at, id limit 40`,
    )
  ).map((r) => r.id);
}

/** `n` distinct ids of `xs`, picked by `rng`. */
function some<T>(rng: Rng, xs: T[], n: number): T[] {
  const left = [...xs];
  const out: T[] = [];
  while (out.length < n && left.length) out.push(left.splice(rng.int(0, left.length - 1), 1)[0]);
  return out;
}

/** The last day of the month `offset` months after this one (the clock moved forward). */
function monthEnd(offset: number): string {
  const [y, m] = lagosToday().split('-').map(Number);
  return new Date(Date.UTC(y, m + offset, 0)).toISOString().slice(0, 10);
}

export const payrollArea: Area = {
  indexes: ['payrolls (updated_at)'],
  name: 'payroll',
  async setup(w, c, rng) {
    const res = await w.as(c, 'owner', rng)('POST', '/api/payrolls/employees/add', {
      employees: Array.from({ length: 4 }, (_, i) => employee(rng, c, i === 3)),
    });
    expectStatus('add employees', res, 201);
  },
  ops: [
    {
      name: 'add-employee',
      weight: 0.8,
      async run(w, c, rng) {
        const res = await w.as(c, 'owner', rng)('POST', '/api/payrolls/employees/add', {
          employees: [employee(rng, c)],
        });
        expectStatus('add employee', res, 201, 400, 409, 422);
        return `${res.status}`;
      },
    },
    {
      name: 'edit-employee',
      weight: 1,
      async run(w, c, rng) {
        const ids = await employeeIds(w, c);
        if (!ids.length) return 'no employee';
        const id = rng.pick(ids);
        const res = await w.as(c, 'owner', rng)('PUT', `/api/payrolls/employees/${id}`, {
          name: `Sim Staff edited ${rng.int(1, 999)}`,
          email: (
            await rowsOf<{ email: string }>(w, sql`select email from payroll_employees where id = ${id}`)
          )[0]?.email,
          bankCode: '058',
          ...pay(rng),
        });
        expectStatus('edit employee', res, 200, 400, 404, 409, 422);
        return `${id}: ${res.status}`;
      },
    },
    {
      name: 'create-run',
      weight: 3,
      async run(w, c, rng) {
        const ids = await employeeIds(w, c);
        if (!ids.length) return 'no employee';
        const employees = some(rng, ids, rng.int(1, Math.min(6, ids.length)));
        const roll = rng.next();
        const kind =
          roll < 0.65
            ? { type: 'once', mode: 'instant' }
            : roll < 0.85
              ? { type: 'once', mode: 'scheduled', scheduledPayDate: inDays(rng.int(1, 5)) }
              : {
                  type: 'recurring',
                  mode: 'instant',
                  daysBeforeMonthEndToCreatePayroll: 5,
                  daysBeforeMonthEndToProcessPayroll: 2,
                };
        const res = await w.as(c, 'owner', rng)('POST', '/api/payrolls', {
          name: `Sim salaries ${rng.int(1, 999)}`,
          walletId: c.wallets.NGN.id,
          employees,
          ...kind,
        });
        expectStatus('create payroll', res, 201, 400, 409, 422);
        const id = res.status === 201 ? (res.body as any).data.id : null;
        // Most runs go straight to approval, as the screen's "Create and submit" does.
        if (id && rng.chance(0.7)) {
          const sub = await w.as(c, 'owner', rng)('POST', `/api/payrolls/${id}/approve`);
          expectStatus('submit payroll', sub, 200, 409);
          return `${kind.type}/${kind.mode} of ${employees.length}: ${res.status}, submitted ${sub.status}`;
        }
        return `${kind.type}/${kind.mode} of ${employees.length}: ${res.status}`;
      },
    },
    {
      name: 'submit',
      weight: 1,
      async run(w, c, rng) {
        const p = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from payrolls where account_id = ${c.id} and status = 'draft' order by created_at desc limit 20`,
        );
        if (!p) return 'no draft';
        const res = await w.as(c, 'owner', rng)('POST', `/api/payrolls/${p.id}/approve`);
        expectStatus('submit payroll', res, 200, 404, 409);
        return `${p.id}: ${res.status}`;
      },
    },
    {
      name: 'edit-run',
      weight: 1,
      async run(w, c, rng) {
        const p = await pickRow<{ id: string; status: string }>(
          w,
          rng,
          sql`select id, status from payrolls where account_id = ${c.id} and status in ('draft', 'rejected')
               order by created_at desc limit 20`,
        );
        if (!p) return 'no draft or rejected run';
        const ids = await employeeIds(w, c);
        const chosen = some(rng, ids, rng.int(1, Math.min(6, ids.length)));
        const res = await w.as(c, 'owner', rng)('PUT', `/api/payrolls/${p.id}/employees`, {
          employees: chosen.map((employeeId) =>
            rng.chance(0.4)
              ? {
                  employeeId,
                  lines: {
                    Salary: major(rng.int(80_000, 600_000) * 100),
                    Housing: major(rng.int(0, 100_000) * 100),
                    'Staff loan': `-${major(rng.int(0, 20_000) * 100)}`,
                  },
                }
              : { employeeId },
          ),
        });
        expectStatus('edit payroll rows', res, 200, 400, 404, 409, 422);
        return `${p.status} ${p.id}, ${chosen.length} rows: ${res.status}`;
      },
    },
    { name: 'decide', weight: 3, run: (w, c, rng) => decideSome(w, c, 'payroll', rng) },
    {
      name: 'resolve',
      weight: 0.4,
      async run(w, c, rng) {
        const item = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from approval_items where account_id = ${c.id} and type = 'payroll'
               and status = 'rejected' order by created_at desc limit 20`,
        );
        if (!item) return 'no rejected run';
        const res = await w.as(c, 'owner', rng)(
          'PUT',
          `/api/approval-workflows/rejected-approvals/${item.id}/resolve`,
          { comments: 'Corrected the run' },
        );
        expectStatus('resolve payroll', res, 200, 403, 404, 409);
        return `${item.id}: ${res.status}`;
      },
    },
    {
      name: 'delete-draft',
      weight: 0.3,
      async run(w, c, rng) {
        const p = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from payrolls where account_id = ${c.id} and status = 'draft' order by created_at desc limit 20`,
        );
        if (!p) return 'no draft';
        const res = await w.as(c, 'owner', rng)('DELETE', `/api/payrolls/${p.id}`);
        expectStatus('delete payroll', res, 200, 404, 409);
        return `${p.id}: ${res.status}`;
      },
    },
    {
      name: 'retry',
      weight: 1,
      async run(w, c, rng) {
        const p = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select distinct p.id, p.created_at from payrolls p
                join payroll_rows r on r.payroll_id = p.id
                left join transactions t on t.id = r.transaction_id
               where p.account_id = ${c.id} and p.status = 'paying'
                 and (r.status = 'failed' or (r.status = 'paying' and t.status in ('failed', 'reversed')))
               order by p.created_at desc limit 20`,
        );
        if (!p) return 'nothing to retry';
        const res = await w.as(c, 'owner', rng)('POST', `/api/payrolls/${p.id}/payment/retry`);
        expectStatus('retry payroll', res, 200, 409, 422);
        return `${p.id}: ${res.status}`;
      },
    },
    {
      name: 'make-due',
      weight: 0.7,
      async run(w, c) {
        // The clock moves forward to an approved run's pay date (the date itself is part of what was
        // approved, so it stays): the ticker pays every run due by then.
        const [p] = await rowsOf<{ id: string; day: string }>(
          w,
          sql`select id, scheduled_pay_date::text as day from payrolls where account_id = ${c.id}
               and status = 'approved' and scheduled_pay_date > ${lagosToday()}
             order by scheduled_pay_date, id limit 1`,
        );
        if (!p) return 'nothing scheduled';
        return `clock at ${p.day} (run ${p.id}): paid ${await payDueScheduled(w.primary.app.deps, p.day)}`;
      },
    },
    {
      name: 'next-month',
      weight: 0.5,
      async run(w, _c, rng) {
        // The clock moves to the end of a later month: each approved recurring payroll makes that
        // month's run once (and submits it), however often the ticker comes.
        const day = monthEnd(rng.int(1, 3));
        const made = await createRecurringRuns(w.primary.app.deps, day);
        return `${day}: ${made.length} runs made`;
      },
    },
  ],
  invariants: [
    {
      name: 'payroll-net-equation',
      // Per row: gross = salary + additions, net = gross − deductions, and net > 0.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select p.reference, r.row_no, r.gross_minor, r.net_minor, s.plus, s.total from payrolls p
                  join payroll_rows r on r.payroll_id = p.id
                  cross join lateral (select
                      coalesce(sum(v::bigint) filter (where v::bigint > 0), 0)::bigint as plus,
                      coalesce(sum(v::bigint), 0)::bigint as total
                    from jsonb_each_text(r.breakdown) as b(k, v)) s
                 where p.updated_at > now() - ${RECENT}
                   and (r.gross_minor <> s.plus or r.net_minor <> s.total or r.net_minor <= 0
                     or not (r.breakdown ? 'Salary'))
                 limit 10`,
          )
        ).map(
          (r) =>
            `run ${r.reference} row ${r.row_no}: gross ${r.gross_minor} (lines add to ${r.plus}), net ${r.net_minor} (lines sum to ${r.total})`,
        ),
    },
    {
      name: 'payroll-total-equals-rows',
      check: async (w) =>
        (
          await rows(
            w,
            sql`select p.reference, p.employee_count, p.gross_minor, p.net_minor, s.n, s.g, s.nt,
                    (select count(*) from (
                       select k, sum(v::bigint) as v from payroll_rows r2, jsonb_each_text(r2.breakdown) as b(k, v)
                        where r2.payroll_id = p.id group by k) x
                      where x.v is distinct from (p.breakdown->>x.k)::bigint)::int as lines_off
                  from payrolls p
                  cross join lateral (select count(*)::int as n, coalesce(sum(gross_minor), 0)::bigint as g,
                      coalesce(sum(net_minor), 0)::bigint as nt from payroll_rows r where r.payroll_id = p.id) s
                 where p.updated_at > now() - ${RECENT}
                 limit 50`,
          )
        )
          .filter(
            (r) =>
              Number(r.employee_count) !== Number(r.n) ||
              Number(r.gross_minor) !== Number(r.g) ||
              Number(r.net_minor) !== Number(r.nt) ||
              Number(r.lines_off) > 0,
          )
          .map(
            (r) =>
              `run ${r.reference} shows ${r.employee_count} employees, gross ${r.gross_minor}, net ${r.net_minor}; its rows: ${r.n}, ${r.g}, ${r.nt} (${r.lines_off} lines differ)`,
          ),
    },
    {
      name: 'payroll-row-paid-once',
      // One live (pending, processing or paid) transfer per row at most, for the row's net pay.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select p.reference, r.row_no, r.net_minor,
                    count(*) filter (where t.status in ('pending', 'processing', 'success'))::int as live,
                    string_agg(t.reference || ' ' || t.status || ' ' || t.amount, ', ') as transfers
                  from payrolls p
                  join payroll_rows r on r.payroll_id = p.id
                  join transactions t on t.type = 'payout' and t.source_type = 'payroll' and t.source_id = p.id::text
                   and t.reference like p.reference || '-' || r.row_no || '-%'
                 where p.updated_at > now() - ${RECENT}
                 group by p.reference, r.row_no, r.net_minor
                having count(*) filter (where t.status in ('pending', 'processing', 'success')) > 1
                    or bool_or(t.amount <> r.net_minor)
                 limit 10`,
          )
        ).map(
          (r) =>
            `run ${r.reference} row ${r.row_no} (net ${r.net_minor}) has ${r.live} live transfers: ${r.transfers}`,
        ),
    },
    {
      name: 'rejected-run-moved-nothing',
      check: async (w) =>
        (
          await rows(
            w,
            sql`select p.reference, t.reference as transfer, t.status from payrolls p
                  join transactions t on t.type = 'payout' and t.source_type = 'payroll' and t.source_id = p.id::text
                 where p.status in ('rejected', 'draft', 'pending') limit 10`,
          )
        ).map((r) => `run ${r.reference} is not approved but has transfer ${r.transfer} (${r.status})`),
    },
    {
      name: 'approved-run-paid',
      // A finally approved run is paying, or waits for its date (its money was not left behind).
      check: async (w, phase) => {
        if (phase !== 'final') return [];
        return (
          await rows(
            w,
            sql`select p.reference, p.status, p.scheduled_pay_date from approval_items a
                  join payrolls p on p.id = a.resource_id
                 where a.type = 'payroll' and a.status = 'approved'
                   and not (p.status = 'paying' or (p.status = 'approved' and p.scheduled_pay_date > ${lagosToday()}))
                 limit 10`,
          )
        ).map((r) => `run ${r.reference} was approved but is ${r.status} (pay date ${r.scheduled_pay_date})`);
      },
    },
    {
      name: 'payroll-net-same-everywhere',
      // What the company's screens answer for the same pay: a run's row, the employee list, its CSV
      // export and the payslips show the same net (rows computed from the employee's standing pay,
      // not edited since), and a run's receipt shows the sum of its paid rows.
      check: async (w, phase) => {
        if (phase !== 'final') return [];
        const out: string[] = [];
        const rng = rngOf(w.seed).fork('payroll-net');
        for (const c of w.companies) {
          const api = w.as(c, 'owner', rng);
          const list = await api<any[]>('GET', '/api/payrolls/employees?limit=1000');
          const slips = await api<any[]>('GET', '/api/payrolls/payslip?limit=100');
          const csv = await api('GET', '/api/payrolls/employees/csv');
          if (list.status !== 200 || slips.status !== 200 || csv.status !== 200)
            out.push(
              `${c.name}: the employee list answered ${list.status}, the payslips ${slips.status}, the export ${csv.status}`,
            );
          const byId = new Map<string, any>((list.body.data ?? []).map((e: any) => [e.id, e]));
          const slipOf = new Map<string, any>((slips.body.data ?? []).map((s: any) => [s.id, s]));
          const [head = [], ...lines] = parseCsv((csv.body as unknown as { raw?: string })?.raw ?? '');
          const exported = new Map(lines.map((l) => [l[head.indexOf('Email')], l[head.indexOf('Net pay')]]));
          for (const e of byId.values())
            if (exported.get(e.email) !== e.finalAmount)
              out.push(
                `${c.name}: ${e.name} nets ${e.finalAmount} on the employee list but ${exported.get(e.email)} in its export`,
              );
          const runs = await rowsOf<{ id: string; reference: string; fresh: boolean }>(
            w,
            sql`select p.id, p.reference, not exists (
                     select 1 from payroll_rows r join payroll_employees e on e.id = r.employee_id
                      where r.payroll_id = p.id and e.updated_at > p.updated_at) as fresh
                  from payrolls p where p.account_id = ${c.id} order by p.created_at desc limit 10`,
          );
          const own = (x: Record<string, number>) =>
            JSON.stringify(
              Object.entries(x)
                .filter(([k]) => !['PAYE', 'Pension (employee)', 'NHF'].includes(k))
                .sort(),
            );
          for (const run of runs) {
            const res = await api<any[]>('GET', `/api/payrolls/${run.id}/employees?limit=1000`);
            let paid = 0;
            for (const row of res.body.data ?? []) {
              if (row.status === 'paid') paid += row.finalAmountMinor;
              const e = row.employeeId ? byId.get(row.employeeId) : null;
              // The run was computed from the employee's standing pay (not lines typed for this run).
              if (run.fresh && e && own(e.salaryBreakdownMinor) === own(row.salaryBreakdownMinor))
                if (e.finalAmountMinor !== row.finalAmountMinor)
                  out.push(
                    `${c.name}: ${row.name} nets ${major(row.finalAmountMinor)} in run ${run.reference} but ${major(e.finalAmountMinor)} on the employee list`,
                  );
              const slip = slipOf.get(row.id);
              if (slip && slip.finalAmountMinor !== row.finalAmountMinor)
                out.push(
                  `${c.name}: ${row.name} nets ${major(row.finalAmountMinor)} in run ${run.reference} but ${major(slip.finalAmountMinor)} on the payslip`,
                );
            }
            const receipt = await api<any>('GET', `/api/payrolls/${run.id}/receipt`);
            if (receipt.body?.data?.paidAmountMinor !== paid)
              out.push(
                `run ${run.reference}: its paid rows net ${major(paid)} but its receipt shows ${receipt.body?.data?.paidAmount}`,
              );
          }
        }
        return out.slice(0, 10);
      },
    },
  ],
};
