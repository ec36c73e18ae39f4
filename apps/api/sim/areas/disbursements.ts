// Bulk disbursements: a file of bank transfers uploaded (a few rows, some to the sandbox's failing
// and reversing accounts, now and then a row that fails validation), its bad rows fixed and the batch
// submitted, approved or rejected (and a rejection resolved), the failed rows paid again.
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import type { Rng } from '../rng';
import type { Area, World } from '../types';
import { decideSome, expectStatus, idemKey, major, pickRow, rowsOf, RECENT } from './kit';

const HEADER = 'accountNumber,bankCode,amount,narration';
const ordinary = (rng: Rng) => makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000)));

/** One row of the file: mostly a good account, sometimes one the rails fail or reverse, or a typo. */
function fileRow(rng: Rng): string {
  const amount = major(rng.int(100_00, 250_000_00));
  const roll = rng.next();
  const account =
    roll < 0.12
      ? SANDBOX_TEST_ACCOUNTS.fails
      : roll < 0.18
        ? SANDBOX_TEST_ACCOUNTS.reverses
        : roll < 0.24
          ? '0123456789' // fails the NUBAN check: an invalid row to fix
          : ordinary(rng);
  return [account, '058', amount, 'Simulated vendor'].join(',');
}

function form(fields: Record<string, string>, csv: string) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([csv], { type: 'text/csv' }), 'bulk.csv');
  return f;
}

const rows = async (w: World, q: ReturnType<typeof sql>) => rowsOf<Record<string, string | number>>(w, q);

