// Money arriving on a wallet's virtual account (NGN) or receiving details (USD/GBP): clearing:<rail> -> wallet, once per (provider, providerRef).
// Money for an account number we do not know goes to suspense (an operator moves it later).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { formatMoney } from '@owo/contract';
import { badRequest } from '../../platform/errors';
import { MONEY_TOPICS, notifyMoneyEvents, type MoneyEvent } from '../notifications';
import { postEntry, retryOnDeadlock, SYSTEM, systemAccountId } from './ledger';
import { newReference } from './transfers';
import { inboundCredits, wallets } from './tables';

export type CreditDepositInput = {
  accountNumber: string;
  amount: number;
  providerRef: string;
  senderName: string;
  /** The sender's own account, when the provider reported it. */
  sender?: SenderAccount;
  provider: string;
  narration?: string;
  /**
   * The currency the provider says it credited, when it says: a deposit whose currency is not the
   * wallet's is never credited to it (it goes to suspense in that currency).
   */
  currency?: string;
};
export type SenderAccount = {
  accountNumber: string | null;
  bankCode: string | null;
  bankName: string | null;
};

/**
 * A module that issues its own collection accounts (receivables: one per invoice) registers a
 * matcher. A deposit to a number no wallet owns is offered to each matcher; a match credits the
 * matcher's wallet exactly as a wallet deposit, and `onCredited` runs in the SAME transaction as
 * the ledger entry (after the inbound_credits dedupe, so a redelivered webhook never runs it twice).
 * What it returns runs after the commit (e.g. dispatching payouts it started).
 */
export type InboundMatch = {
  walletId: string;
  onCredited: (
    tx: Tx,
    credit: {
      accountId: string;
      transactionId: string;
      amount: number;
      providerRef: string;
      senderName: string;
      sender: SenderAccount | null;
    },
    batch: DepositBatch,
  ) => Promise<AfterCommitFns | void>;
};
export type AfterCommitFns = (() => Promise<void> | void)[];
/**
 * The crediting transaction of one or many deposits (`creditDeposits`). A matcher that has set-based
 * work to do for the whole batch (receivables: every collection's partner payouts started in one
 * statement) registers it once by key; it runs after every credit of the batch was applied, still
 * in the same transaction, and what it returns runs after the commit.
 */
export type DepositBatch = {
  beforeCommit(key: string, fn: (tx: Tx) => Promise<AfterCommitFns | void>): void;
  /**
   * Set-based work over every credit of the batch that must come BEFORE the shared wallet rows
   * (e.g. locking and updating the matcher's own rows, so that those locks are taken in the same
   * order as the one-at-a-time paths take them: the record first, the wallet after). Runs once by
   * key, after every `onCredited` of the batch, in the same transaction.
   */
  afterCredits(key: string, fn: (tx: Tx) => Promise<void>): void;
  /** Per-batch scratch space of a matcher (e.g. the payouts to start), by key. */
  state<T>(key: string, init: () => T): T;
};
export type InboundMatcher = (db: Db, accountNumber: string) => Promise<InboundMatch | null>;
/** A matcher for many account numbers at once (one query for a batch of deposits). */
export type InboundMatcherMany = (db: Db, accountNumbers: string[]) => Promise<Map<string, InboundMatch>>;
/** The `depositMatcher` seam (money/seams.ts): a matcher for collection accounts, optionally with its batch form. */
export type DepositMatcher = { one: InboundMatcher; many?: InboundMatcherMany };
/**
 * A wallet deposit (money to a wallet's own virtual account, not a matcher's collection account),
 * offered to listeners INSIDE the crediting transaction, after the ledger entry and the
 * inbound_credits dedupe (a redelivered webhook never runs them twice). Payment invitations mark an
 * expected payment paid here (the `walletDeposit` seam, money/seams.ts).
 */
export type WalletDeposit = {
  accountId: string;
  walletId: string;
  transactionId: string;
  amount: number;
  currency: string;
  senderName: string;
  /** The sender's narration as the provider reported it (a payment invitation's reference is read here). */
  narration: string | null;
};

