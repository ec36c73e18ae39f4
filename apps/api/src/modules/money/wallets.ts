// Wallets: one per currency per company, each backed by two ledger accounts
// ('wallet' = available money, 'payouts-in-flight' = money held by transfers not yet final).
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { ledgerAccounts, wallets } from './tables';

export type WalletCurrency = 'NGN' | 'USD' | 'GBP';
export type Wallet = {
  id: string;
  accountId: string;
  currency: WalletCurrency;
  name: string;
  /** Available balance, minor units. */
  balance: number;
  /** Held by payouts in flight, minor units. */
  pendingBalance: number;
  ledgerAccountId: string;
  holdLedgerAccountId: string;
  virtualAccountNumber: string | null;
  virtualBankCode: string | null;
  virtualBankName: string | null;
  createdAt: Date;
};

type WalletRow = typeof wallets.$inferSelect;
const toWallet = (w: WalletRow): Wallet => ({
  id: w.id,
  accountId: w.accountId,
  currency: w.currency,
  name: w.name,
  balance: w.balance,
  pendingBalance: w.pendingBalance,
  ledgerAccountId: w.ledgerAccountId,
  holdLedgerAccountId: w.holdLedgerAccountId,
  virtualAccountNumber: w.virtualAccountNumber,
  virtualBankCode: w.virtualBankCode,
  virtualBankName: w.virtualBankName,
  createdAt: w.createdAt,
});

export const LEDGER_CODES = { wallet: 'wallet', inFlight: 'payouts-in-flight' } as const;

/** Adds a wallet and its ledger accounts; a second wallet in the same currency answers 409. */
export async function createWallet(
  tx: DbOrTx,
  p: { accountId: string; currency: WalletCurrency; name?: string },
): Promise<Wallet> {
  const [existing] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.accountId, p.accountId), eq(wallets.currency, p.currency)));
  if (existing) throw conflict(`A ${p.currency} wallet already exists`);
  const walletId = randomUUID();
  const [main, hold] = await tx
    .insert(ledgerAccounts)
    .values([
      { accountId: p.accountId, walletId, code: LEDGER_CODES.wallet, currency: p.currency },
      { accountId: p.accountId, walletId, code: LEDGER_CODES.inFlight, currency: p.currency },
    ])
    .returning({ id: ledgerAccounts.id, code: ledgerAccounts.code });
  const ledgerId = main.code === LEDGER_CODES.wallet ? main.id : hold.id;
  const holdId = main.code === LEDGER_CODES.wallet ? hold.id : main.id;
  const [w] = await tx
    .insert(wallets)
    .values({
      id: walletId,
      accountId: p.accountId,
      currency: p.currency,
      name: p.name?.trim() || `${p.currency} Wallet`,
      ledgerAccountId: ledgerId,
      holdLedgerAccountId: holdId,
    })
    .returning();
  return toWallet(w);
}

/** A company's wallet, or null when it does not exist or belongs to another company. */
export async function getWallet(db: DbOrTx, accountId: string, walletId: string): Promise<Wallet | null> {
  const [w] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, walletId), eq(wallets.accountId, accountId)));
  return w ? toWallet(w) : null;
}

export async function listWallets(db: DbOrTx, accountId: string): Promise<Wallet[]> {
  const rows = await db
    .select()
    .from(wallets)
    .where(eq(wallets.accountId, accountId))
    .orderBy(asc(wallets.createdAt), asc(wallets.currency));
  return rows.map(toWallet);
}

export async function getWalletByCurrency(
  db: DbOrTx,
  accountId: string,
  currency: WalletCurrency,
): Promise<Wallet | null> {
  const [w] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.accountId, accountId), eq(wallets.currency, currency)));
  return w ? toWallet(w) : null;
}

/** Used by the funding module once a virtual account (NGN) or receiving details (USD/GBP) are issued. */
export async function setWalletVirtualAccount(
  db: DbOrTx,
  walletId: string,
  va: {
    accountNumber: string;
    bankCode: string;
    bankName: string;
    accountName?: string;
    providerRef?: string;
    /** USD/GBP receiving details (bankCode is then the SWIFT/BIC). */
    routingNumber?: string | null;
    sortCode?: string | null;
    iban?: string | null;
  },
): Promise<void> {
  await db
    .update(wallets)
    .set({
      virtualAccountNumber: va.accountNumber,
      virtualBankCode: va.bankCode,
      virtualBankName: va.bankName,
      virtualAccountName: va.accountName ?? null,
      virtualProviderRef: va.providerRef ?? null,
      virtualRoutingNumber: va.routingNumber ?? null,
      virtualSortCode: va.sortCode ?? null,
      virtualIban: va.iban ?? null,
      updatedAt: new Date(),
    })
    .where(eq(wallets.id, walletId));
}
