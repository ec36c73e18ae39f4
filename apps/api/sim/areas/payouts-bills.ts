// Bills (payouts module, bills.ts): a bill requested from a vendor's email, the vendor sending it on
// the public send-bill link (once; sometimes with another bank account than the vendor's), the bill
// sent for payment (a payout, approval type payout, with an Idempotency-Key that a retry repeats),
// and the bill's payout approved or rejected by the second person.
import { makeNuban } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { PNG_1X1 } from '../../src/modules/files/fixtures';
import { sha256 } from '../../src/platform/tokens';
import { SANDBOX_TEST_ACCOUNTS } from '../../src/rails/sandbox/test-accounts';
import type { Area, Company, World } from '../types';
import { expectStatus, idemKey, major, pickRow, rowsOf } from './kit';

type Vendor = { email: string; accountNumber: string };
type BillsState = { vendors: Record<string, Vendor[]> };
const stateOf = (w: { state: Record<string, any> }): BillsState =>
  (w.state.bills ??= { vendors: {} }) as BillsState;

const rows = async (w: World, q: ReturnType<typeof sql>) => rowsOf<Record<string, string | number>>(w, q);

/** The live send-bill token of a requested bill, read from the vendor's mail (as the vendor would). */
async function tokenOf(w: World, bill: { id: string; email: string }): Promise<string | null> {
  const mails = await rowsOf<{ text: string }>(
    w,
    sql`select text from mail_outbox where "to" = ${bill.email} order by created_at desc, id limit 50`,
  );
  const hashes = new Set(
    (
      await rowsOf<{ token_hash: string }>(
        w,
        sql`select token_hash from link_tokens where kind = 'bill-request' and object_id = ${bill.id}`,
      )
    ).map((r) => r.token_hash),
  );
  for (const m of mails) {
    const token = /\/send-bill\/welcome\/([A-Za-z0-9_-]{32,64})/.exec(m.text)?.[1];
    if (token && hashes.has(sha256(token))) return token;
  }
  return null;
}

const billOf = (w: World, c: Company, rng: Parameters<Area['ops'][number]['run']>[2], status: string) =>
  pickRow<{ id: string; reference: string; email: string }>(
    w,
    rng,
    sql`select id, reference, email from payout_quotes where account_id = ${c.id} and status = ${status}
         order by created_at, id limit 20`,
  );

