import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx, Db } from '../db';
import { VAULT_FIELDS, vaultField, type VaultField } from './fields';
import { VAULT_PREFIX, VaultError, type Vault } from './index';
import { vaultReads } from './tables';

const id = (s: string) => sql.identifier(s);

/**
 * Start-up check: every key id found in stored values is in the key ring, and one value per key
 * decrypts. A missing or wrong key stops start-up with a message naming the key; nothing is written.
 */
export async function checkVaultKeys(db: DbOrTx, vault: Vault): Promise<void> {
  for (const f of VAULT_FIELDS) {
    const r = await db.execute(
      sql`select split_part(${id(f.column)}, ':', 2) as kid, min(${id(f.column)}) as sample, count(*)::int as n from ${id(f.table)} where ${id(f.column)} like ${`${VAULT_PREFIX}%`} group by 1`,
    );
    for (const row of r.rows as { kid: string; sample: string; n: number }[]) {
      if (!vault.keyIds().includes(row.kid))
        throw new VaultError(
          `${vault.source} has no key '${row.kid}', used by ${row.n} stored ${f.name} value(s). Start-up stopped; nothing was changed. Add the key back (keys may only be removed after npm run keys:rotate).`,
        );
      try {
        vault.decrypt(f.name, row.sample);
      } catch (e) {
        throw new VaultError(`${(e as Error).message}. Start-up stopped; nothing was changed.`);
      }
    }
  }
}

function plainOf(f: VaultField, stored: string, vault: Vault, config: Config): string {
  if (stored.startsWith(VAULT_PREFIX)) return vault.decrypt(f.name, stored);
  return f.legacy ? f.legacy(stored, config) : stored;
}

/** The column values to write for `plain` in field `f` (ciphertext, and its HMAC and last 4). */
export function sealed(f: VaultField, vault: Vault, plain: string): Record<string, string> {
  const out: Record<string, string> = { [f.column]: vault.encrypt(f.name, plain) };
  if (f.hmac) out[f.hmac] = vault.hmac(f.kind, plain);
  if (f.last4) out[f.last4] = plain.slice(-4);
  return out;
}

export type ResealProgress = { field: string; done: number; total: number };

/**
 * Re-encrypts stored values of every vault field in batches of `batch` rows, each batch its own
 * short transaction with the rows locked (`for update skip locked`, so requests writing the same
 * rows are never blocked for long and never overwritten: a locked row is taken on a later pass).
 * `mode: 'legacy'` seals only values written before the vault; `'rotate'` every value not under the
 * newest key. Resumable: what is done stays done, a new run picks up the rest.
 */
export async function resealVault(
  db: Db,
  vault: Vault,
  config: Config,
  opts: { mode: 'legacy' | 'rotate'; batch?: number; onProgress?: (p: ResealProgress) => void },
): Promise<{ resealed: number }> {
  const batch = opts.batch ?? 200;
  let resealed = 0;
  for (const f of VAULT_FIELDS) {
    const target = () =>
      opts.mode === 'legacy'
        ? sql`${id(f.column)} not like ${`${VAULT_PREFIX}%`}`
        : sql`${id(f.column)} not like ${`${VAULT_PREFIX}${vault.currentKeyId()}:%`}`;
    const count = async () =>
      Number(
        (
          (
            await db.execute(
              sql`select count(*)::int as n from ${id(f.table)} where ${id(f.column)} is not null and ${target()}`,
            )
          ).rows[0] as { n: number }
        ).n,
      );
    const total = await count();
    let done = 0;
    if (total) opts.onProgress?.({ field: f.name, done, total });
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const rows = (
          await tx.execute(
            sql`select ${id(f.pk)}::text as pk, ${id(f.column)} as v from ${id(f.table)} where ${id(f.column)} is not null and ${target()} order by ${id(f.pk)} limit ${batch} for update skip locked`,
          )
        ).rows as { pk: string; v: string }[];
        for (const row of rows) {
          const values = sealed(f, vault, plainOf(f, row.v, vault, config));
          const sets = sql.join(
            Object.entries(values).map(([c, v]) => sql`${id(c)} = ${v}`),
            sql`, `,
          );
          await tx.execute(sql`update ${id(f.table)} set ${sets} where ${id(f.pk)}::text = ${row.pk}`);
        }
        return rows.length;
      });
      done += n;
      resealed += n;
      if (n) opts.onProgress?.({ field: f.name, done, total: Math.max(total, done) });
      if (n === 0) {
        if ((await count()) === 0) break;
        await new Promise((r) => setTimeout(r, 50)); // rows locked by requests: take them next pass
      }
    }
  }
  return { resealed };
}

/**
 * The one way to read a vault value unmasked: records who read which value, when and why (the
 * audit log reads `vault_reads`), in the caller's transaction, then answers the plain value.
 */
export async function revealVaultValue(
  tx: DbOrTx,
  vault: Vault,
  p: { field: string; recordId: string; actorUserId: string | null; reason: string },
): Promise<string | null> {
  const f = vaultField(p.field);
  const r = await tx.execute(
    sql`select ${id(f.column)} as v from ${id(f.table)} where ${id(f.pk)}::text = ${p.recordId}`,
  );
  const stored = (r.rows[0] as { v: string | null } | undefined)?.v ?? null;
  await tx.insert(vaultReads).values({
    field: f.name,
    recordId: p.recordId,
    actorUserId: p.actorUserId,
    reason: p.reason,
  });
  return stored === null ? null : vault.decrypt(f.name, stored);
}
