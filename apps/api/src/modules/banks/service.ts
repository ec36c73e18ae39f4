import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { checkNuban, type BankItem, type SavedBankAccount } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { DbOrTx, Tx } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import { loadMembership } from '../../platform/guard';
import { hit } from '../../platform/rate-limit';
import { railsOf } from '../../rails';
import type { Bank } from '../../rails/port';
import { userBankAccounts } from './tables';

/** Name lookups (validate + save) per user per minute: providers rate-limit them too. */
export const LOOKUPS_PER_MINUTE = 30;
export const ACCOUNT_NOT_VERIFIED = 'We could not verify this account number at the selected bank';
export const UNKNOWN_BANK = 'Unknown bank';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toItem = (b: Bank): BankItem => ({ code: b.code, name: b.name, type: b.type, nipCode: b.nipCode });

/** Active NGN banks of the rails provider, by name. */
export async function listBanks(deps: AppDeps): Promise<BankItem[]> {
  const banks = await railsOf(deps).listBanks();
  return banks
    .filter((b) => b.active)
    .map(toItem)
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function findBankByCode(deps: AppDeps, code: string): Promise<Bank | undefined> {
  return (await railsOf(deps).listBanks()).find((b) => b.code === code && b.active);
}

export async function countLookup(deps: AppDeps, userId: string) {
  await hit(deps, `bank-resolve:user:${userId}`, LOOKUPS_PER_MINUTE, 60);
}

/**
 * The account name at a bank, '' when unknown: the NUBAN check first (enforced for deposit money
 * and merchant banks, so typos never reach the paid lookup), then the provider's lookup.
 */
export async function resolveAccountName(
  deps: AppDeps,
  p: { accountNumber: string; bankCode: string },
): Promise<{ accountName: string; bank: Bank | null }> {
  const bank = await findBankByCode(deps, p.bankCode);
  if (!bank) return { accountName: '', bank: null };
  if (!checkNuban(p.accountNumber, bank).ok) return { accountName: '', bank };
  const found = await railsOf(deps).resolveAccount(p.accountNumber, bank.code);
  return { accountName: found?.accountName.trim() ?? '', bank };
}

const toSaved = (r: typeof userBankAccounts.$inferSelect): SavedBankAccount => ({
  id: r.id,
  bankCode: r.bankCode,
  bankName: r.bankName,
  accountNumber: r.accountNumber,
  accountName: r.accountName,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

/** Verifies by lookup, then stores (or refreshes) the account; the first one becomes the default. */
export async function saveBankAccount(
  deps: AppDeps,
  p: { userId: string; accountNumber: string; bankCode: string },
): Promise<SavedBankAccount> {
  const { accountName, bank } = await resolveAccountName(deps, p);
  if (!bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
  return deps.db.transaction((tx) =>
    storeBankAccount(tx, {
      userId: p.userId,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: p.accountNumber,
      accountName,
    }),
  );
}

/**
 * Stores (or refreshes) a user's account already verified, in the caller's transaction; the user's
 * first account becomes the default. Exported (index.ts) for the demo data of other areas.
 */
export async function storeBankAccount(
  tx: Tx,
  a: { userId: string; bankCode: string; bankName: string; accountNumber: string; accountName: string },
): Promise<SavedBankAccount> {
  // Serialise per user so two concurrent first saves cannot both become the default.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-bank:${a.userId}`}))`);
  const existing = await tx
    .select({ id: userBankAccounts.id })
    .from(userBankAccounts)
    .where(eq(userBankAccounts.userId, a.userId))
    .limit(1);
  const [row] = await tx
    .insert(userBankAccounts)
    .values({ ...a, isDefault: existing.length === 0 })
    .onConflictDoUpdate({
      target: [userBankAccounts.userId, userBankAccounts.bankCode, userBankAccounts.accountNumber],
      set: { accountName: a.accountName, bankName: a.bankName, updatedAt: new Date() },
    })
    .returning();
  return toSaved(row);
}

export async function listBankAccounts(db: DbOrTx, userId: string): Promise<SavedBankAccount[]> {
  const rows = await db
    .select()
    .from(userBankAccounts)
    .where(eq(userBankAccounts.userId, userId))
    .orderBy(desc(userBankAccounts.isDefault), desc(userBankAccounts.createdAt));
  return rows.map(toSaved);
}

/** Deletes one of the user's accounts; when it was the default, the newest remaining one takes over. */
export async function deleteBankAccount(deps: AppDeps, p: { userId: string; id: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(userBankAccounts)
      .where(and(eq(userBankAccounts.id, p.id), eq(userBankAccounts.userId, p.userId)))
      .returning();
    if (!gone) throw notFound('Bank account');
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: userBankAccounts.id })
      .from(userBankAccounts)
      .where(and(eq(userBankAccounts.userId, p.userId), ne(userBankAccounts.id, gone.id)))
      .orderBy(desc(userBankAccounts.createdAt))
      .limit(1);
    if (next)
      await tx
        .update(userBankAccounts)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(userBankAccounts.id, next.id));
  });
}

/** 000 §4.12: an agent of the active account with no bank account must be asked to add one. */
export async function shouldAskBankVerification(
  deps: AppDeps,
  p: { userId: string; accountId: string | null },
): Promise<boolean> {
  if (!p.accountId || !UUID_RE.test(p.accountId)) return false;
  const m = await loadMembership(deps.db, p.userId, p.accountId);
  if (!m || m.member.roleSlug !== 'agent') return false;
  const [one] = await deps.db
    .select({ id: userBankAccounts.id })
    .from(userBankAccounts)
    .where(eq(userBankAccounts.userId, p.userId))
    .limit(1);
  return !one;
}

/**
 * Many accounts at once (imports): NUBAN check and name resolution per distinct bank + account,
 * a few lookups in flight at a time. Keyed `<bankCode>:<accountNumber>`.
 */
export async function resolveAccounts(
  deps: AppDeps,
  pairs: { accountNumber: string; bankCode: string }[],
  concurrency = 8,
): Promise<Map<string, { accountName: string; bank: Bank | null }>> {
  const out = new Map<string, { accountName: string; bank: Bank | null }>();
  const todo = [...new Map(pairs.map((p) => [`${p.bankCode}:${p.accountNumber}`, p])).entries()];
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const [key, p] = todo[next++];
      out.set(key, await resolveAccountName(deps, p));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  return out;
}

type ImportAccountRow = {
  bankCode: string;
  accountNumber: string;
  bankName: string | null;
  accountName: string | null;
  errors: { field: string; message: string }[];
};

/**
 * An import's bank step (vendors, bills): the rows whose fields are well formed get their bank
 * (code and name as the bank list spells them) and resolved account name; a row whose bank is
 * unknown or whose account does not resolve gets the field error instead.
 */
export async function resolveImportRows(deps: AppDeps, rows: ImportAccountRow[]): Promise<void> {
  const resolved = await resolveAccounts(
    deps,
    rows
      .filter((r) => !r.errors.length)
      .map((r) => ({ bankCode: r.bankCode, accountNumber: r.accountNumber })),
  );
  for (const r of rows) {
    if (r.errors.length) continue;
    const x = resolved.get(`${r.bankCode}:${r.accountNumber}`)!;
    if (!x.bank) r.errors.push({ field: 'bankCode', message: UNKNOWN_BANK });
    else {
      r.bankCode = x.bank.code;
      r.bankName = x.bank.name;
      if (!x.accountName) r.errors.push({ field: 'accountNumber', message: ACCOUNT_NOT_VERIFIED });
      else r.accountName = x.accountName;
    }
  }
}
