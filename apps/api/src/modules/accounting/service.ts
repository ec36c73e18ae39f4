import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACCOUNTING_MSG,
  ACCOUNTING_PROVIDER_NAMES,
  JOURNAL_ACCOUNT_KEYS,
  type AccountingProvider,
  type JournalAccountKey,
  type AuthStatus,
  type Integration,
  type MappingAnswer,
  type MappingBody,
  type ProviderAccount,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError } from '../../platform/errors';
import { newToken, sha256 } from '../../platform/tokens';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import {
  ProviderAuthError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type AccountingProviderPort,
  type Connection,
  type ProviderRef,
  type TokenSet,
} from './provider/port';
import { callbackUrl, providerOf } from './provider/registry';
import {
  accountingCategoryMappings,
  accountingConnections,
  accountingOauthStates,
  accountingPostings,
  accountingRefs,
} from './tables';
import { payoutCategories } from '../../platform/schema';

const STATE_SECONDS = 600;
const ACCESS = 'accounting_connections.access_token';
const REFRESH = 'accounting_connections.refresh_token';

export type ConnectionRow = typeof accountingConnections.$inferSelect;

export const unavailable = () =>
  new AppError(503, 'provider-unavailable', ACCOUNTING_MSG.providerUnavailable);
export const authExpired = () => new AppError(409, 'accounting-auth-expired', ACCOUNTING_MSG.authExpired);
const notConnected = () => conflict(ACCOUNTING_MSG.notConnected);

function tokenColumns(deps: AppDeps, t: TokenSet) {
  const vault = vaultFor(deps.config);
  return {
    ...(sealed(vaultField(ACCESS), vault, t.accessToken) as { access_token: string }),
    ...(sealed(vaultField(REFRESH), vault, t.refreshToken) as { refresh_token: string }),
  };
}
const tokenValues = (deps: AppDeps, t: TokenSet) => {
  const c = tokenColumns(deps, t);
  return {
    accessToken: c.access_token,
    refreshToken: c.refresh_token,
    accessExpiresAt: t.accessExpiresAt,
    refreshExpiresAt: t.refreshExpiresAt,
  };
};

// ------------------------------------------------------------------ connect and callback

/** `POST /api/accounting`: a fresh single-use state bound to this session and account; the consent URL. */
export async function startConnect(
  deps: AppDeps,
  p: { accountId: string; sessionId: string; provider: AccountingProvider },
) {
  const state = newToken(24);
  await deps.db.insert(accountingOauthStates).values({
    stateHash: sha256(state),
    accountId: p.accountId,
    sessionId: p.sessionId,
    provider: p.provider,
    expiresAt: new Date(Date.now() + STATE_SECONDS * 1000),
  });
  return {
    type: p.provider,
    url: providerOf(deps, p.provider).authorizeUrl(state, callbackUrl(deps, p.provider)),
  };
}

/**
 * `GET /api/accounting/auth/callbacks/{provider}`: spends the state (single use; it must have been
 * made by this session for this account and provider, within 10 minutes), exchanges the code and
 * stores the tokens through the vault. A forged, reused or foreign state changes nothing.
 */
