// `bench/lighthouse.mjs` runs this (tsx, DATA_DIR of the app it started): gives the demo owner's
// company (owner@demo.owo.ng) BENCH_TRANSACTIONS (default 10,000) more transactions over a year
// with the insights seeder (apps/api/test/seeds/insights.ts), so the signed-in pages are measured with a
// realistic amount of data. Prints `seeded <n> transactions`.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createDb, createPool } from '../apps/api/src/platform/db';
import { accountMembers, accounts, subsidiaries, users } from '../apps/api/src/platform/schema';
import { wallets } from '../apps/api/src/modules/money/tables';
import { seedInsightRows } from '../apps/api/test/seeds/insights';
import { openProductDb } from '../apps/api/src/scripts/product-db';

const COUNT = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const OWNER = 'owner@demo.owo.ng';

async function main(): Promise<number> {
  const opened = await openProductDb('lighthouse-seed');
  if (!opened) return 2;
  const pool = createPool(opened.url, 2);
  try {
    const db = createDb(pool);
    const [owner] = await db.select().from(users).where(eq(users.email, OWNER));
    if (!owner) throw new Error(`no ${OWNER}: the demo data is not seeded`);
    const [account] = await db.select().from(accounts).where(eq(accounts.ownerUserId, owner.id));
    const [wallet] = await db
      .select()
      .from(wallets)
      .where(and(eq(wallets.accountId, account.id), eq(wallets.currency, 'NGN')));
    const members = await db
      .select({ userId: accountMembers.userId })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, account.id));
    const subs = await db
      .select({ id: subsidiaries.id })
      .from(subsidiaries)
      .where(eq(subsidiaries.accountId, account.id));
    await seedInsightRows(db, {
      accountId: account.id,
      walletId: wallet.id,
      userIds: members.map((m) => m.userId),
      subsidiaryIds: subs.map((s) => s.id),
      count: COUNT,
      days: 365,
      ref: `LH-${randomUUID().slice(0, 8)}`,
    });
    console.log(`seeded ${COUNT} transactions`);
    return 0;
  } finally {
    await pool.end();
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
