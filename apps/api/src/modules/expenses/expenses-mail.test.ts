// Approval mail through the engine (issue 21 §1 "Notifications and mail"), proven on expenses: the
// next approvers are mailed when the item reaches their level, the maker on each decision; a user
// who turned email off for approvals gets none.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestApp, createTestApp } from '../../../test/helpers';
import { mailOutbox } from '../../platform/schema';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';
import { notificationPreferences } from '../notifications/tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );

describe('approval mail', () => {
  it('mails the next approvers at their level and the maker on each decision', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const a = await memberWithRole(t, o.account.id, 'finance-manager');
    const b = await memberWithRole(t, o.account.id, 'finance-manager');
    const c = await memberWithRole(t, o.account.id, 'finance-manager');
    await t.db
      .insert(notificationPreferences)
      .values({ userId: c.user.id, category: 'approvals', email: false });
    await o.api.post('/api/approval-workflows', {
      name: 'Two levels',
      type: 'expense',
      levels: [
        { approverIds: [a.user.id], rule: 'any' },
        { approverIds: [b.user.id, c.user.id], rule: 'any' },
      ],
    });
    const e = (
      await o.api.post('/api/expense', {
        amount: '25000',
        walletId: o.wallet.id,
        currency: 'NGN',
        bankCode: '058',
        bankAccountNumber: ordinaryAccount(),
        approverId: a.user.id,
        purpose: { description: 'Generator diesel' },
      })
    ).body.data;
    const approvalId = e.approvalWorkflowPendingApprovalItem.id;

    // Level one: only a is mailed.
    const toA = await mailsTo(a.user.email);
    expect(toA).toHaveLength(1);
    expect(toA[0].subject).toBe(
      `Approval required: Expense ${e.reference} of ₦25,000.00 to ${e.bankAccountName} (${e.bankName} ${e.bankAccountNumber})`,
    );
    expect(toA[0].text).toContain('level 1 of 2');
    expect(toA[0].text).toContain(`${t.config.appUrl}/expense/${e.id}`);
    expect(await mailsTo(b.user.email)).toHaveLength(0);

    await a.api.post(`/api/approval-workflows/pending-approvals/approve/${approvalId}`, {
      approvalStatus: 'approved',
      comments: 'Receipt matches',
    });
    const toMaker = await mailsTo(o.user.email);
    expect(toMaker.map((m) => m.subject)).toEqual(['Expense approved at level 1 of 2']);
    expect(toMaker[0].text).toContain('Receipt matches');
    // Level two: b is mailed; c turned approval email off.
    expect((await mailsTo(b.user.email)).map((m) => m.text.includes('level 2 of 2'))).toEqual([true]);
    expect(await mailsTo(c.user.email)).toHaveLength(0);

    await b.api.post(`/api/approval-workflows/pending-approvals/approve/${approvalId}`, {
      approvalStatus: 'rejected',
      comments: 'Wrong vendor',
    });
    const after = await mailsTo(o.user.email);
    expect(after.map((m) => m.subject)).toEqual(['Expense approved at level 1 of 2', 'Expense rejected']);
    expect(after[1].text).toContain('Wrong vendor');
    // The in-app notices are still there beside the mail.
    const { notifications } = await import('../notifications/tables');
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, o.account.id)));
    expect(notes.length).toBeGreaterThanOrEqual(3);
  });
});
