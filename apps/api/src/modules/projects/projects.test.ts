import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MSG } from '@owo/contract';
import { createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { expenses } from '../expenses/tables';
import { requireActiveProject } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function expenseFor(
  o: Awaited<ReturnType<typeof ownerWithAccount>>,
  projectId: string,
  amountMinor: number,
  status: 'pending' | 'approved' | 'paying' | 'completed' | 'rejected',
) {
  await t.db.insert(expenses).values({
    accountId: o.account.id,
    reference: `EXP-${Math.random().toString(36).slice(2, 12)}`,
    makerUserId: o.user.id,
    walletId: '00000000-0000-4000-8000-000000000001',
    currency: 'NGN',
    amountMinor,
    bankCode: '058',
    bankName: 'GTBank',
    bankAccountNumber: '0123456789',
    bankAccountName: 'Ada Obi',
    purpose: { description: 'Site materials' } as never,
    projectId,
    status,
  });
}

describe('projects (001 §7 /project)', () => {
  it('creates with a budget and dates, sets the budget, shows spend, assigns members, completes and reactivates', async () => {
    const o = await ownerWithAccount(t);
    const bad = await o.api.post('/api/project', {
      name: '',
      budget: 'ten',
      startDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: [PROJECT_MSG.nameRequired],
      budget: [PROJECT_MSG.budgetInvalid],
    });
    const noDates = await o.api.post('/api/project', {
      name: 'X',
      startDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    expect(noDates.body.errors!.endDate).toEqual([PROJECT_MSG.endBeforeStart]);
    expect((await o.api.get('/api/project')).body.metadata.pagination.totalItems).toBe(0);

    const c = await o.api.post('/api/project', {
      name: 'Abuja warehouse fit-out',
      budget: '500000',
      startDate: '2026-01-05',
      endDate: '2026-06-30',
    });
    expect(c.status).toBe(201);
    expect(c.body.message).toBe(PROJECT_MSG.created);
    expect(c.body.data).toMatchObject({
      active: true,
      budgetMinor: 50_000_000,
      startDate: '2026-01-05',
      endDate: '2026-06-30',
      spentMinor: 0,
      remaining: '500000.00',
    });
    const id = c.body.data.id;

    await expenseFor(o, id, 10_000_000, 'completed');
    await expenseFor(o, id, 5_000_000, 'pending');
    await expenseFor(o, id, 7_000_000, 'rejected');
    const read = (await o.api.get(`/api/project/${id}`)).body.data;
    expect(read).toMatchObject({
      spentMinor: 10_000_000,
      committedMinor: 5_000_000,
      remainingMinor: 35_000_000,
      remaining: '350000.00',
    });

    const b = await o.api.put(`/api/project/${id}/budget`, { budget: 120000.5 });
    expect(b.body.message).toBe(PROJECT_MSG.budgetSet);
    expect(b.body.data).toMatchObject({ budget: '120000.50', remainingMinor: 12_000_050 - 15_000_000 });
    const badBudget = await o.api.put(`/api/project/${id}/budget`, { budget: '-5' });
    expect(badBudget.status).toBe(400);
    expect((await o.api.put(`/api/project/${id}/budget`, { budget: null })).body.data.budgetMinor).toBeNull();

    const m = await memberWithRole(t, o.account.id, 'accountant');
    const a = await o.api.post(`/api/project/${id}/assign`, { accessIds: [m.member.id] });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe(PROJECT_MSG.assigned);
    expect(a.body.data.members.map((x: any) => x.accessId)).toEqual([m.member.id]);

    const done = await o.api.patch(`/api/project/${id}/activate`, { active: false });
    expect(done.body.message).toBe(PROJECT_MSG.completed);
    expect(done.body.data.completedAt).not.toBeNull();
    expect((await o.api.get('/api/project?active=false')).body.data.map((p: any) => p.id)).toEqual([id]);
    expect((await o.api.get('/api/project?active=true')).body.data).toHaveLength(0);
    await expect(requireActiveProject(t.db, o.account.id, id)).rejects.toMatchObject({ statusCode: 400 });
    const again = await o.api.patch(`/api/project/${id}/activate`, { active: true });
    expect(again.body.message).toBe(PROJECT_MSG.activated);
    expect(again.body.data.completedAt).toBeNull();
    await expect(requireActiveProject(t.db, o.account.id, id)).resolves.toMatchObject({ id });
    expect((await o.api.get('/api/project?search=warehouse')).body.data).toHaveLength(1);
  });

  it("hides projects across accounts, refuses another account's member, and needs the projects permission", async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const id = (await o.api.post('/api/project', { name: 'Mine' })).body.data.id;
    for (const res of [
      await other.api.get(`/api/project/${id}`),
      await other.api.put(`/api/project/${id}/budget`, { budget: 10 }),
      await other.api.post(`/api/project/${id}/assign`, { accessIds: [] }),
      await other.api.patch(`/api/project/${id}/activate`, { active: false }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PROJECT_MSG.notFound);
    }
    await expect(requireActiveProject(t.db, other.account.id, id)).rejects.toMatchObject({ statusCode: 400 });
    const stranger = await memberWithRole(t, other.account.id, 'accountant');
    const a = await o.api.post(`/api/project/${id}/assign`, { accessIds: [stranger.member.id] });
    expect(a.status).toBe(400);
    expect(a.body.errors!['accessIds.0']).toEqual([PROJECT_MSG.memberNotFound]);
    expect((await o.api.get(`/api/project/${id}`)).body.data.members).toEqual([]);
    const accountant = await memberWithRole(t, o.account.id, 'accountant');
    expect((await accountant.api.get('/api/project')).status).toBe(403);
    expect((await accountant.api.post('/api/project', { name: 'No' })).status).toBe(403);
  });

  it('answers concurrent assignments without a 5xx; the last one wins whole', async () => {
    const o = await ownerWithAccount(t);
    const id = (await o.api.post('/api/project', { name: 'Busy' })).body.data.id;
    const a = await memberWithRole(t, o.account.id, 'accountant');
    const b = await memberWithRole(t, o.account.id, 'finance-manager');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        o.api.post(`/api/project/${id}/assign`, {
          accessIds: i % 2 ? [a.member.id, b.member.id] : [a.member.id],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const members = (await o.api.get(`/api/project/${id}`)).body.data.members.map((m: any) => m.accessId);
    expect([[a.member.id], [a.member.id, b.member.id].sort()]).toContainEqual([...members].sort());
  });
});
