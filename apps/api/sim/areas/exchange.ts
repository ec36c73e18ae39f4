// Exchange (money/exchange.ts): quotes for paying another currency from a wallet, and the payouts
// that pay at them: a USD or GBP wire to a foreign beneficiary from the NGN wallet, converted at the
// rails' rate with the quote's fees fixed at creation, approved or rejected, edited (re-quoted).
import { sql } from 'drizzle-orm';
import { convertMinor } from '../../src/platform/exchange-math';
import { railsOf } from '../../src/rails';
import type { Rng } from '../rng';
import type { Area, Company, Currency, Invariant, World } from '../types';
import { decideSome, expectStatus, idemKey, major, pickRow, RECENT } from './kit';

/** A foreign beneficiary's bank, the way pay-someone takes it (the same vendor every time). */
export const foreignRecipient = (currency: 'USD' | 'GBP') =>
  currency === 'USD'
    ? {
        name: 'Acme Components LLC',
        email: 'billing@acme-components.com',
        foreign: {
          accountName: 'Acme Components LLC',
          accountNumber: '000123456789',
          swiftCode: 'CHASUS33',
          routingNumber: '021000021',
          bankName: 'JPMorgan Chase Bank',
          country: 'US',
          address: '270 Park Avenue, New York, NY 10017',
        },
      }
    : {
        name: 'Thames Tooling Ltd',
        email: 'accounts@thames-tooling.co.uk',
        foreign: {
          accountName: 'Thames Tooling Ltd',
          accountNumber: 'GB29NWBK60161331926819',
          swiftCode: 'NWBKGB2L',
          sortCode: '601613',
          bankName: 'NatWest',
          country: 'GB',
          address: '250 Bishopsgate, London EC2M 4AA',
        },
      };

/** Minor units of a foreign payment: from a few units to a few thousand (the cap is $10,000). */
export const foreignAmount = (rng: Rng, currency: 'USD' | 'GBP') =>
  currency === 'USD' ? rng.int(5_00, 3_000_00) : rng.int(5_00, 2_400_00);

/** A wire through pay-someone from `from` (the NGN wallet: converted; its own currency: not). */
export async function payForeign(
  w: World,
  c: Company,
  rng: Rng,
  currency: 'USD' | 'GBP',
  from: Currency,
  scheduledDate?: string,
) {
  const amount = foreignAmount(rng, currency);
  const res = await w.as(c, 'owner', rng)(
    'POST',
    '/api/pay-someone',
    {
      walletId: c.wallets[from].id,
      amount: major(amount),
      currency,
      recipient: foreignRecipient(currency),
      wirePurpose: { purpose: 'goods', narration: 'Simulated components order' },
      ...(scheduledDate ? { scheduledDate } : {}),
    },
    { 'idempotency-key': idemKey(rng) },
  );
  expectStatus('pay someone abroad', res, 201, 400, 409, 422);
  return `${currency} ${major(amount)} from ${from}${scheduledDate ? ` on ${scheduledDate}` : ''}: ${res.status}`;
}

const rows = async (w: World, q: ReturnType<typeof sql>) =>
  (await w.primary.db.execute(q)).rows as Record<string, string | number | null>[];

