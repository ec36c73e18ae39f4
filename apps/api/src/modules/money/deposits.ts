// Money arriving on a wallet's virtual account (NGN) or receiving details (USD/GBP): clearing:<rail> -> wallet, once per (provider, providerRef).
// Money for an account number we do not know goes to suspense (an operator moves it later).
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../platform/db';
import { formatMoney } from '@owo/contract';
import { badRequest } from '../../platform/errors';
import { MONEY_TOPICS, notifyMoneyEvents, type MoneyEvent } from '../notifications';
import type {
  AfterCommitFns,
  CreditDepositInput,
  CreditResult,
  DepositBatch,
  MoneyDeps,
} from './deposit-types';
import { depositTargets, type Item } from './deposit-targets';
import { postEntry, retryOnDeadlock, SYSTEM, systemAccountId } from './ledger';
import { newReference } from './transfers';
import { inboundCredits } from './tables';

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
  const { db } = deps;
  for (const p of inputs) checkDeposit(p);
  if (!inputs.length) return [];
  const items = await depositTargets(deps, inputs);
  const accounts = await systemAccountsOf(db, items);
  const after: AfterCommitFns = [];

  const results = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      after.length = 0;
      return creditInTransaction(tx, deps, items, accounts, after);
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

/** The system ledger accounts a batch posts to: clearing by `<provider>|<currency>`, suspense by currency. */
type SystemAccounts = { clearing: Map<string, string>; suspense: Map<string, string> };

/** The clearing (and, for unknown account numbers, suspense) ledger accounts of a batch, created on first use. */
async function systemAccountsOf(db: Db, items: Item[]): Promise<SystemAccounts> {
  const clearing = new Map<string, string>();
  const suspense = new Map<string, string>();
  for (const it of items) {
    const k = `${it.p.provider}|${it.currency}`;
    if (!clearing.has(k))
      clearing.set(k, await systemAccountId(db, SYSTEM.clearing(it.p.provider), it.currency));
    if (!it.target && !suspense.has(it.currency))
      suspense.set(it.currency, await systemAccountId(db, SYSTEM.suspense, it.currency));
  }
  return { clearing, suspense };
}

/** The batch hooks a matcher registers (`DepositBatch`), with what they registered. */
function newBatch() {
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
  return { batch, finals, credited };
}

// The dedupe: one row per (provider, providerRef); a key seen twice in the batch is a duplicate.
const keyOf = (p: CreditDepositInput) => `${p.provider}|${p.providerRef}`;

/** The crediting transaction, step by step (see creditDeposits); `after` collects what runs after the commit. */
async function creditInTransaction(
  tx: Tx,
  deps: MoneyDeps,
  items: Item[],
  accounts: SystemAccounts,
  after: AfterCommitFns,
): Promise<CreditResult[]> {
  const { batch, finals, credited } = newBatch();
  const out: CreditResult[] = items.map(() => ({ credited: false, transactionId: null }));
  const { fresh, creditIdOf } = await recordInbound(tx, items);
  await postSuspense(tx, items, fresh, accounts);
  const { toPost, accountOf } = await insertDeposits(tx, items, fresh, creditIdOf, accounts, out);
  const notes = await offerDeposits(tx, deps, { items, fresh, accountOf, out, batch, after });
  for (const fn of credited.values()) await fn(tx);
  await notifyMoneyEvents(tx, deps, notes);
  // The shared rows, last: per wallet, its balance once by the sum and every deposit's entry and
  // postings (the ledger trigger moves the wallet's ledger balance) in one statement; then the
  // matchers' batch work (payouts from the same wallet, which the credit now covers).
  for (const w of toPost) await postWalletDeposits(tx, w);
  for (const fn of finals.values()) {
    const more = await fn(tx);
    if (more) after.push(...more);
  }
  await answerDuplicates(tx, items, out);
  return out;
}

/** The `inbound_credits` insert, the dedupe of the batch: answers the new deposits (input indexes) and their credit ids. */
async function recordInbound(tx: Tx, items: Item[]) {
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
  return { fresh, creditIdOf };
}

/** Unknown account numbers: suspense, one entry each (rare). */
async function postSuspense(tx: Tx, items: Item[], fresh: number[], { clearing, suspense }: SystemAccounts) {
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
}

type WalletPosting = { walletId: string; ledgerAccountId: string; accountId: string; rows: object[] };

/**
 * Per wallet: every deposit's transaction in one statement. The shared rows (the wallet and its
 * ledger account) are written last, just before the commit (see creditInTransaction), so that a second
 * batch crediting the same wallet overlaps all of this one's other work instead of waiting for it.
 */
async function insertDeposits(
  tx: Tx,
  items: Item[],
  fresh: number[],
  creditIdOf: Map<string, string>,
  { clearing }: SystemAccounts,
  out: CreditResult[],
) {
  const byWallet = new Map<string, number[]>();
  for (const i of fresh) {
    const t = items[i].target;
    if (t) byWallet.set(t.id, [...(byWallet.get(t.id) ?? []), i]);
  }
  const accountOf = new Map<string, string>();
  const toPost: WalletPosting[] = [];
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
  return { toPost, accountOf };
}

/** Each deposit's notification and listeners (or its matcher), in input order, same transaction. */
async function offerDeposits(
  tx: Tx,
  { seams }: MoneyDeps,
  s: {
    items: Item[];
    fresh: number[];
    accountOf: Map<string, string>;
    out: CreditResult[];
    batch: DepositBatch;
    after: AfterCommitFns;
  },
): Promise<MoneyEvent[]> {
  const { items, fresh, accountOf, out, batch, after } = s;
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
  return notes;
}

/** One wallet's balance, once by the sum, and its deposits' entries and postings, in one statement. */
async function postWalletDeposits(tx: Tx, w: WalletPosting) {
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
  if (posted.rowCount !== 2 * w.rows.length) throw new Error(`wallet ${w.walletId}: deposits not posted`);
}

/** Duplicates (redelivered, or twice in this batch): the transaction of the first credit. */
async function answerDuplicates(tx: Tx, items: Item[], out: CreditResult[]) {
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
}
