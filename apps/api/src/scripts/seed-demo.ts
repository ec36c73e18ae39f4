import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../platform/deps';
import { hashPassword } from '../platform/passwords';
import { accountMembers, accounts, users } from '../platform/schema';

export const DEMO_LOGINS = [
  { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026', role: 'owner of Adaeze Foods Ltd' },
  {
    email: 'accountant@demo.owo.ng',
    password: 'Demo-Accountant-2026',
    role: 'accountant at Adaeze Foods Ltd',
  },
  // Seeded by the commissions module's demo hook.
  {
    email: 'agent@demo.owo.ng',
    password: 'Demo-Agent-2026',
    role: 'agent at Adaeze Foods Ltd (commissions)',
  },
];

/** Seeds the demo company once; a second start finds it and does nothing. Returns true when it seeded. */
export async function seedDemo(deps: AppDeps): Promise<boolean> {
  const { db } = deps;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_LOGINS[0].email}`);
  if (found) return false;
  const ctx = await db.transaction(async (tx) => {
    const now = new Date();
    const [owner] = await tx
      .insert(users)
      .values({
        email: DEMO_LOGINS[0].email,
        passwordHash: await hashPassword(DEMO_LOGINS[0].password),
        firstName: 'Adaeze',
        lastName: 'Okafor',
        phoneNumber: '+2348031234567',
        emailVerifiedAt: now,
      })
      .returning();
    const [acct] = await tx
      .insert(users)
      .values({
        email: DEMO_LOGINS[1].email,
        passwordHash: await hashPassword(DEMO_LOGINS[1].password),
        firstName: 'Tunde',
        lastName: 'Bakare',
        emailVerifiedAt: now,
      })
      .returning();
    const [account] = await tx
      .insert(accounts)
      .values({ name: 'Adaeze Foods Ltd', type: 'business', ownerUserId: owner.id })
      .returning();
    for (const hook of deps.seams.hooks('accountCreated')) await hook(tx, account);
    await tx.insert(accountMembers).values([
      { accountId: account.id, userId: owner.id, roleSlug: 'owner' },
      { accountId: account.id, userId: acct.id, roleSlug: 'accountant' },
    ]);
    await tx.update(users).set({ activeAccountId: account.id }).where(eq(users.id, owner.id));
    await tx.update(users).set({ activeAccountId: account.id }).where(eq(users.id, acct.id));
    return { accountId: account.id, ownerId: owner.id };
  });
  for (const hook of deps.seams.hooks('demo')) await hook(deps, ctx);
  return true;
}
