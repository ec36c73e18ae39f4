// No module writes another module's tables (issue 36 §3): a change to another area's records goes
// through that area's index.ts. dependency-cruiser sees imports, not writes (.dependency-cruiser.cjs
// checks the import proxy); this reads the production code of every module for the writes
// themselves: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a table defined in another
// module's *tables.ts, and SQL text `insert into` / `update` / `delete from` such a table.
// The platform's own tables (users, sessions, accounts, members, roles, link tokens…) are not a
// module's: the areas that manage them write them. Test and bench seeders are not production code:
// they live under apps/api/test/seeds/, outside the scan. There are no exceptions.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const TEST_FILE =
  /(\.test\.ts|\/test-(support|utils|setup|rails)\.ts|\/fixtures\.ts|\.fixture\.ts|\/crash-server\.ts)$/;

/** A module table's SQL name and the module that defines it, by drizzle name and by SQL name. */
type Owners = { byName: Map<string, { sql: string; module: string }>; bySql: Map<string, string> };

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'));

/** The module of a path relative to src (`money`), or null outside modules/. */
const moduleOf = (at: string) => /^modules\/([^/]+)\//.exec(at)?.[1] ?? null;

/** Every module table, read from the modules' *tables.ts. */
function ownersOf(files: string[]): Owners {
  const owners: Owners = { byName: new Map(), bySql: new Map() };
  for (const file of files.filter((f) => /tables\.ts$/.test(f))) {
    const module = moduleOf(path.relative(src, file));
    if (!module) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
      owners.byName.set(m[1], { sql: m[2], module });
      owners.bySql.set(m[2], module);
    }
  }
  return owners;
}

/** The writes of one file (`at`, relative to src) to a table of another module: `at -> table`. */
function writesIn(at: string, code: string, owners: Owners): string[] {
  const module = moduleOf(at);
  if (!module || TEST_FILE.test(at)) return [];
  const found = new Set<string>();
  for (const m of code.matchAll(/\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g)) {
    const t = owners.byName.get(m[1]);
    if (t && t.module !== module) found.add(`${at} -> ${t.sql}`);
  }
  for (const m of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
    const owner = owners.bySql.get(m[1]);
    if (owner && owner !== module) found.add(`${at} -> ${m[1]}`);
  }
  return [...found];
}

const files = filesUnder(src);
const owners = ownersOf(files);

describe('table writes', () => {
  it('no module writes another module’s tables', () => {
    const found = files.flatMap((f) => writesIn(path.relative(src, f), fs.readFileSync(f, 'utf8'), owners));
    expect(found.sort()).toEqual([]);
  });

  it('the scan finds each form of a write to another module’s table, and none to its own', () => {
    const code = `
      await tx.insert(payees).values(row);
      await db.update(schema.subsidiaryAccess).set({ active: false });
      await tx.delete(userBankAccounts).where(eq(userBankAccounts.id, id));
      sql\`insert into insight_daily as d (account_id) values (1)\`;
      sql\`UPDATE "payouts" set status = 'paid'\`;
      sql\`delete from expenses where id = 1\`;
      await tx.insert(transactions).values(row);
      sql\`update wallets set balance = 0\`;`;
    expect(writesIn('modules/money/x.ts', code, owners).sort()).toEqual([
      'modules/money/x.ts -> expenses',
      'modules/money/x.ts -> insight_daily',
      'modules/money/x.ts -> payees',
      'modules/money/x.ts -> payouts',
      'modules/money/x.ts -> subsidiary_access',
      'modules/money/x.ts -> user_bank_accounts',
    ]);
    // Test files and code outside modules/ are not scanned.
    expect(writesIn('modules/money/x.test.ts', code, owners)).toEqual([]);
    expect(writesIn('platform/x.ts', code, owners)).toEqual([]);
  });
});