export async function completeConnect(
  deps: AppDeps,
  p: {
    accountId: string;
    sessionId: string;
    userId: string;
    provider: AccountingProvider;
    code: string;
    state: string;
    realmId: string;
  },
): Promise<Integration> {
  const [st] = await deps.db
    .update(accountingOauthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountingOauthStates.stateHash, sha256(p.state)),
        eq(accountingOauthStates.accountId, p.accountId),
        eq(accountingOauthStates.sessionId, p.sessionId),
        eq(accountingOauthStates.provider, p.provider),
        isNull(accountingOauthStates.usedAt),
        gt(accountingOauthStates.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!st) throw fieldError('state', ACCOUNTING_MSG.stateInvalid);
  const provider = providerOf(deps, p.provider);
  let tokens: TokenSet;
  try {
    tokens = await provider.exchangeCode({
      code: p.code,
      realmId: p.realmId,
      redirectUri: callbackUrl(deps, p.provider),
    });
  } catch (err) {
    if (err instanceof ProviderAuthError) throw fieldError('code', ACCOUNTING_MSG.codeInvalid);
    throw unavailable();
  }
  const row = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ provider: accountingConnections.provider, realmId: accountingConnections.realmId })
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, p.accountId))
      .for('update');
    const sameBooks = before && before.provider === p.provider && before.realmId === p.realmId;
    if (before && !sameBooks) {
      // Other books: the synced chart and the account choices belonged to the old ones.
      await tx.delete(accountingRefs).where(eq(accountingRefs.accountId, p.accountId));
      await tx
        .delete(accountingCategoryMappings)
        .where(eq(accountingCategoryMappings.accountId, p.accountId));
    }
    const values = {
      provider: p.provider,
      realmId: p.realmId,
      ...tokenValues(deps, tokens),
      enabled: true,
      authValid: true,
      connectedBy: p.userId,
      updatedAt: new Date(),
    };
    const [r] = await tx
      .insert(accountingConnections)
      .values({ accountId: p.accountId, ...values })
      .onConflictDoUpdate({
        target: accountingConnections.accountId,
        set: sameBooks
          ? values
          : {
              ...values,
              connectedAt: new Date(),
              bankAccountId: null,
              defaultExpenseAccountId: null,
              payrollAccountId: null,
              ...Object.fromEntries(JOURNAL_ACCOUNT_KEYS.map((k) => [k, null])),
              accountsSyncedAt: null,
              locationsSyncedAt: null,
            },
      })
      .returning();
    // Postings that stopped on the expired access go again now that access is back.
    await tx
      .update(accountingPostings)
      .set({ status: 'pending', nextAttemptAt: new Date(), attempts: 0 })
      .where(
        and(
          eq(accountingPostings.accountId, p.accountId),
          eq(accountingPostings.status, 'failed'),
          eq(accountingPostings.lastError, ACCOUNTING_MSG.authExpired),
        ),
      );
    return r;
  });
  return integrationDto(row);
}

export async function disconnect(deps: AppDeps, accountId: string) {
  const [row] = await deps.db
    .delete(accountingConnections)
    .where(eq(accountingConnections.accountId, accountId))
    .returning({ accountId: accountingConnections.accountId });
  if (!row) throw notConnected();
}

// ------------------------------------------------------------------ tokens

export async function connectionOf(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select()
    .from(accountingConnections)
    .where(eq(accountingConnections.accountId, accountId));
  return row ?? null;
}

async function markAuthInvalid(deps: AppDeps, accountId: string) {
  await deps.db
    .update(accountingConnections)
    .set({ authValid: false, updatedAt: new Date() })
    .where(eq(accountingConnections.accountId, accountId));
}

/**
 * A usable access token: refreshed first when it has less than the margin left. The refresh runs
 * holding the connection's row lock, so two processes never spend the same (single-use) refresh
 * token; the second sees the new token and uses it. A refused refresh marks the authorisation invalid.
 */
async function freshConnection(
  deps: AppDeps,
  accountId: string,
  force = false,
): Promise<Connection & { provider: AccountingProviderPort; row: ConnectionRow }> {
  const marginMs = deps.config.ACCOUNTING_REFRESH_MARGIN_SECONDS * 1000;
  const vault = vaultFor(deps.config);
  const row = await connectionOf(deps.db, accountId);
  if (!row || !row.enabled) throw notConnected();
  if (!row.authValid) throw authExpired();
  const provider = providerOf(deps, row.provider);
  const usable = (r: ConnectionRow) => !force && r.accessExpiresAt.getTime() - marginMs > Date.now();
  if (usable(row))
    return { provider, row, realmId: row.realmId, accessToken: vault.decrypt(ACCESS, row.accessToken) };
  const seen = row.accessToken;
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, accountId))
      .for('update');
    if (!locked || !locked.enabled) return { error: notConnected() };
    if (!locked.authValid) return { error: authExpired() };
    if (locked.accessToken !== seen && locked.accessExpiresAt.getTime() - marginMs > Date.now())
      return { row: locked }; // another process refreshed it meanwhile
    try {
      const t = await provider.refresh(vault.decrypt(REFRESH, locked.refreshToken));
      const [r] = await tx
        .update(accountingConnections)
        .set({ ...tokenValues(deps, t), updatedAt: new Date() })
        .where(eq(accountingConnections.accountId, accountId))
        .returning();
      return { row: r };
    } catch (err) {
      if (err instanceof ProviderAuthError) {
        await tx
          .update(accountingConnections)
          .set({ authValid: false, updatedAt: new Date() })
          .where(eq(accountingConnections.accountId, accountId));
        return { error: authExpired() };
      }
      return { error: unavailable() };
    }
  });
  if ('error' in outcome && outcome.error) throw outcome.error;
  const r = outcome.row!;
  return { provider, row: r, realmId: r.realmId, accessToken: vault.decrypt(ACCESS, r.accessToken) };
}

