// Company cards: a card's spends, and the holder's receipt for one.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { CARD_TX_MSG, fromMinor, type CardSpend } from '@owo/contract';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { checkObjectRule, type ObjectActor } from '../../platform/guard';
import { fetchPage } from '../../platform/list';
import { storageOf } from '../../platform/storage';
import { storeUpload } from '../files';
import { type AuthRow, type CardRow, loadCard } from './shared';
import { cardAuthorizations, cards } from './tables';

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