/** The matches of many account numbers: each matcher's batch form when it has one, else one by one. */
async function matchInbound(
  { db, seams }: MoneyDeps,
  accountNumbers: string[],
): Promise<Map<string, InboundMatch>> {
  const out = new Map<string, InboundMatch>();
  for (const m of seams.hooks('depositMatcher')) {
    const left = accountNumbers.filter((n) => !out.has(n));
    if (!left.length) break;
    if (m.many) for (const [n, hit] of await m.many(db, left)) out.set(n, hit);
    else
      for (const n of left) {
        const hit = await m.one(db, n);
        if (hit) out.set(n, hit);
      }
  }
  return out;
}

export type CreditResult = { credited: boolean; transactionId: string | null };

/** What crediting needs of the app: its database and its seams (matchers, listeners). */
export type MoneyDeps = Pick<AppDeps, 'db' | 'seams'>;

export async function creditDeposit(deps: MoneyDeps, p: CreditDepositInput): Promise<CreditResult> {
  return (await creditDeposits(deps, [p]))[0];
}

function checkDeposit(p: CreditDepositInput) {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
    throw badRequest('Deposit amount must be a positive number of minor units');
  if (!p.providerRef) throw badRequest('Deposit provider reference is required');
}

/**
 * Credits many deposits in ONE transaction (the rails webhook queue hands over a batch): one
 * `inbound_credits` insert is the dedupe for all of them (a redelivered deposit matches no row and
 * changes nothing), each wallet's balance moves once by the sum of its new deposits, each deposit
 * still gets its own `deposit` transaction, journal entry and postings (one statement per wallet),
 * its notification and its listeners or matcher (`onCredited`, in input order, same transaction),
 * then the matchers' batch work (`DepositBatch.beforeCommit`). All or nothing: a throw rolls the
 * whole batch back (the caller may then credit the deposits one by one). Answers per input.
 */
