// The invariants every step is checked against (issue 35 §3). Each names itself in the output when it
// breaks. Cheap ones run after every step; the whole-ledger verification every `FULL_EVERY` steps
// and at the end; the "after everything settled" ones only at the end (phase 'final').
import { sql } from 'drizzle-orm';
import { RECENT } from './areas/kit';
import { verifyLedger } from '../src/modules/money/verify';
import { verifyAllChains } from '../src/modules/approvals/trail';
import type { Invariant, World } from './types';

const rows = async (w: World, q: ReturnType<typeof sql>) =>
  (await w.primary.db.execute(q)).rows as Record<string, string | number>[];

export const FULL_EVERY = 250;

/** What the core step invariants read by (see `Area.indexes`). */
export const CORE_INDEXES = [
  'journal_entries (created_at)',
  'sandbox_transfers (created_at)',
  'transactions (created_at)',
  'transactions (updated_at)',
];

export const CORE_INVARIANTS: Invariant[] = [
  {
    name: 'wallets-not-negative',
    check: async (w) =>
      (
        await rows(
          w,
          sql`select id, balance, pending_balance from wallets where balance < 0 or pending_balance < 0 limit 10`,
        )
      ).map((r) => `wallet ${r.id} is negative: available ${r.balance}, pending ${r.pending_balance}`),
  },
  {
    name: 'entries-balance',
    // The entries of the last minute (every step is checked, so older ones were checked already).
    check: async (w) =>
      (
        await rows(
          w,
          sql`select p.entry_id, p.currency, sum(p.amount)::bigint as s from postings p
               join journal_entries e on e.id = p.entry_id
              where e.created_at > now() - ${RECENT}
              group by p.entry_id, p.currency having sum(p.amount) <> 0 limit 10`,
        )
      ).map((r) => `journal entry ${r.entry_id} sums to ${r.s} ${r.currency}`),
  },
  {
    name: 'wallet-equals-postings',
    // After a step: the wallets of the companies the checked steps acted for;
    // at the end (and in ledger-verify every FULL_EVERY steps): every wallet.
    check: async (w, phase, cs) =>
      (
        await rows(
          w,
          sql`select w.id, w.balance, w.pending_balance,
                  (select coalesce(sum(amount), 0) from postings where ledger_account_id = w.ledger_account_id)::bigint as posted,
                  (select coalesce(sum(amount), 0) from postings where ledger_account_id = w.hold_ledger_account_id)::bigint as held
             from wallets w
            where (${phase === 'final' || !cs} or w.account_id = any(${`{${(cs ?? []).map((c) => c.id).join(',')}}`}::uuid[]))
              and (w.balance <> (select coalesce(sum(amount), 0) from postings where ledger_account_id = w.ledger_account_id)
               or w.pending_balance <> (select coalesce(sum(amount), 0) from postings where ledger_account_id = w.hold_ledger_account_id))
            limit 10`,
        )
      ).map(
        (r) =>
          `wallet ${r.id} shows ${r.balance} available / ${r.pending_balance} pending; its postings hold ${r.posted} / ${r.held}`,
      ),
  },
  {
    name: 'rails-paid-each-reference-once',
    // Each provider transfer is one of our payout transactions, for its amount (its reference is
    // unique at the rails, so none of ours is paid twice); after a step, those of the last minute.
    check: async (w, phase) =>
      (
        await rows(
          w,
          sql`select s.reference, s.amount, t.amount as ours, t.type from sandbox_transfers s
               left join transactions t on t.reference = s.reference
              where (${phase === 'final'} or s.created_at > now() - ${RECENT})
                and (t.id is null or t.type <> 'payout'
                  -- a wire from the NGN wallet: the rails carry the recipient's amount
                  or coalesce((t.metadata->'wire'->>'amount')::bigint, t.amount) <> s.amount) limit 10`,
        )
      ).map((r) =>
        r.ours == null
          ? `the rails paid ${r.reference} (${r.amount}), which is none of our transfers`
          : `the rails paid ${r.reference} ${r.amount}, our ${r.type} is ${r.ours}`,
      ),
  },
  {
    name: 'money-left-as-approved',
    // Every outward transfer names its authority; under an approval, a digest the trail approved.
    check: async (w, phase) =>
      (
        await rows(
          w,
          sql`select t.reference, t.source_type, t.metadata->>'authority' as authority from transactions t
              where t.type = 'payout' and (${phase === 'final'} or t.created_at > now() - ${RECENT})
                and (t.metadata->>'authority' is null
                  or (t.metadata->>'authority' like 'approval:%' and not exists (
                        select 1 from approval_decisions d
                         where d.item_id::text = t.metadata->>'approvalItemId'
                           and d.manifest_digest = t.metadata->>'manifestDigest')))
              limit 10`,
        )
      ).map((r) =>
        r.authority
          ? `transfer ${r.reference} (${r.source_type}) paid under ${r.authority} with a digest no decision approved`
          : `transfer ${r.reference} (${r.source_type}) left with no authority`,
      ),
  },
  {
    name: 'rejected-moved-nothing',
    check: async (w, phase) =>
      (
        await rows(
          w,
          sql`select i.type, i.resource_id, i.status as item_status, t.reference, t.status from approval_items i
               join transactions t on t.source_id = i.resource_id::text and t.type = 'payout'
              where i.status in ('rejected', 'cancelled') and t.status in ('pending', 'processing', 'success')
                and t.created_at > i.updated_at and (${phase === 'final'} or t.created_at > now() - ${RECENT})
              limit 10`,
        )
      ).map((r) => `${r.type} ${r.resource_id} was ${r.item_status} but ${r.reference} is ${r.status}`),
  },
  {
    name: 'transfer-reaches-one-final-state',
    check: async (w, phase) => {
      if (phase !== 'final') return [];
      return (
        await rows(
          w,
          sql`select t.reference, t.status, s.status as rails from transactions t
               left join sandbox_transfers s on s.reference = t.reference
              where t.type = 'payout' and (t.status in ('pending', 'processing')
                 or (s.status is not null and s.status in ('success', 'failed', 'reversed') and s.status <> t.status))
              limit 10`,
        )
      ).map((r) => `transfer ${r.reference} is ${r.status} here, ${r.rails ?? 'unknown'} at the rails`);
    },
  },
  {
    name: 'ledger-verify',
    check: async (w, phase) => (phase === 'final' ? verifyLedger(w.primary.db) : []),
  },
  {
    name: 'approvals-verify',
    check: async (w, phase) =>
      phase === 'final'
        ? (await verifyAllChains(w.primary.db)).broken.map((b) => `${b.itemId}#${b.seq}: ${b.reason}`)
        : [],
  },
];

/** The whole-ledger verification as a step invariant (run every FULL_EVERY steps). */
export const FULL_LEDGER: Invariant = {
  name: 'ledger-verify',
  check: (w) => verifyLedger(w.primary.db),
};
