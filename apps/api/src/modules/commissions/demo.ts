// Demo data (run once after the demo company is seeded): an agent with a bank account for
// commissions, and the general commission setting enabled (5%, daily payouts).
import { makeNuban } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { hashPassword } from '../../platform/passwords';
import { users, accountMembers } from '../../platform/tenancy-tables';
import { storeBankAccount } from '../banks';
import { commissionSettings } from './tables';

export const DEMO_AGENT = { email: 'agent@demo.owo.ng', password: 'Demo-Agent-2026' };

export async function seedCommissionsDemo(deps: AppDeps, ctx: { accountId: string; ownerId: string }) {
  await deps.db.transaction(async (tx) => {
    const [agent] = await tx
      .insert(users)
      .values({
        email: DEMO_AGENT.email,
        passwordHash: await hashPassword(DEMO_AGENT.password),
        firstName: 'Chioma',
        lastName: 'Eze',
        emailVerifiedAt: new Date(),
        activeAccountId: ctx.accountId,
      })
      .onConflictDoNothing()
      .returning();
    if (!agent) return;
    await tx.insert(accountMembers).values({ accountId: ctx.accountId, userId: agent.id, roleSlug: 'agent' });
    // The agent's first account, so their default (the commission payouts' account).
    await storeBankAccount(tx, {
      userId: agent.id,
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: makeNuban('058', '204060801'),
      accountName: 'CHIOMA EZE',
    });
    await tx.insert(commissionSettings).values({
      accountId: ctx.accountId,
      isActive: true,
      commissionType: 'percentage',
      commissionValue: 500,
      payoutMode: 'consolidated',
      payoutFrequency: 'daily',
      updatedBy: ctx.ownerId,
    });
  });
}
