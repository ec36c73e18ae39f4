// Invoices (receivables): made through the wizard with partner splits (one partner capped, one whose
// bank refuses the credit, so its settlements fail and are retried), approved or rejected, paid by
// the customer by bank transfer into the invoice's own collection account (through the sandbox, so
// the charge webhooks get duplicated and replayed), partly, exactly or over the total; the overage
// refunded; invoices cancelled; failed settlements retried.
import { makeNuban } from '@owo/contract';
import { sql, type SQL } from 'drizzle-orm';
import { verifyInvoiceBooks } from '../../src/modules/inflows/books';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import type { Area, World } from '../types';
import { decideSome, expectStatus, major, pickRow, rowsOf, RECENT } from './kit';
import { lagosToday } from '../../src/platform/dates';

type InflowsState = { customers: Record<string, string>; partners: Record<string, string[]> };
const stateOf = (w: { state: Record<string, any> }): InflowsState =>
  (w.state.inflows ??= { customers: {}, partners: {} }) as InflowsState;

const inDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const ordinary = (n: number) => makeNuban('058', String(100_000_000 + n));

/** The agents the commissions area made (an invoice may name one: its commission accrues). */
const agentsOf = (w: World, companyId: string): string[] => w.state.commissions?.agents?.[companyId] ?? [];

/** Non-draft invoices touched lately (a collection, a settlement or refund moving), for the step checks. */
const RECENT_INVOICES = sql`select id from invoices where status <> 'draft' and updated_at > now() - ${RECENT}
        union
        select s.invoice_id from invoice_settlements s join transactions t on t.id = s.transaction_id
         where t.updated_at > now() - ${RECENT}
        union
        select r.invoice_id from invoice_collection_refunds r join transactions t on t.id = r.transaction_id
         where t.updated_at > now() - ${RECENT}`;

async function recentInvoices(w: World): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(w, sql`${RECENT_INVOICES} limit 30`);
  return rows.map((r) => r.id);
}

/**
 * After a step, the invoices touched lately (`RECENT_INVOICES`); at the end, every invoice. What left
 * for an invoice moves its settlement's or refund's transaction, so a movement lands in the window.
 */
const touched = (phase: 'step' | 'final', invoiceId: SQL) =>
  phase === 'final' ? sql`true` : sql`${invoiceId} in (${RECENT_INVOICES})`;

/** What left the company per settlement or refund row: its successful transfers, over every attempt. */
const PAID_OUT = sql`(select source_id, count(*)::int as n, coalesce(sum(amount), 0)::bigint as paid
                        from transactions where type = 'payout' and status = 'success'
                         and source_type in ('invoice-settlement', 'invoice-refund') group by source_id)`;