export const billsArea: Area = {
  name: 'payouts-bills',
  async setup(w, c, rng) {
    const tag = c.id.slice(0, 8);
    stateOf(w).vendors[c.id] = [
      {
        email: `billing.${tag}@lekkicleaning.ng`,
        accountNumber: makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))),
      },
      {
        email: `accounts.${tag}@ikejaprinters.ng`,
        accountNumber: makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000))),
      },
      { email: `ar.${tag}@apapalogistics.ng`, accountNumber: SANDBOX_TEST_ACCOUNTS.fails },
    ];
  },
  ops: [
    {
      name: 'request',
      weight: 2,
      async run(w, c, rng) {
        const vendors = stateOf(w).vendors[c.id] ?? [];
        if (!vendors.length) return 'no vendors (area not set up)';
        const v = rng.pick(vendors);
        const res = await w.as(c, 'owner', rng)('POST', '/api/payout/quote/request', {
          email: v.email,
          note: 'Please send this month’s invoice',
        });
        expectStatus('request bill', res, 201, 400);
        return `from ${v.email}: ${res.status}`;
      },
    },
    {
      name: 'vendor-sends',
      weight: 2,
      async run(w, c, rng) {
        const bill = await billOf(w, c, rng, 'requested');
        if (!bill) return 'nothing requested';
        const token = await tokenOf(w, bill);
        if (!token) return `no live link for ${bill.reference}`;
        const v = (stateOf(w).vendors[c.id] ?? []).find((x) => x.email === bill.email);
        // Now and then the vendor types another account than the one the company pays them at.
        const accountNumber =
          v && rng.chance(0.85)
            ? v.accountNumber
            : makeNuban('058', String(100_000_000 + rng.int(0, 800_000_000)));
        const amount = rng.int(5_000_00, 300_000_00);
        const form = new FormData();
        const fields = {
          amount: major(amount),
          description: 'Services rendered',
          invoiceNumber: `INV-${rng.int(1000, 9999)}`,
          dueDate: '2026-12-31',
          bankCode: '058',
          accountNumber,
        };
        for (const [k, val] of Object.entries(fields)) form.append(k, val);
        form.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'invoice.png');
        const res = await w.anon(rng)('PUT', `/api/verify/payout/quote/${token}`, form);
        expectStatus('send bill', res, 200, 400, 410, 422);
        return `${bill.reference} ₦${major(amount)} to ${accountNumber}: ${res.status}`;
      },
    },
    {
      name: 'send-for-payment',
      weight: 2,
      async run(w, c, rng) {
        const bill = await billOf(w, c, rng, rng.chance(0.85) ? 'submitted' : 'sent');
        if (!bill) return 'nothing submitted';
        const key = idemKey(rng);
        const call = w.as(c, 'owner', rng);
        const send = () =>
          call(
            'POST',
            `/api/payout/quote/${bill.reference}/payout`,
            { walletId: c.wallets.NGN.id },
            { 'idempotency-key': key },
          );
        // Sometimes a second person sends it at the same moment (another key, the other process).
        const [res, rival] = await Promise.all([
          send(),
          rng.chance(0.25)
            ? w.as(c, 'owner', rng)(
                'POST',
                `/api/payout/quote/${bill.reference}/payout`,
                { walletId: c.wallets.NGN.id },
                { 'idempotency-key': idemKey(rng) },
              )
            : null,
        ]);
        expectStatus('bill to payout', res, 201, 400, 409, 422);
        if (rival) expectStatus('bill to payout (rival)', rival, 201, 400, 409, 422);
        // A retry of the same request (the answer was lost): the same answer, never a second payout.
        const again = rng.chance(0.3) ? await send() : null;
        if (again) expectStatus('bill to payout again', again, 201, 400, 409, 422);
        return `${bill.reference}: ${res.status}${rival ? `, rival ${rival.status}` : ''}${again ? `, again ${again.status}` : ''}`;
      },
    },
    {
      name: 'decide',
      weight: 3,
      async run(w, c, rng) {
        const item = await pickRow<{ id: string; reference: string }>(
          w,
          rng,
          sql`select i.id, q.reference from approval_items i join payout_quotes q on q.payout_id = i.resource_id
               where i.account_id = ${c.id} and i.type = 'payout' and i.status = 'pending'
               order by i.created_at, i.id limit 20`,
        );
        if (!item) return 'no bill awaiting approval';
        const approvalStatus = rng.chance(0.2) ? 'rejected' : 'approved';
        const res = await w.as(c, 'approver', rng)(
          'POST',
          `/api/approval-workflows/pending-approvals/approve/${item.id}`,
          { approvalStatus, comments: `Simulated ${approvalStatus}` },
        );
        expectStatus('decide bill', res, 200, 400, 403, 409, 422);
        return `${approvalStatus} bill ${item.reference}: ${res.status}`;
      },
    },
  ],
  invariants: [
    {
      name: 'bill-paid-once',
      // A sent bill has one payout, of no other bill; a bill not sent has none; the payout's
      // transfers: at most one live or paid. (Its account is the vendor's when sent: billToPayout
      // refuses another; the vendor's bank may change later through its own approval.)
      check: async (w) =>
        (
          await rows(
            w,
            sql`select q.reference, 'is ' || q.status || ' with payout ' || coalesce(q.payout_id::text, 'none') as what
                  from payout_quotes q where (q.status = 'sent') <> (q.payout_id is not null)
                union all
                select min(q.reference), 'shares payout ' || q.payout_id || ' with ' || (count(*) - 1) || ' other bills'
                  from payout_quotes q where q.payout_id is not null group by q.payout_id having count(*) > 1
                union all
                select q.reference, 'has ' || count(*) || ' transfers live or paid'
                  from payout_quotes q join transactions t on t.source_type = 'payout' and t.source_id = q.payout_id::text
                 where t.type = 'payout' and t.status in ('pending', 'processing', 'success')
                 group by q.reference having count(*) > 1
                limit 10`,
          )
        ).map((r) => `bill ${r.reference} ${r.what}`),
    },
  ],
};
