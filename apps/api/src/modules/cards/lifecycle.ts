// Company cards: funding a card from a wallet, and freezing, unfreezing or terminating it (the balance back to the wallet).
import { eq, sql } from 'drizzle-orm';
import { CARD_MSG, formatMoney, type Card } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { newReference } from '../../platform/text';
import { fundCardOutflow, getWallet, unloadCard } from '../money';
import { MONEY_TOPICS, notifyMoneyEvent } from '../notifications';
import { loadCard } from './shared';
import { getCard } from './read';
import { cards } from './tables';

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
      reference: newReference('crdf'),
      initiatedBy: p.userId,
      narration: `Funding of card •••• ${c.last4}`,
    });
    await tx
      .update(cards)
      .set({ walletId: wallet.id, updatedAt: sql`now()` })
      .where(eq(cards.id, c.id));
    await notifyMoneyEvent(tx, deps, {
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
        reference: newReference('crdu'),
        initiatedBy: p.userId,
        narration: `Balance of terminated card •••• ${c.last4}`,
      });
      if (t)
        await notifyMoneyEvent(tx, deps, {
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