export const inflowsArea: Area = {
  indexes: ['invoices (updated_at)'],
  name: 'inflows',
  async setup(w, c, rng) {
    const api = w.as(c, 'owner', rng);
    const cust = await api('POST', '/api/inflows/customers', {
      name: 'Sim Customer Stores',
      email: `customer.${c.id.slice(0, 8)}@sim.ng`,
    });
    stateOf(w).customers[c.id] = expectStatus('create customer', cust, 201).body.data.id;
    const partners = [
      {
        customerName: 'Sim Partner Logistics',
        percentage: '12.5',
        cap: '0',
        account: ordinary(rng.int(0, 8e8)),
      },
      {
        customerName: 'Sim Partner Capped',
        percentage: '30',
        cap: '1731.21',
        account: ordinary(rng.int(0, 8e8)),
      },
      // Its bank refuses every credit: its settlements fail and get retried.
      {
        customerName: 'Sim Partner Refused',
        percentage: '5',
        cap: '0',
        account: SANDBOX_TEST_ACCOUNTS.fails,
      },
    ];
    const ids: string[] = [];
    for (const p of partners) {
      const res = await api('POST', '/api/inflows/partners', {
        customerName: p.customerName,
        bankCode: '058',
        accountNumber: p.account,
        percentage: p.percentage,
        cap: p.cap,
      });
      ids.push(expectStatus('create partner', res, 201).body.data.id);
    }
    stateOf(w).partners[c.id] = ids;
  },
  ops: [
    {
      name: 'create',
      weight: 3,
      async run(w, c, rng) {
        const api = w.as(c, 'owner', rng);
        const partners = stateOf(w).partners[c.id].filter(() => rng.chance(0.5));
        const strategy = rng.pick(['consolidated', 'per-collection', 'per-installment']);
        const agents = agentsOf(w, c.id);
        const price = rng.int(1_000_00, 800_000_00);
        const s1 = await api('POST', '/api/inflows/invoice', {
          step: 1,
          payload: {
            customerId: stateOf(w).customers[c.id],
            products: [{ name: 'Sim goods', price: major(price), quantity: rng.int(1, 3) }],
            settlementStrategy: strategy,
            partners,
            ...(agents.length && rng.chance(0.6) ? { agentId: rng.pick(agents) } : {}),
          },
        });
        expectStatus('invoice step 1', s1, 200);
        if (s1.status !== 200) return `step 1: ${s1.status}`;
        const id = s1.body.data.id as string;
        const terms = rng.int(1, 3);
        const s2 = await api('POST', '/api/inflows/invoice', {
          step: 2,
          payload:
            terms === 1
              ? { invoiceId: id, paymentOption: 'one-time' }
              : {
                  invoiceId: id,
                  paymentOption: 'installments',
                  terms: Array.from({ length: terms }, (_, i) => ({
                    name: `Term ${i + 1}`,
                    dueDate: inDays(i * 7),
                  })),
                },
        });
        expectStatus('invoice step 2', s2, 200);
        // 0: the worker process was killed under the call, so the terms may not be saved.
        if (s2.status !== 200) return `step 2: ${s2.status}`;
        const s3 = await api('POST', '/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
        expectStatus('invoice step 3', s3, 200);
        return `${strategy}, ${partners.length} partners, ${terms} terms, ${id}: ${s3.status}`;
      },
    },
    { name: 'decide', weight: 4, run: (w, c, rng) => decideSome(w, c, 'invoice', rng, 0.1) },
    {
      name: 'pay',
      weight: 8,
      async run(w, c, rng) {
        // The customer pays into the invoice's own account: part of what is due, all of it, or more.
        const inv = await pickRow<{ id: string; va: string; due: number; status: string }>(
          w,
          rng,
          sql`select id, va_number as va, (amount_minor - amount_paid_minor)::bigint as due, status from invoices
               where account_id = ${c.id} and va_number is not null
                 and (status in ('pending', 'partlyPaid') or (status in ('fullyPaid', 'cancelled') and ${rng.chance(0.1)}))
               order by created_at desc limit 20`,
        );
        if (!inv) return 'nothing to pay';
        if (rng.chance(0.3)) {
          // The customer opens the pay link and pays what it says is due, to the account it shows.
          const detail = await w.as(c, 'owner', rng)('GET', `/api/inflows/invoice/${inv.id}`);
          const token = (detail.body?.data?.payLink as string | null)?.split('/').pop();
          if (!token) return `no pay link on ${inv.status} ${inv.id}`;
          const pub = await w.anon(rng)('GET', `/api/public/invoices/${token}`);
          expectStatus('public invoice', pub, 200, 404, 410, 429);
          if (pub.status !== 200 || !pub.body.data.amountDueMinor)
            return `pay link of ${inv.id}: ${pub.status}`;
          const res = await w.as(c, 'owner', rng)('POST', '/api/sandbox/deposits', {
            accountNumber: pub.body.data.accountNumber,
            amount: pub.body.data.amountDue,
            senderName: 'SIM CUSTOMER STORES',
          });
          expectStatus('sandbox deposit', res, 200);
          return `the pay link's ₦${pub.body.data.amountDue} due to ${inv.status} ${inv.id}: ${res.status}`;
        }
        const due = Number(inv.due);
        const kind = rng.weighted([
          { weight: 3, value: 'part' },
          { weight: 3, value: 'exact' },
          { weight: 2, value: 'over' },
        ])!;
        const amount =
          due <= 0 || kind === 'over'
            ? Math.max(due, 0) + rng.int(100, 50_000_00)
            : kind === 'exact'
              ? due
              : Math.max(100, Math.floor((due * rng.int(10, 90)) / 100));
        const res = await w.as(c, 'owner', rng)('POST', '/api/sandbox/deposits', {
          accountNumber: inv.va,
          amount: major(amount),
          senderName: 'SIM CUSTOMER STORES',
          ...(rng.chance(0.5)
            ? { senderAccountNumber: ordinary(rng.int(0, 8e8)), senderBankCode: '058' }
            : {}),
        });
        expectStatus('sandbox deposit', res, 200);
        return `${kind} ₦${major(amount)} of ₦${major(due)} due to ${inv.status} ${inv.id}: ${res.status}`;
      },
    },
    {
      name: 'refund',
      weight: 2,
      async run(w, c, rng) {
        const r = await pickRow<{ id: string; invoice_id: string; source: string | null }>(
          w,
          rng,
          sql`select r.id, r.invoice_id, p.source_account_number as source from invoice_collection_refunds r
                join invoice_payments p on p.id = r.payment_id
                left join transactions t on t.id = r.transaction_id
               where r.account_id = ${c.id} and r.status <> 'cancelled'
                 and (r.transaction_id is null or t.status in ('failed', 'reversed'))
               order by r.created_at desc limit 20`,
        );
        if (!r) return 'nothing to refund';
        const body =
          r.source && rng.chance(0.5)
            ? { useSourceAccount: true }
            : { refundAccountDetails: { bankCode: '058', accountNumber: ordinary(rng.int(0, 8e8)) } };
        const res = await w.as(c, 'owner', rng)(
          'POST',
          `/api/inflows/invoice/${r.invoice_id}/refunds/${r.id}/init`,
          body,
        );
        expectStatus('refund overage', res, 200, 400, 409, 422);
        return `refund ${r.id}: ${res.status}`;
      },
    },
    {
      name: 'retry-settlements',
      weight: 1,
      async run(w, c, rng) {
        const s = await pickRow<{ invoice_id: string }>(
          w,
          rng,
          sql`select distinct s.invoice_id from invoice_settlements s
                left join transactions t on t.id = s.transaction_id
               where s.account_id = ${c.id} and s.status <> 'cancelled'
                 and (s.transaction_id is null or t.status in ('failed', 'reversed'))
               order by s.invoice_id limit 20`,
        );
        if (!s) return 'nothing to retry';
        const res = await w.as(
          c,
          'owner',
          rng,
        )('POST', `/api/inflows/invoice/${s.invoice_id}/settlements/init-payment`);
        expectStatus('retry settlements', res, 200, 409, 422);
        return `invoice ${s.invoice_id}: ${res.status}`;
      },
    },
    {
      name: 'cancel',
      weight: 0.5,
      async run(w, c, rng) {
        const inv = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from invoices where account_id = ${c.id} and approval_status = 'approved'
                and status in ('pending', 'partlyPaid') order by created_at desc limit 20`,
        );
        if (!inv) return 'nothing to cancel';
        const res = await w.as(c, 'owner', rng)('POST', `/api/inflows/invoice/${inv.id}/cancel`);
        expectStatus('cancel invoice', res, 200, 409);
        return `invoice ${inv.id}: ${res.status}`;
      },
    },
  ],
  invariants: [
    {
      // collected = settled to partners + commission + refund + retained, each part from its own
      // record (books.ts: deposits, settlement payouts, refund rows, installments), per invoice.
      name: 'invoice-kobo-equation',
      async check(w, phase) {
        const books =
          phase === 'final'
            ? await verifyInvoiceBooks(w.primary.db)
            : await verifyInvoiceBooks(w.primary.db, await recentInvoices(w));
        return books.flatMap((b) => b.problems.map((p) => `invoice ${b.reference}: ${p}`));
      },
    },
    {
      // What actually left for each partner (successful transfers over every attempt) is at most its
      // row, and all rows together at most the partner's share of what was applied (and its cap).
      name: 'partner-settled-at-most-its-share',
      check: async (w, phase) =>
        (
          await rowsOf<{
            ref: string;
            partner: string;
            rows: number;
            paid: number;
            share: number;
            cap: number;
            twice: number;
          }>(
            w,
            sql`select i.reference as ref, pa.customer_name as partner,
                       sum(s.amount_minor)::bigint as rows, coalesce(sum(x.paid), 0)::bigint as paid,
                       floor((select coalesce(sum(applied_minor), 0) from invoice_payments where invoice_id = i.id)
                             * pa.percentage_bp / 10000.0)::bigint as share,
                       pa.cap_minor as cap,
                       count(*) filter (where x.n > 1 or x.paid > s.amount_minor)::int as twice
                  from invoice_settlements s join invoices i on i.id = s.invoice_id
                  join inflow_partners pa on pa.id = s.partner_id
                  left join ${PAID_OUT} x on x.source_id = s.id::text
                 where s.status <> 'cancelled' and ${touched(phase, sql`i.id`)}
                 group by i.id, i.reference, pa.id, pa.customer_name, pa.percentage_bp, pa.cap_minor
                having count(*) filter (where x.n > 1 or x.paid > s.amount_minor) > 0
                    or sum(s.amount_minor) > floor((select coalesce(sum(applied_minor), 0) from invoice_payments where invoice_id = i.id) * pa.percentage_bp / 10000.0)
                    or (pa.cap_minor > 0 and coalesce(sum(x.paid), 0) > pa.cap_minor)
                 limit 10`,
          )
        ).map((r) =>
          Number(r.twice)
            ? `invoice ${r.ref}: ${r.partner} was paid ${r.paid} on ${r.twice} settlement(s) more than once or over the row`
            : `invoice ${r.ref}: ${r.partner} has ${r.rows} in settlements (${r.paid} paid), share ${r.share}, cap ${r.cap}`,
        ),
    },
    {
      // An overage refund pays back at most the overage of its deposit, once.
      name: 'refund-at-most-the-overage',
      check: async (w, phase) =>
        (
          await rowsOf<{
            ref: string;
            id: string;
            paid: number;
            n: number;
            over: number;
            refundable: number;
          }>(
            w,
            sql`select i.reference as ref, r.id, x.paid, x.n, p.overage_minor as over, r.refundable_amount_minor as refundable
                  from invoice_collection_refunds r join invoices i on i.id = r.invoice_id
                  join invoice_payments p on p.id = r.payment_id
                  join ${PAID_OUT} x on x.source_id = r.id::text
                 where ${touched(phase, sql`i.id`)}
                   and (x.n > 1 or x.paid > r.refundable_amount_minor or r.refundable_amount_minor > p.overage_minor)
                 limit 10`,
          )
        ).map(
          (r) =>
            `invoice ${r.ref}: refund ${r.id} paid ${r.paid} in ${r.n} transfer(s), refundable ${r.refundable}, overage ${r.over}`,
        ),
    },
    {
      // Each charge the rails sent is credited once, to one invoice payment at most, for its amount.
      name: 'deposit-credited-once',
      check: async (w) =>
        (
          await rowsOf<{ ref: string; n: number; amounts: string; payments: number }>(
            w,
            sql`select t.provider_ref as ref, count(distinct t.id)::int as n, string_agg(t.amount::text, ',') as amounts,
                       count(p.id)::int as payments
                  from transactions t left join invoice_payments p on p.transaction_id = t.id
                 where t.type = 'deposit' and t.provider_ref is not null and t.created_at > now() - ${RECENT}
                 group by t.provider, t.provider_ref
                having count(distinct t.id) > 1 or count(p.id) > 1
                 limit 10`,
          )
        ).map(
          (r) => `charge ${r.ref} credited ${r.n} time(s) (${r.amounts}), ${r.payments} invoice payment(s)`,
        ),
    },
    {
      name: 'settlements-reach-a-final-state',
      check: async (w, phase) =>
        phase !== 'final'
          ? []
          : (
              await rowsOf<{ ref: string; id: string; status: string }>(
                w,
                sql`select i.reference as ref, s.id, coalesce(t.status, s.status) as status from invoice_settlements s
                      join invoices i on i.id = s.invoice_id left join transactions t on t.id = s.transaction_id
                     where s.status <> 'cancelled' and (t.status in ('pending', 'processing')
                        or (s.transaction_id is null and s.status = 'pending'))
                     limit 10`,
              )
            ).map((r) => `invoice ${r.ref}: settlement ${r.id} is still ${r.status}`),
    },
  ],
};
