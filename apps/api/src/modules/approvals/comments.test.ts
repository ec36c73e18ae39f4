import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_COMMENT_MSG } from '@owo/contract';
import {
  client,
  createTestApp,
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { notifications } from '../../platform/schema';
import { registerApprovable, runAfterCommit, type ApprovalSubject } from './handlers';
import { submitForApproval } from './submit';
import { approvalComments } from './tables';

// The engine's comment thread (issue 24 §0), exercised with an in-memory approvable area
// ('commission'), as engine.test.ts does: the thread is the same for every type.

let t: TestApp;
const records = new Map<string, ApprovalSubject>();

beforeAll(async () => {
  t = await createTestApp();
  registerApprovable(t.app.deps, {
    type: 'commission',
    load: async (_db, _accountId, id) => records.get(id) ?? null,
    onFinalApproval: async () => {},
  });
});
afterAll(async () => {
  await t.close();
});

async function submit(accountId: string, makerUserId: string) {
  const id = randomUUID();
  records.set(id, {
    amountMinor: 500_000,
    currency: 'NGN',
    payee: 'Ada Stores',
    description: 'Commission batch',
    categoryId: null,
    subsidiaryId: null,
    makerUserId,
    reference: `cm_${id.slice(0, 8)}`,
  });
  const after: (() => Promise<void> | void)[] = [];
  const item = await t.db.transaction((tx) =>
    submitForApproval(tx, t.app.deps, {
      accountId,
      type: 'commission',
      resourceId: id,
      afterCommit: (fn) => after.push(fn),
    }),
  );
  await runAfterCommit(after);
  return item;
}

/** An owner, a maker without any approvals grant (agent), one approver, and a bystander member. */
async function team() {
  const o = await ownerWithAccount(t);
  const maker = await memberWithRole(t, o.account.id, 'agent');
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  const bystander = await memberWithRole(t, o.account.id, 'member');
  const wf = await o.api.post('/api/approval-workflows', {
    name: 'Commissions',
    type: 'commission',
    levels: [{ approverIds: [a.user.id], rule: 'any' }],
  });
  expect(wf.status).toBe(201);
  const item = await submit(o.account.id, maker.user.id);
  return { o, maker, a, bystander, itemId: item.id };
}

const path = (id: string) => `/api/approval-workflows/items/${id}/comments`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('approval comment thread', () => {
  it('answers decision comments and free comments in time order with author names', async () => {
    const { o, maker, a, itemId } = await team();
    const first = await maker.api.post(path(itemId), { body: 'Please approve before Friday' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(APPROVAL_COMMENT_MSG.added);
    await sleep(5);
    const decided = await a.api.post(`/api/approval-workflows/pending-approvals/approve/${itemId}`, {
      approvalStatus: 'approved',
      comments: 'Figures match the invoices',
    });
    expect(decided.status).toBe(200);
    await sleep(5);
    const last = await o.api.post(path(itemId), { body: '  Thanks, paid next run  ' });
    expect(last.status).toBe(201);

    const thread = await a.api.get(path(itemId));
    expect(thread.status).toBe(200);
    expect(
      thread.body.data.map((c: any) => [c.kind, c.status, c.body, c.user.id, c.user.name.length > 0]),
    ).toEqual([
      ['comment', null, 'Please approve before Friday', maker.user.id, true],
      ['decision', 'Approved', 'Figures match the invoices', a.user.id, true],
      ['comment', null, 'Thanks, paid next run', o.user.id, true],
    ]);
    const times = thread.body.data.map((c: any) => Date.parse(c.createdAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // the POST answers the thread too, and the maker reads the same thread
    expect(last.body.data).toEqual(thread.body.data);
    expect((await maker.api.get(path(itemId))).body.data).toEqual(thread.body.data);
  });

  it('notifies the maker and earlier participants, never the author', async () => {
    const { o, maker, a, itemId } = await team();
    await a.api.post(path(itemId), { body: 'Which agent is this for?' });
    const note = async (userId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.topic, 'New approval comment')));
    expect(await note(maker.user.id)).toHaveLength(1);
    expect(await note(a.user.id)).toHaveLength(0);
    await maker.api.post(path(itemId), { body: 'Agent Bola' });
    expect(await note(a.user.id)).toHaveLength(1); // an earlier commenter hears of the reply
    expect(await note(maker.user.id)).toHaveLength(1); // not of their own comment
    expect(await note(o.user.id)).toHaveLength(0); // the owner took no part
    expect((await note(a.user.id))[0].value).toContain('Agent Bola');
    // Mailed too, to those who keep email on for approvals (the engine's mail rule).
    const mailA = await lastMailTo(t, a.user.email);
    expect(mailA?.subject).toMatch(/^New comment: /);
    expect(mailA?.text).toContain('Agent Bola');
    expect((await lastMailTo(t, maker.user.email))?.text).toContain('Which agent is this for?');
    const off = await a.api.put('/api/me/settings/notifications', {
      preferences: [{ category: 'approvals', email: false, inApp: true }],
    });
    expect(off.status).toBe(200);
    await maker.api.post(path(itemId), { body: 'One more thing' });
    expect(await note(a.user.id)).toHaveLength(2); // still told in the app
    expect((await lastMailTo(t, a.user.email))?.text).not.toContain('One more thing');
  });

  it('keeps comments between 1 and 1000 characters and changes nothing on bad input', async () => {
    const { maker, itemId } = await team();
    const count = async () =>
      (await t.db.select().from(approvalComments).where(eq(approvalComments.itemId, itemId))).length;
    const empty = await maker.api.post(path(itemId), { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors!.body).toEqual([APPROVAL_COMMENT_MSG.required]);
    const missing = await maker.api.post(path(itemId), {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors!.body).toEqual([APPROVAL_COMMENT_MSG.required]);
    const long = await maker.api.post(path(itemId), { body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors!.body).toEqual([APPROVAL_COMMENT_MSG.length]);
    expect(await count()).toBe(0);
    expect((await maker.api.post(path(itemId), { body: 'x' })).status).toBe(201);
    expect((await maker.api.post(path(itemId), { body: 'y'.repeat(1000) })).status).toBe(201);
    expect(await count()).toBe(2);
    expect((await maker.api.get('/api/approval-workflows/items/not-a-uuid/comments')).status).toBe(400);
  });

  it('lets only involved members or approvals readers in: a bystander gets 403', async () => {
    const { bystander, itemId } = await team();
    const read = await bystander.api.get(path(itemId));
    expect(read.status).toBe(403);
    const write = await bystander.api.post(path(itemId), { body: 'Let me in' });
    expect(write.status).toBe(403);
    expect(
      (await t.db.select().from(approvalComments).where(eq(approvalComments.itemId, itemId))).length,
    ).toBe(0);
  });

  it('answers 404 for another account’s item, whatever account header is sent', async () => {
    const { o, maker, itemId } = await team();
    await maker.api.post(path(itemId), { body: 'Internal note' });
    const other = await ownerWithAccount(t);
    // in their own account, the item does not exist
    const mine = await other.api.get(path(itemId));
    expect(mine.status).toBe(404);
    expect(JSON.stringify(mine.body)).not.toContain('Internal note');
    expect((await other.api.post(path(itemId), { body: 'Hello' })).status).toBe(404);
    // naming the item's account in the header: not a member there, still 404
    const intruder = client(t, { token: other.token, accountId: o.account.id });
    expect((await intruder.get(path(itemId))).status).toBe(404);
    expect((await intruder.post(path(itemId), { body: 'Hello' })).status).toBe(404);
    // an unknown id in one's own account is 404 too
    expect((await maker.api.get(path(randomUUID()))).status).toBe(404);
    expect(
      (await t.db.select().from(approvalComments).where(eq(approvalComments.itemId, itemId))).length,
    ).toBe(1);
  });
});