const INVARIANTS: Invariant[] = [
  {
    name: 'exchange-at-quoted-rate',
    // A payout to another currency holds, and its transfer carries, exactly what its quote said: the
    // wallet amount = the recipient's amount x the rails' rate (half up), the quoted fee and nothing
    // else from the wallet (one balanced hold), the recipient's amount and currency at the rails.
    async check(w) {
      const out: string[] = [];
      const recent = await rows(
        w,
        sql`select p.id, p.currency, p.amount_minor, p.fee_minor, p.recipient_currency, p.recipient_amount_minor,
                   p.fx_rate, p.status, t.reference, t.amount as t_amount, t.fee as t_fee, t.status as t_status,
                   t.metadata->'wire'->>'amount' as wire_amount, t.metadata->'wire'->>'currency' as wire_currency,
                   t.metadata->'wire'->>'rate' as wire_rate,
                   s.amount as rails_amount, s.currency as rails_currency,
                   (select -coalesce(sum(po.amount), 0) from journal_entries e join postings po on po.entry_id = e.id
                     where e.transaction_id = t.id and po.ledger_account_id = wl.ledger_account_id)::bigint as wallet_out
              from payouts p
              left join transactions t on t.id = p.transaction_id
              left join sandbox_transfers s on s.reference = t.reference
              join wallets wl on wl.id = p.wallet_id
             where p.recipient_currency is not null and p.updated_at > now() - ${RECENT}
             limit 50`,
      );
      const rails = railsOf(w.primary.app.deps);
      for (const r of recent) {
        const rate = await rails.fxRate(String(r.recipient_currency), String(r.currency));
        const asked = Number(r.recipient_amount_minor);
        const say = (what: string) => out.push(`payout ${r.id} (${r.status}): ${what}`);
        if (r.fx_rate !== rate) say(`rate ${r.fx_rate}, the rails' is ${rate}`);
        if (Number(r.amount_minor) !== convertMinor(asked, String(r.fx_rate ?? '0')))
          say(`holds ${r.amount_minor} ${r.currency} for ${asked} ${r.recipient_currency} at ${r.fx_rate}`);
        if (!r.reference) continue;
        if (Number(r.t_amount) !== Number(r.amount_minor) || Number(r.t_fee) !== Number(r.fee_minor))
          say(`its transfer is ${r.t_amount} + ${r.t_fee}, the payout ${r.amount_minor} + ${r.fee_minor}`);
        if (r.recipient_currency !== r.currency || r.wire_amount != null) {
          if (
            Number(r.wire_amount) !== asked ||
            r.wire_currency !== r.recipient_currency ||
            r.wire_rate !== r.fx_rate
          )
            say(`its wire carries ${r.wire_amount} ${r.wire_currency} at ${r.wire_rate}`);
        }
        if (
          r.rails_amount != null &&
          (Number(r.rails_amount) !== asked || r.rails_currency !== r.recipient_currency)
        )
          say(`the rails carry ${r.rails_amount} ${r.rails_currency} for ${asked} ${r.recipient_currency}`);
        const held = ['failed', 'reversed'].includes(String(r.t_status))
          ? 0
          : Number(r.amount_minor) + Number(r.fee_minor);
        if (Number(r.wallet_out) !== held)
          say(`${r.wallet_out} left the wallet for ${r.amount_minor} + fee ${r.fee_minor} (${r.t_status})`);
      }
      return out;
    },
  },
];

export const exchangeArea: Area = {
  indexes: ['payouts (updated_at)'],
  name: 'exchange',
  invariants: INVARIANTS,
  ops: [
    {
      name: 'quote',
      weight: 1,
      async run(w, c, rng) {
        // The quote a payment screen asks for: another currency from a wallet, converted at the rails' rate.
        const from = rng.pick(['NGN', 'USD', 'GBP'] as const);
        const currency = rng.pick((['NGN', 'USD', 'GBP'] as const).filter((x) => x !== from));
        const amount = currency === 'NGN' ? rng.int(1_000_00, 2_000_000_00) : foreignAmount(rng, currency);
        const res = await w.as(c, 'owner', rng)(
          'POST',
          `/api/exchange/disbursement/payouts/${c.wallets[from].id}`,
          {
            amount: major(amount),
            currency,
            method: 'bank-transfer',
          },
        );
        expectStatus('exchange quote', res, 200, 400, 422);
        if (res.status !== 200) return `${currency} ${major(amount)} from ${from}: ${res.status}`;
        const q = res.body.data as {
          rate: string;
          amountMinor: number;
          totalMinor: number;
          exchangeFeeMinor: number;
        };
        const rate = await railsOf(w.primary.app.deps).fxRate(currency, from);
        if (
          q.rate !== rate ||
          q.amountMinor !== convertMinor(amount, rate) ||
          q.totalMinor !== q.amountMinor + q.exchangeFeeMinor
        )
          throw new Error(
            `exchange-quote: ${amount} ${currency} from ${from} quoted ${q.amountMinor} + ${q.exchangeFeeMinor} = ${q.totalMinor} at ${q.rate} (the rails' rate ${rate})`,
          );
        return `${currency} ${major(amount)} from ${from}: ${major(q.totalMinor)} at ${q.rate}`;
      },
    },
    {
      name: 'wire',
      weight: 3,
      run: (w, c, rng) => payForeign(w, c, rng, rng.pick(['USD', 'GBP'] as const), 'NGN'),
    },
    { name: 'decide', weight: 2.5, run: (w, c, rng) => decideSome(w, c, 'payout', rng) },
    {
      name: 'edit',
      weight: 0.8,
      async run(w, c, rng) {
        // A wire edited before it was paid (or after it failed): quoted again at the rate of now.
        const p = await pickRow<{ id: string; status: string; recipient_currency: 'USD' | 'GBP' }>(
          w,
          rng,
          sql`select id, status, recipient_currency from payouts where account_id = ${c.id}
               and recipient_currency is not null and recipient_currency <> currency
               and status in ('pending', 'approved', 'scheduled', 'failed') order by created_at desc, id limit 20`,
        );
        if (!p) return 'no wire to edit';
        const amount = foreignAmount(rng, p.recipient_currency);
        const res = await w.as(c, 'owner', rng)('PUT', `/api/payouts/${p.id}`, { amount: major(amount) });
        expectStatus('edit wire', res, 200, 400, 409, 422);
        return `${p.status} ${p.id} to ${p.recipient_currency} ${major(amount)}: ${res.status}`;
      },
    },
  ],
};
