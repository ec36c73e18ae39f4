// Connecting the books (OAuth): the consent URL with a single-use state, the callback that spends it
// and stores the tokens, disconnecting, and the connection's status.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACCOUNTING_MSG,
  ACCOUNTING_PROVIDER_NAMES,
  JOURNAL_ACCOUNT_KEYS,
  type AccountingProvider,
  type AuthStatus,
  type Integration,
} from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { newToken, sha256 } from '../../platform/tokens';
import { ProviderAuthError, type TokenSet } from './provider/port';
import { callbackUrl, providerOf } from './provider/registry';
import {
  accountingCategoryMappings,
  accountingConnections,
  accountingOauthStates,
  accountingPostings,
  accountingRefs,
} from './tables';
import {
  connectionOf,
  integrationDto,
  notConnected,
  tokenValues,
  unavailable,
  withProvider,
} from './connection';

const STATE_SECONDS = 600;

/** `POST /api/accounting`: a fresh single-use state bound to this session and account; the consent URL. */
export async function startConnect(
  deps: AppDeps,
  p: { accountId: string; sessionId: string; provider: AccountingProvider; host?: string },
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
    url: providerOf(deps, p.provider).authorizeUrl(state, callbackUrl(deps, p.provider, p.host)),
  };
}

/**
 * `GET /api/accounting/auth/callbacks/{provider}`: spends the state (single use; it must have been
 * made by this session for this account and provider, within 10 minutes), exchanges the code and
 * stores the tokens through the vault. A forged, reused or foreign state changes nothing.
 */
type Callback = {
  accountId: string;
  sessionId: string;
  userId: string;
  provider: AccountingProvider;
  code: string;
  state: string;
  realmId: string;
};

export async function completeConnect(deps: AppDeps, p: Callback): Promise<Integration> {
  await spendState(deps, p);
  const tokens = await exchangeCode(deps, p);
  const row = await deps.db.transaction((tx) => storeConnection(tx, deps, p, tokens));
  return integrationDto(row);
}

/** Marks the state used: only an unused, unexpired one of this session, account and provider. */
async function spendState(deps: AppDeps, p: Callback) {
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
}

async function exchangeCode(deps: AppDeps, p: Callback): Promise<TokenSet> {
  const provider = providerOf(deps, p.provider);
  try {
    return await provider.exchangeCode({
      code: p.code,
      realmId: p.realmId,
      redirectUri: callbackUrl(deps, p.provider),
    });
  } catch (err) {
    if (err instanceof ProviderAuthError) throw fieldError('code', ACCOUNTING_MSG.codeInvalid);
    throw unavailable();
  }
}

/**
 * The connection's row (other books: the old chart, account choices and mapping go), and the
 * postings that stopped on the expired access pending again.
 */
async function storeConnection(tx: Tx, deps: AppDeps, p: Callback, tokens: TokenSet) {
  const [before] = await tx
    .select({ provider: accountingConnections.provider, realmId: accountingConnections.realmId })
    .from(accountingConnections)
    .where(eq(accountingConnections.accountId, p.accountId))
    .for('update');
  const sameBooks = before && before.provider === p.provider && before.realmId === p.realmId;
  if (before && !sameBooks) {
    // Other books: the synced chart and the account choices belonged to the old ones.
    await tx.delete(accountingRefs).where(eq(accountingRefs.accountId, p.accountId));
    await tx.delete(accountingCategoryMappings).where(eq(accountingCategoryMappings.accountId, p.accountId));
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
}

export async function disconnect(deps: AppDeps, accountId: string) {
  const [row] = await deps.db
    .delete(accountingConnections)
    .where(eq(accountingConnections.accountId, accountId))
    .returning({ accountId: accountingConnections.accountId });
  if (!row) throw notConnected();
}

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