/**
 * Runs a provider call with a fresh token; a call refused for authorisation refreshes once and tries
 * again, then marks the authorisation invalid. Provider errors become 409/503 answers.
 */
export async function withProvider<T>(
  deps: AppDeps,
  accountId: string,
  fn: (p: AccountingProviderPort, c: Connection, row: ConnectionRow) => Promise<T>,
): Promise<T> {
  let c = await freshConnection(deps, accountId);
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(c.provider, c, c.row);
    } catch (err) {
      if (err instanceof ProviderAuthError) {
        if (attempt === 0) {
          c = await freshConnection(deps, accountId, true);
          continue;
        }
        await markAuthInvalid(deps, accountId);
        throw authExpired();
      }
      if (err instanceof ProviderUnavailableError) throw unavailable();
      if (err instanceof ProviderRejectedError) throw new AppError(422, 'provider-rejected', err.message);
      throw err;
    }
  }
}

// ------------------------------------------------------------------ status

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const integrationDto = (r: ConnectionRow): Integration => ({
  type: r.provider,
  name: ACCOUNTING_PROVIDER_NAMES[r.provider],
  enabled: r.enabled,
  authTokenValid: r.authValid,
  realmId: r.realmId,
  connectedAt: r.connectedAt.toISOString(),
  accountsSyncedAt: iso(r.accountsSyncedAt),
  locationsSyncedAt: iso(r.locationsSyncedAt),
});

