// Company cards (issue 26 §4): create (sandbox issuer), fund from a wallet (money core: wallet -> the
// card's own ledger account), freeze/unfreeze/terminate (the balance back to the wallet), and the
// issuer's authorisation decisions on balance, limits, category and state, serialised per card.
//
// One use case per file: create.ts (issue a card), read.ts (a card, the list, the sandbox token),
// lifecycle.ts (fund from a wallet, freeze/unfreeze/terminate), authorize.ts (the issuer's
// authorisation decision), issuer-events.ts (settlement, reversal, refund), spends.ts (a card's
// spends and their receipts). This file holds the card row helpers they share.
import { and, eq } from 'drizzle-orm';
import { fromMinor, type Card } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { users } from '../../platform/schema';
import { lagosMonth } from '../../platform/dates';
import { cardBalance } from '../money';
import { cardAuthorizations, cards } from './tables';

export type CardRow = typeof cards.$inferSelect;
export const cardNotFound = () => new AppError(404, 'not-found', 'Card not found');

export const spentOf = (c: Pick<CardRow, 'spentMonth' | 'spentMonthMinor'>) =>
  c.spentMonth === lagosMonth() ? c.spentMonthMinor : 0;

export async function toDto(db: DbOrTx, c: CardRow, holderName?: string): Promise<Card> {
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

export async function loadCard(db: DbOrTx, accountId: string, id: string, lock = false): Promise<CardRow> {
  const q = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.accountId, accountId)));
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw cardNotFound();
  return c;
}

export type AuthRow = typeof cardAuthorizations.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
