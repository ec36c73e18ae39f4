// Company cards: issued with limits, funded from the wallet, frozen and unfrozen, terminated; the
// sandbox card issuer asks for authorisations (some over a limit, some racing each other on one card)
// and sends settlements (full or partial), reversals and refunds as signed webhooks, which the
// simulator also replays and reorders.
import { MERCHANT_CATEGORIES } from '@owo/contract';
import { sql } from 'drizzle-orm';
import { ISSUER_SIGNATURE_HEADER, signIssuerBody } from '../../src/modules/cards/issuer';
import type { Rng } from '../rng';
import type { Area, Company, Invariant, World } from '../types';
import { expectStatus, major, pickRow, RECENT } from './kit';

type CardsState = { sent: string[] };
const stateOf = (w: World): CardsState => (w.state.cards ??= { sent: [] }) as CardsState;

type CardRow = {
  id: string;
  token: string;
  currency: 'NGN' | 'USD';
  status: string;
  per_tx: string;
  monthly: string;
};
type AuthRow = {
  issuer_authorization_id: string;
  token: string;
  amount_minor: string;
  currency: string;
  settled_minor: string | null;
  refunded_minor: string;
};

const eventId = (rng: Rng) => `evt_sim_${rng.seed().toString(36)}${rng.seed().toString(36)}`;

/** Sends one issuer event, signed as the issuer signs it; keeps it for replays. */
async function send(w: World, rng: Rng, body: object, keep = true) {
  const raw = JSON.stringify(body);
  if (keep) stateOf(w).sent.push(raw);
  if (stateOf(w).sent.length > 200) stateOf(w).sent.shift();
  const res = await w.anon(rng)('POST', '/api/webhooks/card-issuer', body, {
    [ISSUER_SIGNATURE_HEADER]: signIssuerBody(w.primary.config.CARD_ISSUER_WEBHOOK_SECRET!, raw),
  });
  expectStatus('card issuer webhook', res, 200);
  const d = res.body?.data as { approved: boolean; reason: string | null } | undefined;
  return res.status === 0 ? 'no answer' : d?.approved ? 'approved' : `no (${d?.reason})`;
}

const pickCard = (w: World, c: Company, rng: Rng, active = false) =>
  pickRow<CardRow>(
    w,
    rng,
    sql`select id, issuer_token as token, currency, status, per_transaction_limit_minor as per_tx,
               monthly_limit_minor as monthly
          from cards where account_id = ${c.id} ${active ? sql`and status = 'active'` : sql``}
         order by created_at, id limit 20`,
  );

const pickAuth = (w: World, c: Company, rng: Rng, status: string) =>
  pickRow<AuthRow>(
    w,
    rng,
    sql`select a.issuer_authorization_id, k.issuer_token as token, a.amount_minor, a.currency,
               a.settled_minor, a.refunded_minor
          from card_authorizations a join cards k on k.id = a.card_id
         where a.account_id = ${c.id} and a.status = ${status}
         order by a.created_at desc, a.id limit 20`,
  );

/** An authorisation request for `card`: mostly within its per-transaction limit, sometimes over. */
function authorization(card: CardRow, rng: Rng) {
  const perTx = Number(card.per_tx);
  const amount = Math.max(1, rng.int(Math.floor(perTx / 50), Math.floor(perTx * 1.15)));
  return {
    event: 'authorization.request',
    id: eventId(rng),
    data: {
      authorizationId: `auth_sim_${rng.seed().toString(36)}${rng.seed().toString(36)}`,
      cardToken: card.token,
      amount,
      currency: rng.chance(0.03) ? (card.currency === 'NGN' ? 'USD' : 'NGN') : card.currency,
      merchant: {
        name: rng.pick(['Jumia', 'Bolt', 'AWS', 'Total Energies', 'Shoprite']),
        category: rng.pick(MERCHANT_CATEGORIES),
      },
    },
  };
}

const lifecycle = (a: AuthRow, event: string, amount: number, rng: Rng) => ({
  event,
  id: eventId(rng),
  data: {
    authorizationId: a.issuer_authorization_id,
    cardToken: a.token,
    amount,
    currency: a.currency,
    merchant: { name: 'Sim Merchant', category: 'other' },
  },
});