export async function creditDeposits(deps: MoneyDeps, inputs: CreditDepositInput[]): Promise<CreditResult[]> {
  const { db, seams } = deps;
  for (const p of inputs) checkDeposit(p);
  if (!inputs.length) return [];
  const numbers = [...new Set(inputs.map((p) => p.accountNumber))];
  const walletRows = await db
    .select({
      id: wallets.id,
      currency: wallets.currency,
      va: wallets.virtualAccountNumber,
      accountId: wallets.accountId,
      ledgerAccountId: wallets.ledgerAccountId,
    })
    .from(wallets)
    .where(inArray(wallets.virtualAccountNumber, numbers));
  type Target = { id: string; currency: string; accountId: string; ledgerAccountId: string };
  const byNumber = new Map<string, Target>();
  for (const w of walletRows) if (w.va) byNumber.set(w.va, w);
  const matches = await matchInbound(
    deps,
    numbers.filter((n) => !byNumber.has(n)),
  );
  const matchedWalletIds = [...new Set([...matches.values()].map((m) => m.walletId))];
  const matchedWallets = new Map(
    (matchedWalletIds.length
      ? await db
          .select({
            id: wallets.id,
            currency: wallets.currency,
            accountId: wallets.accountId,
            ledgerAccountId: wallets.ledgerAccountId,
          })
          .from(wallets)
          .where(inArray(wallets.id, matchedWalletIds))
      : []
    ).map((w) => [w.id, w]),
  );
  const items = inputs.map((p) => {
    const match = byNumber.has(p.accountNumber) ? null : (matches.get(p.accountNumber) ?? null);
    // A deposit the provider reports in another currency than the wallet's is never credited to it.
    const own = byNumber.get(p.accountNumber);
    const byWallet = own && (!p.currency || own.currency === p.currency) ? own : undefined;
    const target = byWallet ?? (match ? matchedWallets.get(match.walletId) : undefined);
    return {
      p,
      match: target ? match : null,
      target: target ?? null,
      currency: target?.currency ?? p.currency ?? 'NGN',
    };
  });
  const clearing = new Map<string, string>();
  const suspense = new Map<string, string>();
  for (const it of items) {
    const k = `${it.p.provider}|${it.currency}`;
    if (!clearing.has(k))
      clearing.set(k, await systemAccountId(db, SYSTEM.clearing(it.p.provider), it.currency));
    if (!it.target && !suspense.has(it.currency))
      suspense.set(it.currency, await systemAccountId(db, SYSTEM.suspense, it.currency));
  }
  const after: AfterCommitFns = [];

  const results = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      after.length = 0;
      const finals = new Map<string, (tx: Tx) => Promise<AfterCommitFns | void>>();
      const credited = new Map<string, (tx: Tx) => Promise<void>>();
      const scratch = new Map<string, unknown>();
      const batch: DepositBatch = {
        beforeCommit: (key, fn) => {
          if (!finals.has(key)) finals.set(key, fn);
        },
        afterCredits: (key, fn) => {
          if (!credited.has(key)) credited.set(key, fn);
        },
        state: <T>(key: string, init: () => T) => {
          if (!scratch.has(key)) scratch.set(key, init());
          return scratch.get(key) as T;
        },
      };
      const out: CreditResult[] = items.map(() => ({ credited: false, transactionId: null }));
      // The dedupe: one row per (provider, providerRef); a key seen twice in the batch is a duplicate.
      const keyOf = (p: CreditDepositInput) => `${p.provider}|${p.providerRef}`;
      const firstOf = new Map<string, number>();
      items.forEach((it, i) => {
        if (!firstOf.has(keyOf(it.p))) firstOf.set(keyOf(it.p), i);
      });
      const firsts = [...firstOf.values()];
      const seen = await tx
        .insert(inboundCredits)
        .values(
          firsts.map((i) => {
            const { p, target, currency } = items[i];
            return {
              provider: p.provider,
              providerRef: p.providerRef,
              accountNumber: p.accountNumber,
              amount: p.amount,
              currency,
              senderName: p.senderName,
              walletId: target?.id ?? null,
              status: target ? ('credited' as const) : ('suspense' as const),
            };
          }),
        )
        .onConflictDoNothing()
        .returning({
          id: inboundCredits.id,
          provider: inboundCredits.provider,
          ref: inboundCredits.providerRef,
        });
      const creditIdOf = new Map(seen.map((r) => [`${r.provider}|${r.ref}`, r.id]));
      const fresh = firsts.filter((i) => creditIdOf.has(keyOf(items[i].p)));

      // Unknown account numbers: suspense, one entry each (rare).
      for (const i of fresh) {
        const { p, target, currency } = items[i];
        if (target) continue;
        await postEntry(tx, {
          accountId: null,
          transactionId: null,
          kind: 'deposit.suspense',
          memo: `${p.provider} ${p.providerRef}: credit to unknown account ${p.accountNumber}`,
          postings: [
            { ledgerAccountId: clearing.get(`${p.provider}|${currency}`)!, amount: -p.amount, currency },
            { ledgerAccountId: suspense.get(currency)!, amount: p.amount, currency },
          ],
        });
      }

      // Per wallet: every deposit's transaction in one statement. The shared rows (the wallet and its
      // ledger account) are written last, just before the commit (see below), so that a second batch
      // crediting the same wallet overlaps all of this one's other work instead of waiting for it.
      const byWallet = new Map<string, number[]>();
      for (const i of fresh) {
        const t = items[i].target;
        if (t) byWallet.set(t.id, [...(byWallet.get(t.id) ?? []), i]);
      }
      const accountOf = new Map<string, string>();
      const toPost: { walletId: string; ledgerAccountId: string; accountId: string; rows: object[] }[] = [];
      for (const [walletId, idx] of byWallet) {
        const w = items[idx[0]].target!;
        accountOf.set(walletId, w.accountId);
        const rows = idx.map((i) => {
          const { p, currency } = items[i];
          const id = randomUUID();
          out[i] = { credited: true, transactionId: id };
          return {
            id,
            credit_id: creditIdOf.get(keyOf(p)),
            amount: p.amount,
            currency,
            reference: newReference('dep'),
            provider: p.provider,
            provider_ref: p.providerRef,
            counterparty: { name: p.senderName },
            narration: p.narration ?? `Deposit from ${p.senderName}`,
            clearing: clearing.get(`${p.provider}|${currency}`),
          };
        });
        toPost.push({ walletId, ledgerAccountId: w.ledgerAccountId, accountId: w.accountId, rows });
        await tx.execute(sql`
          with x as (
            select * from json_to_recordset(${JSON.stringify(rows)}::json)
              as x(id uuid, credit_id uuid, amount bigint, currency text, reference text, provider text,
                   provider_ref text, counterparty jsonb, narration text, clearing uuid)
          ), t as (
            insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, provider, provider_ref, counterparty, narration)
            select x.id, ${w.accountId}::uuid, ${walletId}::uuid, 'deposit', 'success', x.amount, 0, x.currency, x.reference,
                   x.provider, x.provider_ref, x.counterparty, x.narration
              from x returning id
          )
          update inbound_credits c set transaction_id = t.id from t join x on x.id = t.id where c.id = x.credit_id`);
      }

      // Each deposit's notification and listeners (or its matcher), in input order, same transaction.
      const notes: MoneyEvent[] = [];
      for (const i of fresh) {
        const { p, target, match, currency } = items[i];
        if (!target) continue;
        const accountId = accountOf.get(target.id)!;
        const transactionId = out[i].transactionId!;
        // Same transaction as the ledger entry; a redelivered webhook stops at the inbound_credits
        // conflict above, so it never notifies twice.
        notes.push({
          accountId,
          transactionId,
          topic: MONEY_TOPICS.depositCredited,
          value: `${formatMoney(p.amount, currency)} from ${p.senderName} was credited to your ${currency} wallet.`,
        });
        if (!match)
          for (const fn of seams.hooks('walletDeposit'))
            await fn(tx, {
              accountId,
              walletId: target.id,
              transactionId,
              amount: p.amount,
              currency,
              senderName: p.senderName,
              narration: p.narration ?? null,
            });
        else {
          const more = await match.onCredited(
            tx,
            {
              accountId,
              transactionId,
              amount: p.amount,
              providerRef: p.providerRef,
              senderName: p.senderName,
              sender: p.sender?.accountNumber ? p.sender : null,
            },
            batch,
          );
          if (more) after.push(...more);
        }
      }
      for (const fn of credited.values()) await fn(tx);
      await notifyMoneyEvents(tx, deps, notes);
      // The shared rows, last: per wallet, its balance once by the sum and every deposit's entry and
      // postings (the ledger trigger moves the wallet's ledger balance) in one statement; then the
      // matchers' batch work (payouts from the same wallet, which the credit now covers).
      for (const w of toPost) {
        const posted = await tx.execute(sql`
          with x as (
            select * from json_to_recordset(${JSON.stringify(w.rows)}::json)
              as x(id uuid, amount bigint, currency text, clearing uuid)
          ), b as (
            update wallets set balance = balance + s.total, updated_at = now()
              from (select sum(x.amount)::bigint as total from x) s
             where wallets.id = ${w.walletId}::uuid
            returning wallets.id
          ), e as (
            insert into journal_entries (account_id, transaction_id, kind)
            select ${w.accountId}::uuid, x.id, 'deposit' from x, b returning id, transaction_id
          )
          insert into postings (entry_id, ledger_account_id, amount, currency)
          select e.id, v.la, v.amt, x.currency from e join x on x.id = e.transaction_id,
            lateral (values (x.clearing, -x.amount), (${w.ledgerAccountId}::uuid, x.amount)) as v(la, amt)`);
        if (posted.rowCount !== 2 * w.rows.length)
          throw new Error(`wallet ${w.walletId}: deposits not posted`);
      }
      for (const fn of finals.values()) {
        const more = await fn(tx);
        if (more) after.push(...more);
      }

      // Duplicates (redelivered, or twice in this batch): the transaction of the first credit.
      for (const [i, it] of items.entries()) {
        if (out[i].credited) continue;
        const [prev] = await tx
          .select({ transactionId: inboundCredits.transactionId })
          .from(inboundCredits)
          .where(
            and(eq(inboundCredits.provider, it.p.provider), eq(inboundCredits.providerRef, it.p.providerRef)),
          );
        out[i] = { credited: false, transactionId: prev?.transactionId ?? null };
      }
      return out;
    }),
  );
  for (const fn of after) {
    try {
      await fn();
    } catch {
      // Sweeps recover what was to happen here (e.g. the dispatcher's pending-payout sweep).
    }
  }
  return results;
}
