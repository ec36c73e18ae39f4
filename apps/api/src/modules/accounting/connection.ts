// The books' connection as the other use cases use it: its sealed tokens (through the vault), a usable
// access token (refreshed under the row lock), provider calls with it (`withProvider`), the errors
// they become, and the connection's answer shape.
import { eq } from 'drizzle-orm';
import { ACCOUNTING_MSG, ACCOUNTING_PROVIDER_NAMES, type Integration } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import {
  ProviderAuthError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type AccountingProviderPort,
  type Connection,
  type TokenSet,
} from './provider/port';
import { providerOf } from './provider/registry';
import { accountingConnections } from './tables';

const ACCESS = 'accounting_connections.access_token';
const REFRESH = 'accounting_connections.refresh_token';

export type ConnectionRow = typeof accountingConnections.$inferSelect;

export const unavailable = () =>
  new AppError(503, 'provider-unavailable', ACCOUNTING_MSG.providerUnavailable);
export const authExpired = () => new AppError(409, 'accounting-auth-expired', ACCOUNTING_MSG.authExpired);
export const notConnected = () => conflict(ACCOUNTING_MSG.notConnected);

function tokenColumns(deps: AppDeps, t: TokenSet) {
  const vault = vaultFor(deps.config);
  return {
    ...(sealed(vaultField(ACCESS), vault, t.accessToken) as { access_token: string }),
    ...(sealed(vaultField(REFRESH), vault, t.refreshToken) as { refresh_token: string }),
  };
}
export const tokenValues = (deps: AppDeps, t: TokenSet) => {
  const c = tokenColumns(deps, t);
  return {
    accessToken: c.access_token,
    refreshToken: c.refresh_token,
    accessExpiresAt: t.accessExpiresAt,
    refreshExpiresAt: t.refreshExpiresAt,
  };
};

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