async function issue(w: World, c: Company, rng: Rng, currency: 'NGN' | 'USD') {
  const perTx = currency === 'NGN' ? rng.int(20_000_00, 80_000_00) : rng.int(100_00, 400_00);
  const res = await w.as(c, 'owner', rng)('POST', '/api/cards', {
    holderId: rng.chance(0.5) ? c.approver.userId : c.owner.userId,
    currency,
    perTransactionLimit: major(perTx),
    monthlyLimit: major(perTx * rng.int(2, 4)),
    ...(rng.chance(0.3) ? { allowedCategories: ['software', 'fuel', 'other'] } : {}),
    singleUse: rng.chance(0.15),
    label: 'Sim card',
  });
  expectStatus('issue card', res, 201);
  return res;
}

async function fund(w: World, c: Company, rng: Rng, card: { id: string; currency: 'NGN' | 'USD' }) {
  const amount = card.currency === 'NGN' ? rng.int(10_000_00, 150_000_00) : rng.int(50_00, 800_00);
  const res = await w.as(c, 'owner', rng)('POST', `/api/cards/${card.id}/fund`, {
    amount: major(amount),
    walletId: c.wallets[card.currency].id,
  });
  expectStatus('fund card', res, 200, 409, 422);
  return `${card.currency} ${major(amount)}: ${res.status}`;
}

const rows = async (w: World, q: ReturnType<typeof sql>) =>
  (await w.primary.db.execute(q)).rows as Record<string, string | number | null>[];

/** The Lagos month (UTC+1) of a timestamp column, as 'YYYY-MM'. */
const lagosMonthOf = (col: ReturnType<typeof sql>) =>
  sql`to_char((${col} at time zone 'UTC') + interval '1 hour', 'YYYY-MM')`;

const INVARIANTS: Invariant[] = [
  {
    name: 'card-spend-within-limit',
    // This Lagos month's approved spend (authorised, or settled less refunds) of each card is what
    // the card keeps as spent, never over its monthly limit; no approved spend over the per-transaction limit.
    // After a step, the cards with an authorisation of the window; at the end, every card.
    check: async (w, phase) =>
      (
        await rows(
          w,
          sql`with m as (select to_char(now() at time zone 'UTC' + interval '1 hour', 'YYYY-MM') as month),
                   s as (select a.card_id, coalesce(sum(case a.status when 'approved' then a.amount_minor
                              when 'settled' then a.settled_minor - a.refunded_minor else 0 end), 0)::bigint as net,
                              count(*) filter (where a.status <> 'declined' and a.amount_minor > k.per_transaction_limit_minor)::int as over_tx
                         from card_authorizations a join cards k on k.id = a.card_id, m
                        where ${lagosMonthOf(sql`a.created_at`)} = m.month
                          and (${phase === 'final'} or a.card_id in (select card_id from card_authorizations
                                where updated_at > now() - ${RECENT}))
                        group by a.card_id)
              select k.id, k.monthly_limit_minor, s.net, s.over_tx,
                     case when k.spent_month = m.month then k.spent_month_minor else 0 end as kept
                from cards k join s on s.card_id = k.id, m
               where s.net > k.monthly_limit_minor or s.over_tx > 0
                  or s.net <> case when k.spent_month = m.month then k.spent_month_minor else 0 end
               limit 10`,
        )
      ).map(
        (r) =>
          `card ${r.id}: this month's spend is ${r.net} (kept as ${r.kept}), limit ${r.monthly_limit_minor}; ${r.over_tx} spends over the per-transaction limit`,
      ),
  },
  {
    name: 'card-authorisation-settles-once',
    // What a spend took from its card is what its status says: authorised, settled (once), or
    // nothing after a reversal; refunds add up to what the authorisation says was refunded.
    check: async (w) =>
      (
        await rows(
          w,
          sql`select a.issuer_authorization_id as auth, a.status, a.amount_minor, a.settled_minor, a.refunded_minor,
                  (select -coalesce(sum(p.amount), 0) from journal_entries e join postings p on p.entry_id = e.id
                    where e.transaction_id = a.transaction_id and p.ledger_account_id = k.ledger_account_id)::bigint as took,
                  (select coalesce(sum(t.amount), 0) from transactions t
                    where t.type = 'card_refund' and t.related_transaction_id = a.transaction_id)::bigint as refunds,
                  (select count(*) from card_issuer_events v where v.authorization_id = a.id
                    and v.event = 'transaction.settled' and v.outcome = 'applied')::int as settlements
             from card_authorizations a join cards k on k.id = a.card_id
            where a.transaction_id is not null and a.updated_at > now() - ${RECENT}
              and ((select -coalesce(sum(p.amount), 0) from journal_entries e join postings p on p.entry_id = e.id
                    where e.transaction_id = a.transaction_id and p.ledger_account_id = k.ledger_account_id)
                    <> case a.status when 'approved' then a.amount_minor when 'settled' then a.settled_minor else 0 end
                or (select coalesce(sum(t.amount), 0) from transactions t
                    where t.type = 'card_refund' and t.related_transaction_id = a.transaction_id) <> a.refunded_minor
                or (select count(*) from card_issuer_events v where v.authorization_id = a.id
                    and v.event = 'transaction.settled' and v.outcome = 'applied') <> (a.status = 'settled')::int)
            limit 10`,
        )
      ).map(
        (r) =>
          `authorisation ${r.auth} is ${r.status} (${r.amount_minor}, settled ${r.settled_minor}, refunded ${r.refunded_minor}) but took ${r.took} from its card, refunds ${r.refunds}, ${r.settlements} settlements applied`,
      ),
  },
  {
    name: 'declined-card-spend-moved-nothing',
    check: async (w) =>
      (
        await rows(
          w,
          sql`select a.issuer_authorization_id as auth, a.decline_reason, t.reference from card_authorizations a
               left join transactions t on t.type = 'card_spend' and t.metadata->>'authorizationId' = a.issuer_authorization_id
              where a.status = 'declined' and (a.transaction_id is not null or t.id is not null)
                and a.created_at > now() - ${RECENT}
              limit 10`,
        )
      ).map(
        (r) =>
          `declined authorisation ${r.auth} (${r.decline_reason}) has a spend ${r.reference ?? '(linked)'}`,
      ),
  },
  {
    name: 'card-balance-not-stranded',
    // A card never holds less than nothing, and a terminated card holds nothing (its money went back
    // to the wallet, whatever arrived after the termination).
    check: async (w) =>
      (
        await rows(
          w,
          sql`select k.id, k.status, la.balance from cards k join ledger_accounts la on la.id = k.ledger_account_id
              where la.balance < 0 or (k.status = 'terminated' and la.balance <> 0) limit 10`,
        )
      ).map((r) => `${r.status} card ${r.id} holds ${r.balance}`),
  },
];

