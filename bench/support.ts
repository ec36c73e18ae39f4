// What the money benches share: a company with a funded NGN wallet, made through the real paths
// (account, wallet, virtual account, deposit credited through the ledger).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/api/src/platform/db';
import { accountMembers, accounts, users } from '../apps/api/src/platform/schema';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { decide } from '../apps/api/src/modules/approvals';
import { approvalItems } from '../apps/api/src/modules/approvals/tables';
import { creditDeposit } from '../apps/api/src/modules/money/deposits';
import { createWallet, setWalletVirtualAccount } from '../apps/api/src/modules/money/wallets';

export type BenchWallet = { accountId: string; walletId: string; userId: string };

/**
 * Company `i` with an NGN wallet holding ₦10,000,000,000 (or `amountMinor`). `tag` keeps the emails, virtual account
 * numbers (its first digit) and deposit references of one bench apart from another's.
 */
export async function fundedWallet(
  db: Db,
  i: number,
  tag: { name: string; digit: string },
  amountMinor = 1_000_000_000_000,
): Promise<BenchWallet> {
  const [u] = await db
    .insert(users)
    .values({
      email: `${tag.name.toLowerCase()}${i}.${randomUUID().slice(0, 6)}@bench.ng`,
      passwordHash: 'x',
      firstName: tag.name,
      lastName: String(i),
    })
    .returning();
  const [a] = await db
    .insert(accounts)
    .values({ name: `${tag.name} ${i}`, type: 'business', ownerUserId: u.id })
    .returning();
  const w = await db.transaction((tx) => createWallet(tx, { accountId: a.id, currency: 'NGN' }));
  const accountNumber = `${tag.digit}${String(100_000_000 + i).padStart(9, '0')}`;
  await setWalletVirtualAccount(db, w.id, { accountNumber, bankCode: '101', bankName: 'Providus Bank' });
  await creditDeposit(
    { db, seams: emptySeams() },
    {
      accountNumber,
      amount: amountMinor,
      providerRef: `${tag.name.toLowerCase()}-${i}-${randomUUID()}`,
      senderName: 'BENCH',
      provider: 'sandbox',
    },
  );
  return { accountId: a.id, walletId: w.id, userId: u.id };
}

/** Makes the wallet's user its owner and adds an admin, the second person who approves; answers the admin. */
export async function ownerAndApprover(db: Db, w: BenchWallet) {
  const [admin] = await db
    .insert(users)
    .values({
      email: `admin.${randomBytes(3).toString('hex')}@bench.ng`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Admin',
    })
    .returning();
  await db.insert(accountMembers).values([
    { accountId: w.accountId, userId: w.userId, roleSlug: 'owner' },
    { accountId: w.accountId, userId: admin.id, roleSlug: 'admin' },
  ]);
  return admin;
}

/** The admin approves the record's approval item (one level), and what the approval starts runs. */
export async function approveAsAdmin(
  deps: AppDeps,
  w: BenchWallet,
  admin: { id: string },
  type: (typeof approvalItems.$inferSelect)['type'],
  resourceId: string,
) {
  const [item] = await deps.db
    .select({ id: approvalItems.id })
    .from(approvalItems)
    .where(and(eq(approvalItems.resourceId, resourceId), eq(approvalItems.type, type)));
  const { afterCommit } = await decide(deps, {
    accountId: w.accountId,
    userId: admin.id,
    approvalId: item.id,
    approvalStatus: 'approved',
    comments: 'Bench approval',
  });
  for (const fn of afterCommit) await fn();
}

/** CPU seconds used so far by a process (Linux /proc; utime + stime + reaped children's). */
export function cpuSeconds(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return 0;
  }
}
/** CPU seconds of the PostgreSQL server: the postmaster and every backend it started. */
export function pgCpuSeconds(dataDir: string): number {
  let postmaster = 0;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  let total = cpuSeconds(postmaster);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === postmaster) total += cpuSeconds(Number(d));
    } catch {
      /* gone */
    }
  }
  return total;
}