export const disbursementsArea: Area = {
  indexes: ['disbursements (updated_at)'],
  name: 'disbursements',
  ops: [
    {
      name: 'upload',
      weight: 3,
      async run(w, c, rng) {
        const n = rng.int(1, 6);
        const csv = [HEADER, ...Array.from({ length: n }, () => fileRow(rng))].join('\r\n') + '\r\n';
        const res = await w.as(c, 'owner', rng)(
          'POST',
          '/api/disbursements',
          form({ name: `Sim vendors ${rng.int(1, 999)}`, walletId: c.wallets.NGN.id }, csv),
        );
        expectStatus('upload disbursement', res, 201, 400);
        return `${n} rows: ${res.status}`;
      },
    },
    { name: 'decide', weight: 3, run: (w, c, rng) => decideSome(w, c, 'disbursement', rng) },
    {
      name: 'fix-row',
      weight: 1,
      async run(w, c, rng) {
        const row = await pickRow<{ id: string; disbursement_id: string }>(
          w,
          rng,
          sql`select i.id, i.disbursement_id from disbursement_items i join disbursements d on d.id = i.disbursement_id
               where d.account_id = ${c.id} and d.status = 'invalid' and i.status = 'invalid'
               order by d.created_at desc, i.row_no limit 20`,
        );
        if (!row) return 'no row to fix';
        const res = await w.as(c, 'owner', rng)(
          'PATCH',
          `/api/disbursements/${row.disbursement_id}/items/${row.id}`,
          { accountNumber: ordinary(rng), bankCode: '058' },
        );
        expectStatus('fix row', res, 200, 400, 409);
        return `row ${row.id}: ${res.status}`;
      },
    },
    {
      name: 'submit',
      weight: 1,
      async run(w, c, rng) {
        const b = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select d.id from disbursements d where d.account_id = ${c.id} and d.status = 'invalid'
               and not exists (select 1 from disbursement_items i where i.disbursement_id = d.id and i.status = 'invalid')
               order by d.created_at desc limit 20`,
        );
        if (!b) return 'nothing to submit';
        const res = await w.as(c, 'owner', rng)('POST', `/api/disbursements/${b.id}/submit`);
        expectStatus('submit disbursement', res, 200, 400, 409, 422);
        return `${b.id}: ${res.status}`;
      },
    },
    {
      name: 'resolve',
      weight: 0.4,
      async run(w, c, rng) {
        const item = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from approval_items where account_id = ${c.id} and type = 'disbursement'
               and status = 'rejected' order by created_at desc limit 20`,
        );
        if (!item) return 'no rejected batch';
        const res = await w.as(c, 'owner', rng)(
          'PUT',
          `/api/approval-workflows/rejected-approvals/${item.id}/resolve`,
          { comments: 'Checked the rows again' },
        );
        expectStatus('resolve disbursement', res, 200, 403, 409);
        return `${item.id}: ${res.status}`;
      },
    },
    {
      name: 'retry',
      weight: 1,
      async run(w, c, rng) {
        const b = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select distinct d.id, d.created_at from disbursements d
                join disbursement_items i on i.disbursement_id = d.id
                left join transactions t on t.id = i.transaction_id
               where d.account_id = ${c.id} and d.status = 'paying'
                 and (i.status = 'failed' or (i.status = 'paying' and t.status in ('failed', 'reversed')))
               order by d.created_at desc limit 20`,
        );
        if (!b) return 'nothing to retry';
        const res = await w.as(c, 'owner', rng)('POST', `/api/disbursements/${b.id}/retry`, undefined, {
          'idempotency-key': idemKey(rng),
        });
        expectStatus('retry disbursement', res, 200, 409, 422);
        return `${b.id}: ${res.status}`;
      },
    },
  ],
  invariants: [
    {
      name: 'bulk-total-equals-rows',
      // The batch's stored totals (the approval's amount) are its payable rows' sums, once validated.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select d.reference, d.status, d.item_count, d.amount_minor, d.fee_minor, s.n, s.a, s.f
                  from disbursements d
                  cross join lateral (select count(*)::int as n,
                      coalesce(sum(amount_minor) filter (where status <> 'invalid'), 0)::bigint as a,
                      coalesce(sum(fee_minor) filter (where status <> 'invalid'), 0)::bigint as f
                    from disbursement_items i where i.disbursement_id = d.id) s
                 where d.updated_at > now() - ${RECENT} and d.status <> 'validating'
                   and (d.item_count <> s.n or d.amount_minor <> s.a or d.fee_minor <> s.f)
                 limit 10`,
          )
        ).map(
          (r) =>
            `batch ${r.reference} (${r.status}) shows ${r.item_count} rows, ${r.amount_minor} + fee ${r.fee_minor}; its rows: ${r.n}, ${r.a} + fee ${r.f}`,
        ),
    },
    {
      name: 'bulk-row-paid-once',
      // One live (pending, processing or paid) transfer per row at most, for the row's amount.
      check: async (w) =>
        (
          await rows(
            w,
            sql`select d.reference, i.row_no, i.amount_minor,
                    count(*) filter (where t.status in ('pending', 'processing', 'success'))::int as live,
                    string_agg(t.reference || ' ' || t.status || ' ' || t.amount, ', ') as transfers
                  from disbursements d
                  join disbursement_items i on i.disbursement_id = d.id
                  join transactions t on t.type = 'payout' and t.source_type = 'disbursement' and t.source_id = d.id::text
                   and t.reference like d.reference || '-' || i.row_no || '-%'
                 where d.updated_at > now() - ${RECENT}
                 group by d.reference, i.row_no, i.amount_minor
                having count(*) filter (where t.status in ('pending', 'processing', 'success')) > 1
                    or bool_or(t.amount <> i.amount_minor)
                 limit 10`,
          )
        ).map(
          (r) =>
            `batch ${r.reference} row ${r.row_no} (${r.amount_minor}) has ${r.live} live transfers: ${r.transfers}`,
        ),
    },
    {
      name: 'rejected-batch-moved-nothing',
      check: async (w) =>
        (
          await rows(
            w,
            sql`select d.reference, t.reference as transfer, t.status from disbursements d
                  join transactions t on t.type = 'payout' and t.source_type = 'disbursement' and t.source_id = d.id::text
                 where d.status = 'rejected' limit 10`,
          )
        ).map((r) => `rejected batch ${r.reference} has transfer ${r.transfer} (${r.status})`),
    },
    {
      name: 'approved-batch-paid',
      // A finally approved batch started paying (its money was not silently left behind).
      check: async (w, phase) => {
        if (phase !== 'final') return [];
        return (
          await rows(
            w,
            sql`select d.reference, d.status from approval_items a join disbursements d on d.id = a.resource_id
                 where a.type = 'disbursement' and a.status = 'approved' and d.status <> 'paying' limit 10`,
          )
        ).map((r) => `batch ${r.reference} was approved but is ${r.status}`);
      },
    },
  ],
};
