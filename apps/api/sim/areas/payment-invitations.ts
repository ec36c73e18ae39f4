// Payment invitations: the company asks a payer for an amount; the payer opens the mailed link and
// says they paid, then transfers to the company's NGN virtual account through the sandbox (so the
// charge webhook is duplicated and replayed) with the PAY… reference in the narration, sometimes
// mistyped the way payers do (lower case, spaces, O for 0), sometimes without it or for another
// amount (then it must pay nothing); invitations cancelled and resent.
import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../../src/modules/mail/tables';
import type { Rng } from '../rng';
import type { Area } from '../types';
import { expectStatus, major, pickRow, rowsOf, RECENT } from './kit';

/** How a payer may type the reference: as printed, or lower case with spaces and O for 0. */
function typed(payRef: string, rng: Rng) {
  if (rng.chance(0.5)) return `Payment ${payRef}`;
  const spaced = payRef
    .toLowerCase()
    .replace(/(.{4})/g, '$1 ')
    .replace(/0/g, 'o');
  return `for invoice ${spaced} thanks`;
}

export const paymentInvitationsArea: Area = {
  indexes: ['payment_invitations (updated_at)'],
  name: 'payment-invitations',
  ops: [
    {
      name: 'create',
      weight: 2,
      async run(w, c, rng) {
        const amount = rng.int(500_00, 900_000_00);
        const res = await w.as(c, 'owner', rng)('POST', '/api/payment-invitations', {
          payerName: 'Sim Payer Enterprises',
          payerEmail: `payer${rng.int(0, 5)}.${c.id.slice(0, 8)}@sim.ng`,
          amount: major(amount),
          currency: 'NGN',
          note: 'Simulated invitation',
        });
        expectStatus('create invitation', res, 201, 400);
        return `₦${major(amount)}: ${res.status}`;
      },
    },
    {
      name: 'pay',
      weight: 3,
      async run(w, c, rng) {
        const to = c.wallets.NGN.accountNumber;
        if (!to) return 'no virtual account';
        const inv = await pickRow<{ id: string; pay_ref: string; amount: number; status: string }>(
          w,
          rng,
          sql`select id, pay_ref, amount_minor as amount, status from payment_invitations
               where account_id = ${c.id} and currency = 'NGN'
                 and (status in ('pending', 'payerConfirmed') or ${rng.chance(0.1)})
               order by created_at desc limit 20`,
        );
        if (!inv) return 'nothing to pay';
        // Mostly the exact amount with the reference; sometimes no reference, or another amount.
        const kind = rng.weighted([
          { weight: 6, value: 'exact' },
          { weight: 1, value: 'no-reference' },
          { weight: 1, value: 'other-amount' },
        ])!;
        const amount =
          kind === 'other-amount' ? Number(inv.amount) + rng.int(1, 1_000_00) : Number(inv.amount);
        const res = await w.as(c, 'owner', rng)('POST', '/api/sandbox/deposits', {
          accountNumber: to,
          amount: major(amount),
          senderName: 'SIM PAYER ENTERPRISES',
          narration: kind === 'no-reference' ? 'Payment for goods' : typed(inv.pay_ref, rng),
        });
        expectStatus('sandbox deposit', res, 200);
        return `${kind} ₦${major(amount)} for ${inv.status} ${inv.id}: ${res.status}`;
      },
    },
    {
      name: 'confirm',
      weight: 1,
      async run(w, c, rng) {
        // The payer opens the newest mailed link and says they paid by bank transfer.
        const inv = await pickRow<{ id: string; email: string }>(
          w,
          rng,
          sql`select id, payer_email as email from payment_invitations where account_id = ${c.id}
               and status = 'pending' order by created_at desc limit 20`,
        );
        if (!inv) return 'nothing to confirm';
        const [mail] = await w.primary.db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, inv.email))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1);
        const ref = mail?.text?.match(/\/payment-invitation\/([0-9a-f]+)/)?.[1];
        if (!ref) return 'no link mailed';
        const res = await w.anon(rng)('POST', `/api/public/payment-invitations/${ref}/confirm`, {
          method: 'bankTransfer',
        });
        expectStatus('confirm invitation', res, 200, 404, 409, 410, 429);
        return `link of ${inv.email}: ${res.status}`;
      },
    },
    {
      name: 'cancel',
      weight: 0.5,
      async run(w, c, rng) {
        const inv = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from payment_invitations where account_id = ${c.id}
               and status in ('pending', 'payerConfirmed') order by created_at desc limit 20`,
        );
        if (!inv) return 'nothing to cancel';
        const res = await w.as(c, 'owner', rng)('POST', `/api/payment-invitations/${inv.id}/cancel`);
        expectStatus('cancel invitation', res, 200, 409);
        return `${inv.id}: ${res.status}`;
      },
    },
    {
      name: 'resend',
      weight: 0.5,
      async run(w, c, rng) {
        const inv = await pickRow<{ id: string }>(
          w,
          rng,
          sql`select id from payment_invitations where account_id = ${c.id}
               and status = 'pending' order by created_at desc limit 20`,
        );
        if (!inv) return 'nothing to resend';
        const res = await w.as(c, 'owner', rng)('POST', `/api/payment-invitations/${inv.id}/resend`);
        expectStatus('resend invitation', res, 200, 409, 429);
        return `${inv.id}: ${res.status}`;
      },
    },
  ],
  invariants: [
    {
      // A paid invitation was paid by one credited deposit to its company, of its amount and
      // currency, whose narration carries its reference; a deposit pays at most one invitation.
      name: 'invitation-paid-by-its-deposit',
      check: async (w) =>
        (
          await rowsOf<{ id: string; status: string; tx: string | null; problem: string }>(
            w,
            sql`select i.id, i.status, i.transaction_id as tx,
                       case when t.id is null then 'no deposit'
                            when t.type <> 'deposit' or t.status <> 'success' then 'its transaction is a ' || t.status || ' ' || t.type
                            when t.account_id <> i.account_id then 'another company''s deposit'
                            when t.amount <> i.amount_minor or t.currency <> i.currency then 'a deposit of ' || t.amount || ' ' || t.currency
                            else 'the narration does not carry its reference' end as problem
                  from payment_invitations i left join transactions t on t.id = i.transaction_id
                 where (i.status = 'paid' or i.transaction_id is not null) and i.updated_at > now() - ${RECENT}
                   and (t.id is null or i.status <> 'paid' or t.type <> 'deposit' or t.status <> 'success'
                        or t.account_id <> i.account_id or t.amount <> i.amount_minor or t.currency <> i.currency
                        or position(i.pay_ref in translate(upper(regexp_replace(coalesce(t.narration, ''), '[^A-Za-z0-9]', '', 'g')), 'OIL', '011')) = 0)
                 limit 10`,
          )
        ).map((r) => `invitation ${r.id} is ${r.status} with ${r.tx ?? 'no transaction'}: ${r.problem}`),
    },
    {
      // Once everything settled: an invitation still open has no credited deposit that should have
      // paid it (its reference, amount and company, after it was made, paying no other invitation).
      name: 'invitation-deposit-matched',
      check: async (w, phase) =>
        phase !== 'final'
          ? []
          : (
              await rowsOf<{ id: string; status: string; tx: string }>(
                w,
                sql`select i.id, i.status, t.reference as tx from payment_invitations i
                      join transactions t on t.account_id = i.account_id and t.type = 'deposit' and t.status = 'success'
                       and t.amount = i.amount_minor and t.currency = i.currency and t.created_at > i.created_at
                       and position(i.pay_ref in translate(upper(regexp_replace(coalesce(t.narration, ''), '[^A-Za-z0-9]', '', 'g')), 'OIL', '011')) > 0
                     where (i.status = 'payerConfirmed' or (i.status = 'pending' and i.expires_at > now()))
                       and not exists (select 1 from payment_invitations o where o.transaction_id = t.id)
                     limit 10`,
              )
            ).map(
              (r) => `invitation ${r.id} is still ${r.status} though deposit ${r.tx} carried its reference`,
            ),
    },
  ],
};
