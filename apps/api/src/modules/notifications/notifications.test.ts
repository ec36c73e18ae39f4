import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { notifications } from '../../platform/schema';
import { categoryOfTopic, createNotification } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function seed(
  accountId: string,
  userId: string,
  n: number,
  extra: Partial<Parameters<typeof createNotification>[1]> = {},
) {
  for (let i = 0; i < n; i++) {
    await createNotification(t.db, {
      accountId,
      topic: 'Payout',
      value: `Payout ${i} sent`,
      userIds: [userId],
      props: { transactionId: `tx-${i}` },
      ...extra,
    });
  }
}

describe('GET /api/me/notifications', () => {
  it('pages the caller own notifications, newest first, in the 000 §3 shape', async () => {
    const o = await ownerWithAccount(t, { name: 'Zeta Ltd' });
    await seed(o.account.id, o.user.id, 12);
    const api = client(t, { token: o.token });
    const res = await api.get('/api/me/notifications');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.metadata.pagination).toEqual({ page: 1, limit: 10, totalItems: 12, totalPages: 2 });
    expect(res.body.metadata.filter).toEqual({ read: null });
    expect(res.body.metadata.unreadCount).toBe(12);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      read: false,
      kind: 'event',
      notification: {
        topic: 'Payout',
        value: 'Payout 11 sent',
        createdAt: expect.any(String),
        account: { account: { id: o.account.id, name: 'Zeta Ltd' } },
        props: { transactionId: 'tx-11' },
      },
    });
    const page2 = await api.get('/api/me/notifications?page=2');
    expect(page2.body.data.map((n: any) => n.notification.value)).toEqual(['Payout 1 sent', 'Payout 0 sent']);
  });

  it('filters by read state with where=read|unread or JSON', async () => {
    const o = await ownerWithAccount(t);
    await seed(o.account.id, o.user.id, 3);
    const api = client(t, { token: o.token });
    const first = (await api.get('/api/me/notifications')).body.data[0];
    await api.patch(`/api/me/notifications/${first.id}`, { read: true });
    expect((await api.get('/api/me/notifications?where=read')).body.data.map((n: any) => n.id)).toEqual([
      first.id,
    ]);
    expect((await api.get('/api/me/notifications?where=unread')).body.data).toHaveLength(2);
    const json = await api.get(`/api/me/notifications?where=${encodeURIComponent('{"read":false}')}`);
    expect(json.body.data).toHaveLength(2);
    expect(json.body.metadata.filter).toEqual({ read: false });
    const bad = await api.get('/api/me/notifications?where=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('where');
    expect((await api.get('/api/me/notifications?limit=0')).body.errors).toHaveProperty('limit');
  });

  it('needs a session', async () => {
    expect((await client(t).get('/api/me/notifications')).status).toBe(401);
  });
});

describe('marking and deleting', () => {
  it('marks one and all as read, deletes one and all', async () => {
    const o = await ownerWithAccount(t);
    await seed(o.account.id, o.user.id, 3);
    const api = client(t, { token: o.token });
    const [a, b] = (await api.get('/api/me/notifications')).body.data;
    let res = await api.patch(`/api/me/notifications/${a.id}`, { read: true });
    expect(res.status).toBe(200);
    expect((await t.db.select().from(notifications).where(eq(notifications.id, a.id)))[0].read).toBe(true);
    res = await api.patch('/api/me/notifications', { read: true });
    expect(res.body.data.count).toBe(2);
    expect((await api.get('/api/me/notifications?where=unread')).body.data).toHaveLength(0);
    res = await api.delete(`/api/me/notifications/${b.id}`);
    expect(res.status).toBe(200);
    expect((await api.get('/api/me/notifications')).body.metadata.pagination.totalItems).toBe(2);
    res = await api.delete('/api/me/notifications');
    expect(res.body.data.count).toBe(2);
    expect((await api.get('/api/me/notifications')).body.data).toEqual([]);
  });

  it("cannot read, mark or delete another user's notification (404), and leaves it untouched", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    await seed(a.account.id, a.user.id, 1);
    const [mine] = (await client(t, { token: a.token }).get('/api/me/notifications')).body.data;
    const apiB = client(t, { token: b.token });
    expect((await apiB.patch(`/api/me/notifications/${mine.id}`, { read: true })).status).toBe(404);
    expect((await apiB.delete(`/api/me/notifications/${mine.id}`)).status).toBe(404);
    await apiB.patch('/api/me/notifications', { read: true });
    await apiB.delete('/api/me/notifications');
    expect((await apiB.get('/api/me/notifications')).body.data).toEqual([]);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row.read).toBe(false);
  });

  it('validates ids and bodies', async () => {
    const o = await ownerWithAccount(t);
    const api = client(t, { token: o.token });
    expect((await api.patch('/api/me/notifications/not-a-uuid', { read: true })).body.errors).toHaveProperty(
      'id',
    );
    const res = await api.patch('/api/me/notifications', { read: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ read: ['Read must be true or false'] });
  });
});

describe('notification preferences', () => {
  it('defaults every category on, saves changes, and skips in-app notifications the user turned off', async () => {
    const o = await ownerWithAccount(t);
    const admin = await makeUser(t);
    await addMember(t, o.account.id, admin.user.id, 'admin');
    const api = client(t, { token: o.token });
    let res = await api.get('/api/me/settings/notifications');
    expect(res.body.data.preferences).toHaveLength(6);
    expect(res.body.data.preferences.every((p: any) => p.email && p.inApp)).toBe(true);
    res = await api.put('/api/me/settings/notifications', {
      preferences: [{ category: 'payments', email: true, inApp: false }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.preferences.find((p: any) => p.category === 'payments')).toMatchObject({
      email: true,
      inApp: false,
    });

    await createNotification(t.db, {
      accountId: o.account.id,
      topic: 'Payout completed',
      value: 'Payout of ₦5,000.00 sent',
    });
    await createNotification(t.db, { accountId: o.account.id, topic: 'Security', value: 'New sign-in' });
    const ownerRows = await t.db.select().from(notifications).where(eq(notifications.userId, o.user.id));
    expect(ownerRows.map((n) => n.topic)).toEqual(['Security']);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, admin.user.id)),
    ).toHaveLength(2);
  });

  it('refuses unknown categories and duplicates', async () => {
    const o = await ownerWithAccount(t);
    const api = client(t, { token: o.token });
    let res = await api.put('/api/me/settings/notifications', {
      preferences: [{ category: 'spam', email: true, inApp: true }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('preferences.0.category');
    res = await api.put('/api/me/settings/notifications', {
      preferences: [
        { category: 'team', email: false, inApp: true },
        { category: 'team', email: true, inApp: true },
      ],
    });
    expect(res.body.errors).toHaveProperty('preferences.1.category');
    expect(
      (await api.get('/api/me/settings/notifications')).body.data.preferences.find(
        (p: any) => p.category === 'team',
      ).email,
    ).toBe(true);
  });

  it('guesses categories from topics; security notices have none', () => {
    expect(categoryOfTopic('Invitation accepted')).toBe('team');
    expect(categoryOfTopic('Payroll approved')).toBe('approvals');
    expect(categoryOfTopic('Invoice paid')).toBe('invoices');
    expect(categoryOfTopic('Password changed')).toBeNull();
  });
});
