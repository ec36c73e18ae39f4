// Company cards (issue 26 §4): create (sandbox issuer), fund from a wallet (money core: wallet -> the
// card's own ledger account), freeze/unfreeze/terminate (the balance back to the wallet), and the
// issuer's authorisation decisions on balance, limits, category and state, serialised per card.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CARD_MSG,
  CARD_TX_MSG,
  formatMoney,
  fromMinor,
  type Card,
  type CardIssuerEvent,
  type CardSpend,
  type CardStatus,
  CARD_CURRENCIES,
  MERCHANT_CATEGORIES,
} from '@owo/contract';
import { executeNamed, type Db, type DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { checkObjectRule, type ObjectActor } from '../../platform/guard';
import { fetchPage } from '../../platform/list';
import { accountMembers, users } from '../../platform/schema';
import {
  cardBalance,
  cardIssuerClearingId,
  fundCardOutflow,
  getWallet,
  getWalletByCurrency,
  openCardLedgerAccount,
  postCardRefund,
  postCardSpend,
  unloadCard,
} from '../money';
import { storageOf } from '../../platform/storage';
import { createNotification, MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { storeUpload } from '../files';
import { transactions } from '../money/tables';
import { issueSandboxCard } from './issuer';
import { cardAuthorizations, cardIssuerEvents, cards } from './tables';

type CardRow = typeof cards.$inferSelect;
const cardNotFound = () => new AppError(404, 'not-found', 'Card not found');
const reference = (prefix: string) => `${prefix}_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

/** The current month in Lagos time (West Africa Time, UTC+1 all year), 'YYYY-MM'. */
export const lagosMonth = (d = new Date()) => new Date(d.getTime() + 3_600_000).toISOString().slice(0, 7);
const spentOf = (c: Pick<CardRow, 'spentMonth' | 'spentMonthMinor'>) =>
  c.spentMonth === lagosMonth() ? c.spentMonthMinor : 0;

async function toDto(db: DbOrTx, c: CardRow, holderName?: string): Promise<Card> {
  const name: string =
    holderName ??
    (await db
      .select({ f: users.firstName, l: users.lastName })
      .from(users)
      .where(eq(users.id, c.holderUserId))
      .then(([u]) => (u ? `${u.f} ${u.l}`.trim() : ''))) ??
    '';
  const balance = await cardBalance(db, c.ledgerAccountId);
  const spent = spentOf(c);
  return {
    id: c.id,
    label: c.label,
    holder: { id: c.holderUserId, name },
    currency: c.currency,
    status: c.status,
    brand: c.brand,
    last4: c.last4,
    expiryMonth: c.expiryMonth,
    expiryYear: c.expiryYear,
    balance: fromMinor(balance),
    balanceMinor: balance,
    perTransactionLimit: fromMinor(c.perTransactionLimitMinor),
    perTransactionLimitMinor: c.perTransactionLimitMinor,
    monthlyLimit: fromMinor(c.monthlyLimitMinor),
    monthlyLimitMinor: c.monthlyLimitMinor,
    spentThisMonth: fromMinor(spent),
    spentThisMonthMinor: spent,
    allowedCategories: c.allowedCategories,
    singleUse: c.singleUse,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function createCard(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    body: {
      holderId: string;
      currency: 'NGN' | 'USD';
      perTransactionLimit: number;
      monthlyLimit: number;
      allowedCategories?: string[];
      singleUse: boolean;
      label?: string;
    };
  },
): Promise<Card & { number: string; cvv: string }> {
  const b = p.body;
  if (b.monthlyLimit < b.perTransactionLimit)
    throw badRequest(CARD_MSG.limitOrder, { monthlyLimit: [CARD_MSG.limitOrder] });
  const [m] = await deps.db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.accountId, p.accountId),
        eq(accountMembers.userId, b.holderId),
        eq(accountMembers.active, true),
      ),
    );
  if (!m) throw badRequest(CARD_MSG.holderInvalid, { holderId: [CARD_MSG.holderInvalid] });
  const wallet = await getWalletByCurrency(deps.db, p.accountId, b.currency);
  if (!wallet)
    throw new AppError(422, 'unprocessable', CARD_MSG.walletNotFound(b.currency), {
      currency: [CARD_MSG.walletNotFound(b.currency)],
    });
  const issued = issueSandboxCard(b.currency);
  const row = await deps.db.transaction(async (tx) => {
    const id = randomUUID();
    const ledgerAccountId = await openCardLedgerAccount(tx, {
      accountId: p.accountId,
      cardId: id,
      currency: b.currency,
    });
    const [c] = await tx
      .insert(cards)
      .values({
        id,
        accountId: p.accountId,
        holderUserId: b.holderId,
        label: b.label?.trim() || null,
        currency: b.currency,
        brand: issued.brand,
        last4: issued.last4,
        issuerToken: issued.issuerToken,
        expiryMonth: issued.expiryMonth,
        expiryYear: issued.expiryYear,
        ledgerAccountId,
        perTransactionLimitMinor: b.perTransactionLimit,
        monthlyLimitMinor: b.monthlyLimit,
        allowedCategories: b.allowedCategories ?? [],
        singleUse: b.singleUse,
        walletId: wallet.id,
        createdBy: p.userId,
      })
      .returning();
    return c;
  });
  return { ...(await toDto(deps.db, row)), number: issued.number, cvv: issued.cvv };
}

async function loadCard(db: DbOrTx, accountId: string, id: string, lock = false): Promise<CardRow> {
  const q = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.accountId, accountId)));
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw cardNotFound();
  return c;
}

export async function getCard(db: Db, accountId: string, id: string): Promise<Card> {
  return toDto(db, await loadCard(db, accountId, id));
}

export async function listCards(
  db: Db,
  accountId: string,
  q: { page: number; limit: number; status?: CardStatus },
) {
  const { rows, total } = await fetchPage(db, cards, {
    page: q.page,
    limit: q.limit,
    where: and(eq(cards.accountId, accountId), q.status ? eq(cards.status, q.status) : undefined),
    orderBy: [desc(cards.createdAt), desc(cards.id)],
  });
  return { items: await Promise.all(rows.map((c) => toDto(db, c as CardRow))), total };
}

export async function fundCardFromWallet(
  deps: AppDeps,
  p: { accountId: string; userId: string; id: string; amount: number; walletId: string },
): Promise<Card> {
  const wallet = await getWallet(deps.db, p.accountId, p.walletId);
  if (!wallet) throw notFound('Wallet');
  const card = await deps.db.transaction(async (tx) => {
    const c = await loadCard(tx, p.accountId, p.id, true);
    if (c.status !== 'active') throw conflict(CARD_MSG.notActive);
    if (wallet.currency !== c.currency)
      throw badRequest(CARD_MSG.walletCurrency, { walletId: [CARD_MSG.walletCurrency] });
    // No approval by design: the declared card-funding authority of the one outflow entry point.
    const { transaction: t } = await fundCardOutflow(tx, {
      accountId: p.accountId,
      authority: { system: 'card-funding', resourceId: c.id },
      walletId: wallet.id,
      currency: c.currency,
      amountMinor: p.amount,
      card: { id: c.id, ledgerAccountId: c.ledgerAccountId, label: `Card •••• ${c.last4}` },
      holderUserId: c.holderUserId,
      reference: reference('crdf'),
      initiatedBy: p.userId,
      narration: `Funding of card •••• ${c.last4}`,
    });
    await tx
      .update(cards)
      .set({ walletId: wallet.id, updatedAt: sql`now()` })
      .where(eq(cards.id, c.id));
    await notifyMoneyEvent(tx, {
      accountId: p.accountId,
      transactionId: t.id,
      topic: MONEY_TOPICS.cardFunded,
      value: `Card •••• ${c.last4} was funded with ${formatMoney(p.amount, c.currency)}.`,
    });
    return c;
  });
  return getCard(deps.db, p.accountId, card.id);
}

export async function setCardStatus(
  deps: AppDeps,
  p: { accountId: string; userId: string; id: string; to: 'frozen' | 'active' | 'terminated' },
): Promise<Card> {
  await deps.db.transaction(async (tx) => {
    const c = await loadCard(tx, p.accountId, p.id, true);
    if (c.status === 'terminated') throw conflict(CARD_MSG.alreadyTerminated);
    if (p.to === 'frozen' && c.status !== 'active') throw conflict(CARD_MSG.notActive);
    if (p.to === 'active' && c.status !== 'frozen') throw conflict(CARD_MSG.notFrozen);
    if (p.to === 'terminated' && c.walletId) {
      const t = await unloadCard(tx, {
        accountId: p.accountId,
        walletId: c.walletId,
        cardId: c.id,
        cardLedgerAccountId: c.ledgerAccountId,
        reference: reference('crdu'),
        initiatedBy: p.userId,
        narration: `Balance of terminated card •••• ${c.last4}`,
      });
      if (t)
        await notifyMoneyEvent(tx, {
          accountId: p.accountId,
          transactionId: t.id,
          topic: MONEY_TOPICS.cardTerminated,
          value: `Card •••• ${c.last4} was terminated; ${formatMoney(t.amount, c.currency)} is back in your wallet.`,
        });
    }
    await tx
      .update(cards)
      .set({ status: p.to, updatedAt: sql`now()` })
      .where(eq(cards.id, c.id));
  });
  return getCard(deps.db, p.accountId, p.id);
}

// ---- the issuer's events ----

export type Decision = { authorizationId: string; approved: boolean; reason: string | null };

const CATEGORIES = new Set<string>(MERCHANT_CATEGORIES);
const CURRENCIES = new Set<string>(CARD_CURRENCIES);

/**
 * The authorisation decision as ONE statement (one round trip, no BEGIN/COMMIT, a named prepared
 * statement planned once per connection): lock the card row (`c`, FOR NO KEY UPDATE: when another
 * decision held it, PostgreSQL hands back the row as that one left it), lock and read the card's ledger
 * balance the same way (`b`: a plain read in this statement would be the pre-lock snapshot, and two
 * concurrent authorisations would both pass), decide (`d`: state, single use, currency, category,
 * per-transaction and this Lagos month's limit, balance), record the decision once per issuer
 * authorisation id (`a`, unique: a repeat inserts nothing and so moves nothing), and for an approval
 * the company's `transactions` row (card_spend, pending until settled), the journal entry card ->
 * clearing:card-issuer with its postings (the ledger trigger moves the cached balances) and the month's
 * spend on the card. Lock order card -> ledger account, as funding and termination.
 */
const AUTHORIZE_SQL = (p: {
  token: string;
  authRowId: string;
  transactionId: string;
  authorizationId: string;
  amount: number;
  currency: string;
  merchant: string;
  category: string;
  checkCategory: string;
  month: string;
  clearingId: string | null;
}) => sql`
  with c as materialized (
    select id, account_id, ledger_account_id, wallet_id, currency, status, single_use, used,
           allowed_categories, per_transaction_limit_minor, monthly_limit_minor, last4,
           case when spent_month = ${p.month}::text then spent_month_minor else 0 end as spent
      from cards where issuer_token = ${p.token}::text
       for no key update
  ), b as materialized (
    select la.balance from ledger_accounts la join c on la.id = c.ledger_account_id for no key update of la
  ), d as materialized (
    select c.*, case
      when c.status = 'frozen' then 'card_frozen'
      when c.status = 'terminated' then 'card_terminated'
      when c.single_use and c.used then 'single_use_card_already_used'
      when c.currency <> ${p.currency}::text then 'currency_not_supported'
      when cardinality(c.allowed_categories) > 0 and not (${p.checkCategory}::text = any(c.allowed_categories))
        then 'merchant_category_not_allowed'
      when ${p.amount}::bigint > c.per_transaction_limit_minor then 'over_transaction_limit'
      when c.spent + ${p.amount}::bigint > c.monthly_limit_minor then 'over_monthly_limit'
      when c.wallet_id is null or ${p.clearingId}::uuid is null
        or coalesce((select balance from b), 0) < ${p.amount}::bigint then 'insufficient_funds'
    end as reason from c
  ), a as (
    insert into card_authorizations (id, account_id, card_id, issuer_authorization_id, amount_minor, currency,
                                     merchant_name, category, status, decline_reason, transaction_id)
    select ${p.authRowId}::uuid, d.account_id, d.id, ${p.authorizationId}::text, ${p.amount}::bigint, ${p.currency}::text,
           ${p.merchant}::text, ${p.category}::text, case when d.reason is null then 'approved' else 'declined' end,
           d.reason, case when d.reason is null then ${p.transactionId}::uuid end
      from d
    on conflict (issuer_authorization_id) do nothing
    returning id, status, card_id
  ), t as (
    insert into transactions (id, account_id, wallet_id, type, status, amount, fee, currency, reference, counterparty,
                              narration, source_type, source_id, metadata)
    select ${p.transactionId}::uuid, d.account_id, d.wallet_id, 'card_spend', 'pending', ${p.amount}::bigint, 0, d.currency,
           'crd_' || ${p.authRowId}::text, jsonb_build_object('name', ${p.merchant}::text),
           ${p.merchant}::text || ' (card •••• ' || d.last4 || ')', 'card', d.id::text,
           jsonb_build_object('authorizationId', ${p.authorizationId}::text, 'category', ${p.category}::text)
      from d join a on a.status = 'approved'
    returning id
  ), e as (
    insert into journal_entries (account_id, transaction_id, kind, memo)
    select d.account_id, t.id, 'card.spend', ${p.merchant}::text || ' (' || ${p.authorizationId}::text || ')' from d, t
    returning id
  ), p as (
    insert into postings (entry_id, ledger_account_id, amount, currency)
    select e.id, v.la, v.amt, d.currency
      from e, d, lateral (values (d.ledger_account_id, -${p.amount}::bigint), (${p.clearingId}::uuid, ${p.amount}::bigint)) as v(la, amt)
    returning 1
  ), u as (
    update cards set spent_month = ${p.month}::text,
           spent_month_minor = (case when cards.spent_month = ${p.month}::text then cards.spent_month_minor else 0 end) + ${p.amount}::bigint,
           used = cards.used or cards.single_use, updated_at = now()
      from a where cards.id = a.card_id and a.status = 'approved'
    returning 1
  )
  select d.reason, (select count(*) from a)::int as inserted from d`;

/**
 * One authorisation decision, in one statement (see AUTHORIZE_SQL). A repeated issuer authorisation
 * id answers the first decision.
 */
export async function authorize(deps: AppDeps, ev: CardIssuerEvent): Promise<Decision> {
  const e = ev.data;
  const clearingId = CURRENCIES.has(e.currency) ? await cardIssuerClearingId(deps.db, e.currency) : null;
  const rows = await executeNamed(
    deps.db,
    'owo_card_authorize',
    AUTHORIZE_SQL({
      token: e.cardToken,
      authRowId: randomUUID(),
      transactionId: randomUUID(),
      authorizationId: e.authorizationId,
      amount: e.amount,
      currency: e.currency,
      merchant: e.merchant.name,
      category: e.merchant.category,
      checkCategory: CATEGORIES.has(e.merchant.category) ? e.merchant.category : 'other',
      month: lagosMonth(),
      clearingId,
    }),
  );
  const row = rows[0] as { reason: string | null; inserted: number } | undefined;
  if (!row) return { authorizationId: e.authorizationId, approved: false, reason: 'card_not_found' };
  if (row.inserted) return { authorizationId: e.authorizationId, approved: !row.reason, reason: row.reason };
  // A repeated issuer authorisation id answers its first decision (and moved nothing now).
  const [seen] = await deps.db
    .select({ status: cardAuthorizations.status, reason: cardAuthorizations.declineReason })
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.issuerAuthorizationId, e.authorizationId));
  return {
    authorizationId: e.authorizationId,
    approved: !!seen && seen.status !== 'declined',
    reason: seen ? seen.reason : 'authorization_in_progress',
  };
}

type AuthRow = typeof cardAuthorizations.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Settlement, reversal and refund, once each per issuer event id (the event row is written in the
 * same transaction as the money; a redelivery answers what the first delivery did). The
 * authorisation row is locked first, so two events of one authorisation are applied one after the
 * other; then the card row (lock order authorisation -> card -> ledger account).
 * - settled: the spend transaction becomes success (a smaller settled amount returns the rest to the
 *   card); the owner and admins are told, the holder is asked for a receipt; a single-use card closes
 *   (terminated, any balance back to the wallet).
 * - reversal (before settlement): card <- clearing, the spend transaction becomes reversed.
 * - on a terminated card, whatever comes back to it (a reversal, a settlement below the
 *   authorisation, a refund) goes on to the wallet: a closed card holds nothing.
 * - refund (after settlement, up to what was settled): card <- clearing as a card_refund transaction.
 */
export async function applyIssuerEvent(deps: AppDeps, ev: CardIssuerEvent): Promise<Decision> {
  if (ev.event === 'authorization.request') return authorize(deps, ev);
  const e = ev.data;
  return deps.db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.issuerAuthorizationId, e.authorizationId))
      .for('update');
    if (!a) return { authorizationId: e.authorizationId, approved: false, reason: 'authorization_not_found' };
    const [seen] = await tx.select().from(cardIssuerEvents).where(eq(cardIssuerEvents.issuerEventId, ev.id));
    if (seen)
      return {
        authorizationId: e.authorizationId,
        approved: seen.outcome === 'applied',
        reason: seen.reason,
      };
    const [c] = await tx.select().from(cards).where(eq(cards.id, a.cardId)).for('update');
    const outcome = c.issuerToken !== e.cardToken ? 'card_mismatch' : await applyOne(deps, tx, ev, a, c);
    await tx.insert(cardIssuerEvents).values({
      issuerEventId: ev.id,
      event: ev.event,
      authorizationId: a.id,
      amountMinor: e.amount,
      outcome: outcome ? 'ignored' : 'applied',
      reason: outcome,
      transactionId: a.transactionId,
    });
    return { authorizationId: e.authorizationId, approved: !outcome, reason: outcome };
  });
}

/** Applies one event; answers null when applied, else why it changed nothing. */
async function applyOne(
  deps: AppDeps,
  tx: Tx,
  ev: CardIssuerEvent,
  a: AuthRow,
  c: CardRow,
): Promise<string | null> {
  const e = ev.data;
  const card = `card •••• ${c.last4}`;
  const lessSpent = async (amount: number) => {
    if (c.spentMonth === lagosMonth() && lagosMonth(a.createdAt) === c.spentMonth)
      await tx
        .update(cards)
        .set({ spentMonthMinor: sql`greatest(0, ${cards.spentMonthMinor} - ${amount})` })
        .where(eq(cards.id, c.id));
  };
  if (a.status === 'declined' || !a.transactionId) return 'authorization_declined';
  if (ev.event === 'authorization.reversal') {
    if (a.status === 'reversed') return 'already_reversed';
    if (a.status === 'settled') return 'already_settled';
    await postCardSpend(deps.db, tx, {
      accountId: a.accountId,
      cardLedgerAccountId: c.ledgerAccountId,
      amount: a.amountMinor,
      currency: a.currency,
      memo: `reversal of ${a.issuerAuthorizationId}`,
      reverse: true,
      transactionId: a.transactionId,
    });
    await lessSpent(a.amountMinor);
    if (c.singleUse) await tx.update(cards).set({ used: false }).where(eq(cards.id, c.id));
    await tx
      .update(cardAuthorizations)
      .set({ status: 'reversed', updatedAt: sql`now()` })
      .where(eq(cardAuthorizations.id, a.id));
    await tx
      .update(transactions)
      .set({ status: 'reversed', updatedAt: sql`now()` })
      .where(eq(transactions.id, a.transactionId));
    await notifyMoneyEvent(tx, {
      accountId: a.accountId,
      transactionId: a.transactionId,
      topic: MONEY_TOPICS.cardSpendReversed,
      value: `${formatMoney(a.amountMinor, a.currency)} at ${a.merchantName} on ${card} was reversed to the card.`,
    });
    // A closed card keeps nothing: the reversed spend goes on to the wallet.
    if (c.status === 'terminated') await closeCard(tx, c, 'Reversal to a closed card');
    return null;
  }
  if (ev.event === 'transaction.settled') {
    if (a.status === 'reversed') return 'authorization_reversed';
    if (a.status === 'settled') return 'already_settled';
    const settled = Math.min(e.amount, a.amountMinor);
    if (settled < a.amountMinor) {
      await postCardSpend(deps.db, tx, {
        accountId: a.accountId,
        cardLedgerAccountId: c.ledgerAccountId,
        amount: a.amountMinor - settled,
        currency: a.currency,
        memo: `settled below the authorisation ${a.issuerAuthorizationId}`,
        reverse: true,
        transactionId: a.transactionId,
      });
      await lessSpent(a.amountMinor - settled);
    }
    await tx
      .update(cardAuthorizations)
      .set({ status: 'settled', settledMinor: settled, updatedAt: sql`now()` })
      .where(eq(cardAuthorizations.id, a.id));
    await tx
      .update(transactions)
      .set({ status: 'success', amount: settled, updatedAt: sql`now()` })
      .where(eq(transactions.id, a.transactionId));
    const amount = formatMoney(settled, a.currency);
    await notifyMoneyEvent(tx, {
      accountId: a.accountId,
      transactionId: a.transactionId,
      topic: MONEY_TOPICS.cardSpend,
      value: `${amount} was spent at ${a.merchantName} with ${card}.`,
    });
    await createNotification(tx, {
      accountId: a.accountId,
      userIds: [c.holderUserId],
      topic: CARD_RECEIPT_TOPIC,
      value: `Please upload the receipt for ${amount} at ${a.merchantName} (${card}).`,
      // `cardId` makes a click open the card's Transactions panel, where the receipt is uploaded.
      props: { transactionId: a.transactionId, cardId: c.id },
      category: 'payments',
    });
    if (c.singleUse && c.status !== 'terminated')
      await closeCard(tx, c, 'Single-use card closed after its spend');
    // A closed card keeps nothing: what the settlement returned to it goes on to the wallet.
    else if (c.status === 'terminated' && settled < a.amountMinor)
      await closeCard(tx, c, 'Settled below the authorisation on a closed card');
    return null;
  }
  // transaction.refund
  if (a.status !== 'settled') return 'not_settled';
  if (a.refundedMinor + e.amount > (a.settledMinor ?? a.amountMinor)) return 'refund_exceeds_settled';
  const [spend] = await tx
    .select({ walletId: transactions.walletId })
    .from(transactions)
    .where(eq(transactions.id, a.transactionId));
  const t = await postCardRefund(deps.db, tx, {
    accountId: a.accountId,
    walletId: spend.walletId,
    cardId: c.id,
    cardLedgerAccountId: c.ledgerAccountId,
    amount: e.amount,
    currency: a.currency,
    reference: reference('crdr'),
    narration: `Refund from ${a.merchantName} (${card})`,
    merchant: a.merchantName,
    spendTransactionId: a.transactionId,
  });
  await tx
    .update(cardAuthorizations)
    .set({ refundedMinor: a.refundedMinor + e.amount, updatedAt: sql`now()` })
    .where(eq(cardAuthorizations.id, a.id));
  await lessSpent(e.amount);
  await notifyMoneyEvent(tx, {
    accountId: a.accountId,
    transactionId: t.id,
    topic: MONEY_TOPICS.cardRefund,
    value: `${a.merchantName} refunded ${formatMoney(e.amount, a.currency)} to ${card}.`,
  });
  // A closed card keeps nothing: the refund goes on to the wallet.
  if (c.status === 'terminated') await closeCard(tx, c, 'Refund to a closed card');
  return null;
}

/** Terminates the card (if not yet) and returns its balance to the wallet, in the caller's transaction. */
async function closeCard(tx: Tx, c: CardRow, why: string) {
  if (c.walletId) {
    const t = await unloadCard(tx, {
      accountId: c.accountId,
      walletId: c.walletId,
      cardId: c.id,
      cardLedgerAccountId: c.ledgerAccountId,
      reference: reference('crdu'),
      initiatedBy: null,
      narration: `${why}: balance of card •••• ${c.last4}`,
    });
    if (t)
      await notifyMoneyEvent(tx, {
        accountId: c.accountId,
        transactionId: t.id,
        topic: MONEY_TOPICS.cardTerminated,
        value: `${why}; ${formatMoney(t.amount, c.currency)} is back in your wallet.`,
      });
  }
  if (c.status !== 'terminated')
    await tx
      .update(cards)
      .set({ status: 'terminated', updatedAt: sql`now()` })
      .where(eq(cards.id, c.id));
}

export const CARD_RECEIPT_TOPIC = 'Card Receipt Needed';

/** The spends of a company's card, newest first (list kit). */
export async function listCardSpends(
  db: Db,
  accountId: string,
  cardId: string,
  q: { page: number; limit: number },
) {
  const c = await loadCard(db, accountId, cardId);
  const { rows, total } = await fetchPage(db, cardAuthorizations, {
    page: q.page,
    limit: q.limit,
    where: and(
      eq(cardAuthorizations.accountId, accountId),
      eq(cardAuthorizations.cardId, c.id),
      isNotNull(cardAuthorizations.transactionId),
    ),
    orderBy: [desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id)],
  });
  return { items: (rows as AuthRow[]).map((a) => spendDto(a, c)), total };
}

function spendDto(a: AuthRow, c: CardRow): CardSpend {
  const amount = a.settledMinor ?? a.amountMinor;
  return {
    transactionId: a.transactionId!,
    cardId: c.id,
    last4: c.last4,
    holderId: c.holderUserId,
    merchant: a.merchantName,
    category: a.category,
    amount: fromMinor(amount),
    amountMinor: amount,
    currency: a.currency,
    status: a.status,
    refunded: fromMinor(a.refundedMinor),
    refundedMinor: a.refundedMinor,
    receiptFile: a.receiptFile,
    createdAt: a.createdAt.toISOString(),
  };
}

/**
 * Stores the holder's receipt through the files module and attaches it to the company's card spend
 * (checked first: another company's or an unknown transaction is 404 and nothing is stored).
 */
export async function attachCardReceipt(
  deps: AppDeps,
  p: {
    accountId: string;
    actor: ObjectActor;
    transactionId: string;
    file: { name: string; bytes: Buffer };
  },
): Promise<CardSpend> {
  const [found] = await deps.db
    .select({ id: cardAuthorizations.id, holderUserId: cards.holderUserId })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
    .where(
      and(
        eq(cardAuthorizations.accountId, p.accountId),
        eq(cardAuthorizations.transactionId, p.transactionId),
      ),
    );
  if (!found) throw notFound('Transaction');
  // The holder's own spend, or a card manager's (object rule `cardReceipt`); checked before storing.
  checkObjectRule(p.actor, 'cardReceipt', found.holderUserId, CARD_TX_MSG.receiptNotYours);
  const stored = await storeUpload(deps.db, {
    storage: storageOf(deps.config),
    accountId: p.accountId,
    userId: p.actor.userId,
    originalName: p.file.name,
    bytes: p.file.bytes,
  });
  const [a] = await deps.db
    .update(cardAuthorizations)
    .set({ receiptFile: stored.fileName, updatedAt: sql`now()` })
    .where(eq(cardAuthorizations.id, found.id))
    .returning();
  const [c] = await deps.db.select().from(cards).where(eq(cards.id, a.cardId));
  return spendDto(a, c);
}

/** The sandbox issuer's card token of a company's card (for the sandbox authorisation button). */
export async function issuerTokenOf(
  db: Db,
  accountId: string,
  id: string,
): Promise<{ token: string; currency: string }> {
  const c = await loadCard(db, accountId, id);
  return { token: c.issuerToken, currency: c.currency };
}
