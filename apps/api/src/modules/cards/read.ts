// Company cards: one card, the company's cards, and a card's sandbox issuer token.
import { and, desc, eq } from 'drizzle-orm';
import type { Card, CardStatus } from '@owo/contract';
import type { Db } from '../../platform/db';
import { fetchPage } from '../../platform/list';
import { type CardRow, loadCard, toDto } from './shared';
import { cards } from './tables';

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

/** The sandbox issuer's card token of a company's card (for the sandbox authorisation button). */
export async function issuerTokenOf(
  db: Db,
  accountId: string,
  id: string,
): Promise<{ token: string; currency: string }> {
  const c = await loadCard(db, accountId, id);
  return { token: c.issuerToken, currency: c.currency };
}