export const cardsArea: Area = {
  indexes: ['card_authorizations (updated_at)', 'card_authorizations (created_at)'],
  name: 'cards',
  async setup(w, c, rng) {
    for (const currency of ['NGN', 'USD'] as const) {
      const res = await issue(w, c, rng, currency);
      await fund(w, c, rng, { id: res.body.data.id, currency });
    }
  },
  invariants: INVARIANTS,
  ops: [
    {
      name: 'issue',
      weight: 0.3,
      async run(w, c, rng) {
        const currency = rng.chance(0.7) ? 'NGN' : 'USD';
        const res = await issue(w, c, rng, currency);
        return `${currency} card ${res.body.data?.id}: ${res.status}`;
      },
    },
    {
      name: 'fund',
      weight: 1,
      async run(w, c, rng) {
        const card = await pickCard(w, c, rng);
        if (!card) return 'no card';
        return `${card.status} card ${card.id}: ${await fund(w, c, rng, card)}`;
      },
    },
    {
      name: 'authorize',
      weight: 4,
      async run(w, c, rng) {
        const card = await pickCard(w, c, rng);
        if (!card) return 'no card';
        if (rng.chance(0.2)) {
          // The sandbox issuer's button: the same decision, asked over the company's own API.
          const a = authorization(card, rng).data;
          const res = await w.as(c, 'owner', rng)('POST', `/api/cards/${card.id}/sandbox-authorization`, {
            amount: major(a.amount),
            merchant: a.merchant.name,
            category: a.merchant.category,
          });
          expectStatus('sandbox authorisation', res, 200, 400, 422);
          return `sandbox ${card.currency} ${major(a.amount)} on ${card.status} card: ${res.status} ${res.body?.message}`;
        }
        const ev = authorization(card, rng);
        return `${card.currency} ${major(ev.data.amount)} on ${card.status} card: ${await send(w, rng, ev)}`;
      },
    },
    {
      name: 'authorize-race',
      weight: 1,
      async run(w, c, rng) {
        // Several merchants at once on one card: together they may pass its balance or its limit.
        const card = await pickCard(w, c, rng, true);
        if (!card) return 'no active card';
        const evs = Array.from({ length: rng.int(2, 5) }, () => authorization(card, rng));
        const said = await Promise.all(evs.map((ev, i) => send(w, rng.fork(`race${i}`), ev)));
        return `${evs.length} at once on card ${card.id}: ${said.join(', ')}`;
      },
    },
    {
      name: 'settle',
      weight: 2.5,
      async run(w, c, rng) {
        const a = await pickAuth(w, c, rng, 'approved');
        if (!a) return 'nothing to settle';
        const full = Number(a.amount_minor);
        const amount = rng.chance(0.7) ? full : rng.int(1, full);
        return `${a.issuer_authorization_id} at ${amount}/${full}: ${await send(w, rng, lifecycle(a, 'transaction.settled', amount, rng))}`;
      },
    },
    {
      name: 'reverse',
      weight: 1,
      async run(w, c, rng) {
        const a = await pickAuth(w, c, rng, rng.chance(0.85) ? 'approved' : 'settled');
        if (!a) return 'nothing to reverse';
        return `${a.issuer_authorization_id}: ${await send(w, rng, lifecycle(a, 'authorization.reversal', Number(a.amount_minor), rng))}`;
      },
    },
    {
      name: 'settle-reverse-race',
      weight: 0.7,
      async run(w, c, rng) {
        // The issuer's settlement and a reversal of the same authorisation arrive together.
        const a = await pickAuth(w, c, rng, 'approved');
        if (!a) return 'nothing authorised';
        const full = Number(a.amount_minor);
        const [s, r] = await Promise.all([
          send(w, rng.fork('s'), lifecycle(a, 'transaction.settled', full, rng)),
          send(w, rng.fork('r'), lifecycle(a, 'authorization.reversal', full, rng)),
        ]);
        return `${a.issuer_authorization_id}: settled ${s}, reversed ${r}`;
      },
    },
    {
      name: 'refund',
      weight: 0.8,
      async run(w, c, rng) {
        const a = await pickAuth(w, c, rng, 'settled');
        if (!a) return 'nothing settled';
        const left = Number(a.settled_minor) - Number(a.refunded_minor);
        const amount = rng.chance(0.1) || left < 1 ? left + 1 : rng.int(1, left);
        return `${a.issuer_authorization_id} ${amount} of ${left} left: ${await send(w, rng, lifecycle(a, 'transaction.refund', amount, rng))}`;
      },
    },
    {
      name: 'replay',
      weight: 1.5,
      async run(w, _c, rng) {
        // The issuer delivers again what it delivered before, sometimes in the other order.
        const sent = stateOf(w).sent;
        if (!sent.length) return 'nothing sent yet';
        const picked = Array.from({ length: rng.int(1, 3) }, () => rng.pick(sent.slice(-40)));
        if (rng.chance(0.5)) picked.reverse();
        const said: string[] = [];
        for (const raw of picked) said.push(await send(w, rng, JSON.parse(raw), false));
        return `replayed ${picked.length}: ${said.join(', ')}`;
      },
    },
    {
      name: 'freeze',
      weight: 0.8,
      async run(w, c, rng) {
        const card = await pickCard(w, c, rng);
        if (!card) return 'no card';
        const action = card.status === 'frozen' ? 'unfreeze' : 'freeze';
        const res = await w.as(c, 'owner', rng)('POST', `/api/cards/${card.id}/${action}`);
        expectStatus(`${action} card`, res, 200, 409);
        return `${action} ${card.status} card ${card.id}: ${res.status}`;
      },
    },
    {
      name: 'terminate',
      weight: 0.3,
      async run(w, c, rng) {
        // Half the time a card with a spend still in flight (authorised, not yet settled).
        const card = rng.chance(0.5)
          ? await pickRow<CardRow>(
              w,
              rng,
              sql`select distinct k.id, k.status, k.created_at from cards k join card_authorizations a on a.card_id = k.id
                   where k.account_id = ${c.id} and k.status <> 'terminated' and a.status = 'approved'
                   order by k.created_at, k.id limit 20`,
            )
          : await pickCard(w, c, rng);
        if (!card) return 'no card';
        const res = await w.as(c, 'owner', rng)('POST', `/api/cards/${card.id}/terminate`);
        expectStatus('terminate card', res, 200, 409);
        return `${card.status} card ${card.id}: ${res.status}`;
      },
    },
  ],
};