/** The connection, its authorisation checked with the provider (an unreachable provider keeps what we know). */
export async function listIntegrations(deps: AppDeps, accountId: string): Promise<Integration[]> {
  const row = await connectionOf(deps.db, accountId);
  if (!row) return [];
  if (row.enabled && row.authValid) {
    try {
      await withProvider(deps, accountId, (p, c) => p.ping(c));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    return [integrationDto((await connectionOf(deps.db, accountId)) ?? row)];
  }
  return [integrationDto(row)];
}

/**
 * `GET /api/accounting/auth/status`: asks the provider (refreshing first when due). Not connected:
 * nothing to check. A refused token: authTokenValid false (the web shows the expired modal). The
 * provider unreachable: 503, and the web goes on with the submit (001 §4).
 */
export async function authStatus(deps: AppDeps, accountId: string): Promise<AuthStatus> {
  const row = await connectionOf(deps.db, accountId);
  if (!row) return { connected: false, type: null, name: null, enabled: false, authTokenValid: false };
  const base = {
    connected: true,
    type: row.provider,
    name: ACCOUNTING_PROVIDER_NAMES[row.provider],
    enabled: row.enabled,
  };
  if (!row.enabled || !row.authValid) return { ...base, authTokenValid: row.authValid };
  try {
    await withProvider(deps, accountId, (p, c) => p.ping(c));
    return { ...base, authTokenValid: true };
  } catch (err) {
    if (err instanceof AppError && err.status === 'accounting-auth-expired')
      return { ...base, authTokenValid: false };
    throw err;
  }
}

// ------------------------------------------------------------------ chart of accounts

const refDto = (r: typeof accountingRefs.$inferSelect): ProviderAccount => ({
  id: r.providerId,
  name: r.name,
  type: r.type,
  active: r.active,
});

export async function listRefs(
  db: DbOrTx,
  accountId: string,
  kind: 'account' | 'class' | 'location',
  type?: string,
) {
  const rows = await db
    .select()
    .from(accountingRefs)
    .where(
      and(
        eq(accountingRefs.accountId, accountId),
        eq(accountingRefs.kind, kind),
        type ? eq(accountingRefs.type, type) : undefined,
      ),
    )
    .orderBy(asc(accountingRefs.name), asc(accountingRefs.providerId));
  return rows.map(refDto);
}

async function replaceRefs(
  tx: DbOrTx,
  accountId: string,
  kind: 'account' | 'class' | 'location',
  refs: ProviderAccount[],
) {
  await tx
    .delete(accountingRefs)
    .where(and(eq(accountingRefs.accountId, accountId), eq(accountingRefs.kind, kind)));
  if (refs.length)
    await tx
      .insert(accountingRefs)
      .values(
        refs.slice(0, 5000).map((r) => ({
          accountId,
          kind,
          providerId: r.id.slice(0, 64),
          name: r.name.slice(0, 200),
          type: r.type.slice(0, 60),
          active: r.active,
        })),
      )
      .onConflictDoNothing();
}

const LIABILITY = /liabilit|payable/i;

/**
 * Defaults for the payroll journal and fee accounts, picked from the provider's chart by account
 * type (QBO `AccountType`: `Expense`, `Other Current Liability`, …) and then by name: an expense or
 * liability whose name says what it is; else the payroll expense account for employer costs, the
 * first active liability for what is withheld, and the default expense account for bank charges.
 * None of a kind (a chart without liabilities): null, and a posting that needs it fails, visibly.
 */
export function journalAccountDefaults(
  accounts: ProviderRef[],
  payrollId: string | null,
  expenseId: string | null,
): Record<JournalAccountKey, string | null> {
  const active = accounts.filter((a) => a.active);
  const expenses = active.filter((a) => a.type === 'Expense' || a.type === 'Other Expense');
  const liabilities = active.filter((a) => LIABILITY.test(a.type) && !/accounts payable/i.test(a.type));
  const named = (list: ProviderRef[], re: RegExp) => list.find((a) => re.test(a.name))?.id ?? null;
  const liability = (re: RegExp) => named(liabilities, re) ?? liabilities[0]?.id ?? null;
  return {
    employerPensionAccountId: named(expenses, /pension/i) ?? payrollId,
    nsitfExpenseAccountId: named(expenses, /nsitf|compensation/i) ?? payrollId,
    payePayableAccountId: liability(/paye|income tax|withholding/i),
    pensionPayableAccountId: liability(/pension/i),
    nhfPayableAccountId: liability(/nhf|housing fund/i),
    nsitfPayableAccountId: liability(/nsitf|compensation/i),
    otherDeductionsAccountId: liability(/payroll liab|deduction/i),
    bankChargesAccountId: named(expenses, /bank (charge|fee)|transfer fee/i) ?? expenseId,
  };
}

/** `POST /api/accounting/accounts/sync`: the provider's accounts and classes replace the synced copy. */
export async function syncAccounts(deps: AppDeps, accountId: string) {
  const { accounts, classes } = await withProvider(deps, accountId, async (p, c) => ({
    accounts: await p.listAccounts(c),
    classes: await p.listClasses(c),
  }));
  await deps.db.transaction(async (tx) => {
    await replaceRefs(tx, accountId, 'account', accounts);
    await replaceRefs(tx, accountId, 'class', classes);
    const bank = accounts.find((a) => a.type === 'Bank' && a.active);
    const expense = accounts.find((a) => a.type === 'Expense' && a.active);
    const payroll = accounts.find((a) => a.type === 'Expense' && /salar|wage|payroll/i.test(a.name));
    const picks = journalAccountDefaults(accounts, payroll?.id ?? expense?.id ?? null, expense?.id ?? null);
    const keep = (col: AnyPgColumn, id: string | null) => sql`coalesce(${col}, ${id})`;
    await tx
      .update(accountingConnections)
      .set({
        accountsSyncedAt: new Date(),
        // first sync: sensible defaults the import flow can change
        bankAccountId: keep(accountingConnections.bankAccountId, bank?.id ?? null),
        defaultExpenseAccountId: keep(accountingConnections.defaultExpenseAccountId, expense?.id ?? null),
        payrollAccountId: keep(accountingConnections.payrollAccountId, payroll?.id ?? expense?.id ?? null),
        ...Object.fromEntries(JOURNAL_ACCOUNT_KEYS.map((k) => [k, keep(accountingConnections[k], picks[k])])),
      })
      .where(eq(accountingConnections.accountId, accountId));
  });
  return { accounts: accounts.length, classes: classes.length };
}

export async function syncLocations(deps: AppDeps, accountId: string) {
  const locations = await withProvider(deps, accountId, (p, c) => p.listLocations(c));
  await deps.db.transaction(async (tx) => {
    await replaceRefs(tx, accountId, 'location', locations);
    await tx
      .update(accountingConnections)
      .set({ locationsSyncedAt: new Date() })
      .where(eq(accountingConnections.accountId, accountId));
  });
  return listRefs(deps.db, accountId, 'location');
}

// ------------------------------------------------------------------ payment tags (mapping)

export async function getMapping(db: DbOrTx, accountId: string): Promise<MappingAnswer> {
  const conn = await connectionOf(db, accountId);
  const rows = await db
    .select({
      categoryId: payoutCategories.id,
      categoryName: payoutCategories.name,
      providerAccountId: accountingCategoryMappings.providerAccountId,
      classId: accountingCategoryMappings.classId,
      accountName: sql<
        string | null
      >`(select r.name from accounting_refs r where r.account_id = ${accountId}::uuid and r.kind = 'account' and r.provider_id = ${accountingCategoryMappings.providerAccountId})`,
      className: sql<
        string | null
      >`(select r.name from accounting_refs r where r.account_id = ${accountId}::uuid and r.kind = 'class' and r.provider_id = ${accountingCategoryMappings.classId})`,
    })
    .from(payoutCategories)
    .leftJoin(
      accountingCategoryMappings,
      and(
        eq(accountingCategoryMappings.accountId, payoutCategories.accountId),
        eq(accountingCategoryMappings.categoryId, payoutCategories.id),
      ),
    )
    .where(eq(payoutCategories.accountId, accountId))
    .orderBy(asc(payoutCategories.name), asc(payoutCategories.id));
  return {
    bankAccountId: conn?.bankAccountId ?? null,
    defaultExpenseAccountId: conn?.defaultExpenseAccountId ?? null,
    payrollAccountId: conn?.payrollAccountId ?? null,
    ...(Object.fromEntries(JOURNAL_ACCOUNT_KEYS.map((k) => [k, conn?.[k] ?? null])) as Record<
      JournalAccountKey,
      string | null
    >),
    mappings: rows.map((r) => ({
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      providerAccountId: r.providerAccountId ?? null,
      providerAccountName: r.accountName ?? null,
      classId: r.classId ?? null,
      className: r.className ?? null,
    })),
  };
}

/** The import payment tags flow's finish: every id must be ours and in the synced chart. */
export async function saveMapping(deps: AppDeps, accountId: string, body: MappingBody) {
  const conn = await connectionOf(deps.db, accountId);
  if (!conn) throw notConnected();
  const accountsIds = new Set((await listRefs(deps.db, accountId, 'account')).map((a) => a.id));
  const classIds = new Set((await listRefs(deps.db, accountId, 'class')).map((a) => a.id));
  const accountKeys = [
    'bankAccountId',
    'defaultExpenseAccountId',
    'payrollAccountId',
    ...JOURNAL_ACCOUNT_KEYS,
  ] as const;
  for (const k of accountKeys) {
    const v = body[k];
    if (v !== undefined && !accountsIds.has(v)) throw fieldError(k, ACCOUNTING_MSG.providerAccountNotFound);
  }
  const catIds = [...new Set(body.mappings.map((m) => m.categoryId))];
  const ours = catIds.length
    ? await deps.db
        .select({ id: payoutCategories.id })
        .from(payoutCategories)
        .where(and(eq(payoutCategories.accountId, accountId), inArray(payoutCategories.id, catIds)))
    : [];
  const ourSet = new Set(ours.map((c) => c.id));
  for (const [i, m] of body.mappings.entries()) {
    if (!ourSet.has(m.categoryId))
      throw fieldError(`mappings.${i}.categoryId`, ACCOUNTING_MSG.categoryNotFound);
    if (m.providerAccountId !== null && !accountsIds.has(m.providerAccountId))
      throw fieldError(`mappings.${i}.providerAccountId`, ACCOUNTING_MSG.providerAccountNotFound);
    if (m.classId && !classIds.has(m.classId))
      throw fieldError(`mappings.${i}.classId`, ACCOUNTING_MSG.classNotFound);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountingConnections)
      .set({
        ...(body.bankAccountId !== undefined ? { bankAccountId: body.bankAccountId } : {}),
        ...(body.defaultExpenseAccountId !== undefined
          ? { defaultExpenseAccountId: body.defaultExpenseAccountId }
          : {}),
        ...(body.payrollAccountId !== undefined ? { payrollAccountId: body.payrollAccountId } : {}),
        ...Object.fromEntries(
          JOURNAL_ACCOUNT_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]),
        ),
        updatedAt: new Date(),
      })
      .where(eq(accountingConnections.accountId, accountId));
    for (const m of body.mappings) {
      const values = {
        providerAccountId: m.providerAccountId,
        classId: m.classId ?? null,
        updatedAt: new Date(),
      };
      await tx
        .insert(accountingCategoryMappings)
        .values({ accountId, categoryId: m.categoryId, ...values })
        .onConflictDoUpdate({
          target: [accountingCategoryMappings.accountId, accountingCategoryMappings.categoryId],
          set: values,
        });
    }
  });
  return getMapping(deps.db, accountId);
}
