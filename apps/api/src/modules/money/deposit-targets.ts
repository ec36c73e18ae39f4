// Where each deposit of a batch goes: the wallet owning its account number, a matcher's wallet
// (a collection account, the `depositMatcher` seam), or nowhere (suspense).
import { inArray } from 'drizzle-orm';
import type { CreditDepositInput, InboundMatch, MoneyDeps } from './deposit-types';
import { wallets } from './tables';

export type Target = { id: string; currency: string; accountId: string; ledgerAccountId: string };
/** A deposit and where it goes: a wallet (its own, or a matcher's), or suspense (no target). */
export type Item = {
  p: CreditDepositInput;
  match: InboundMatch | null;
  target: Target | null;
  currency: string;
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

/** Each deposit's target: the wallet owning its account number, else a matcher's wallet, else none. */
export async function depositTargets(deps: MoneyDeps, inputs: CreditDepositInput[]): Promise<Item[]> {
  const { db } = deps;
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
  return inputs.map((p) => {
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
}
