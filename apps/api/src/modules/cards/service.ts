// Company cards (issue 26 §4): create (sandbox issuer), fund from a wallet (money core: wallet -> the
// card's own ledger account), freeze/unfreeze/terminate (the balance back to the wallet), and the
// issuer's authorisation decisions on balance, limits, category and state, serialised per card.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CARD_MSG,
  formatMoney,
  fromMinor,
  type Card,
  type CardIssuerEvent,
  type CardStatus,
  MERCHANT_CATEGORIES,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { fetchPage } from '../../platform/list';
import { accountMembers, users } from '../../platform/schema';
import {
  cardBalance,
  fundCard,
  getWallet,
  getWalletByCurrency,
  openCardLedgerAccount,
  postCardSpend,
  unloadCard,
} from '../money';
import { MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { issueSandboxCard } from './issuer';
import { cardAuthorizations, cards } from './tables';

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
    const t = await fundCard(tx, {
      accountId: p.accountId,
      walletId: wallet.id,
      cardId: c.id,
      cardLedgerAccountId: c.ledgerAccountId,
      amount: p.amount,
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

function declineReason(
  c: CardRow,
  e: CardIssuerEvent['data'],
  balance: number,
  spent: number,
): string | null {
  if (c.status === 'frozen') return 'card_frozen';
  if (c.status === 'terminated') return 'card_terminated';
  if (c.singleUse && c.used) return 'single_use_card_already_used';
  if (e.currency !== c.currency) return 'currency_not_supported';
  const category = (MERCHANT_CATEGORIES as readonly string[]).includes(e.merchant.category)
    ? e.merchant.category
    : 'other';
  if (c.allowedCategories.length && !c.allowedCategories.includes(category))
    return 'merchant_category_not_allowed';
  if (e.amount > c.perTransactionLimitMinor) return 'over_transaction_limit';
  if (spent + e.amount > c.monthlyLimitMinor) return 'over_monthly_limit';
  if (balance < e.amount) return 'insufficient_funds';
  return null;
}

/**
 * One authorisation decision. The card row is locked for the decision, so two concurrent
 * authorisations of one card are decided one after the other against the balance the first left.
 * A repeated issuer authorisation id answers the first decision.
 */
export async function authorize(deps: AppDeps, ev: CardIssuerEvent): Promise<Decision> {
  const e = ev.data;
  return deps.db.transaction(async (tx) => {
    // Lock the card first; the balance is read AFTER the lock, by its own statement (a fresh snapshot
    // in READ COMMITTED), so a concurrent decision that just committed is seen. (Read in the same
    // statement as the lock, the joined balance would be the stale one.)
    const [c] = await tx.select().from(cards).where(eq(cards.issuerToken, e.cardToken)).for('update');
    if (!c) return { authorizationId: e.authorizationId, approved: false, reason: 'card_not_found' };
    const reason = declineReason(c, e, await cardBalance(tx, c.ledgerAccountId), spentOf(c));
    const [inserted] = await tx
      .insert(cardAuthorizations)
      .values({
        accountId: c.accountId,
        cardId: c.id,
        issuerAuthorizationId: e.authorizationId,
        amountMinor: e.amount,
        currency: e.currency,
        merchantName: e.merchant.name,
        category: e.merchant.category,
        status: reason ? 'declined' : 'approved',
        declineReason: reason,
      })
      .onConflictDoNothing()
      .returning({ id: cardAuthorizations.id });
    if (!inserted) {
      // A repeated issuer authorisation id answers its first decision.
      const [seen] = await tx
        .select()
        .from(cardAuthorizations)
        .where(eq(cardAuthorizations.issuerAuthorizationId, e.authorizationId));
      return {
        authorizationId: e.authorizationId,
        approved: seen.status !== 'declined',
        reason: seen.declineReason,
      };
    }
    if (!reason) {
      await postCardSpend(deps.db, tx, {
        accountId: c.accountId,
        cardLedgerAccountId: c.ledgerAccountId,
        amount: e.amount,
        currency: c.currency,
        memo: `${e.merchant.name} (${e.authorizationId})`,
      });
      const month = lagosMonth();
      await tx
        .update(cards)
        .set({
          used: c.singleUse ? true : c.used,
          spentMonth: month,
          spentMonthMinor: (c.spentMonth === month ? c.spentMonthMinor : 0) + e.amount,
        })
        .where(eq(cards.id, c.id));
    }
    return { authorizationId: e.authorizationId, approved: !reason, reason };
  });
}

/** Settlement (money already moved at approval) or reversal (back to the card), once each. */
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
    if (ev.event === 'transaction.settled' && a.status === 'approved')
      await tx
        .update(cardAuthorizations)
        .set({ status: 'settled', updatedAt: sql`now()` })
        .where(eq(cardAuthorizations.id, a.id));
    if (ev.event === 'authorization.reversal' && (a.status === 'approved' || a.status === 'settled')) {
      const [c] = await tx.select().from(cards).where(eq(cards.id, a.cardId)).for('update');
      if (c.spentMonth === lagosMonth() && lagosMonth(a.createdAt) === c.spentMonth)
        await tx
          .update(cards)
          .set({ spentMonthMinor: Math.max(0, c.spentMonthMinor - a.amountMinor) })
          .where(eq(cards.id, c.id));
      await postCardSpend(deps.db, tx, {
        accountId: a.accountId,
        cardLedgerAccountId: c.ledgerAccountId,
        amount: a.amountMinor,
        currency: a.currency,
        memo: `reversal of ${a.issuerAuthorizationId}`,
        reverse: true,
      });
      await tx
        .update(cardAuthorizations)
        .set({ status: 'reversed', updatedAt: sql`now()` })
        .where(eq(cardAuthorizations.id, a.id));
    }
    return { authorizationId: e.authorizationId, approved: a.status !== 'declined', reason: a.declineReason };
  });
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
