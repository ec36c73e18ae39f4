// Company cards: issuing a card (sandbox issuer) with its own ledger account.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CARD_MSG, type Card } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { accountMembers } from '../../platform/schema';
import { getWalletByCurrency, openCardLedgerAccount } from '../money';
import { issueSandboxCard } from './issuer';
import { toDto } from './shared';
import { cards } from './tables';

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
