// The list cache (platform/list-cache.ts, docs/decisions/009-list-cache.md): a page cached in one API
// instance is answered again only while nothing of its account changed, whichever instance or
// connection wrote the change; it is never handed to a caller the request's own statement did not
// admit; and the change feed is pruned only below a horizon no cached snapshot can predate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { transactionHistoryQuery } from '@owo/contract';
import {
  client,
  createTestApp,
  makeAccount,
  memberWithRole,
  ownerWithAccount,
  secondInstance,
  type TestApp,
} from './helpers';
import { fundWallet } from '../src/modules/money/test-utils';
import { listHistory } from '../src/modules/money/history-fused';
import { ListCache, listChangesPruner } from '../src/platform/list-cache';
import { accountMembers, users } from '../src/platform/schema';

const LIST = '/api/transactions?page=1&limit=20';

describe('list cache across two API instances', () => {
  let t: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const walletOf = async (o: Awaited<ReturnType<typeof ownerWithAccount>>) =>
    (await o.api.get('/api/wallet')).body.data[0] as { id: string };

  it('answers a cached page until the account changes, through any connection, then reads it again', async () => {
    const o = await ownerWithAccount(t);
    const wallet = await walletOf(o);
    await fundWallet(t.app.deps, wallet.id, 100_00);
    const viaSecond = client(second, { token: o.token, accountId: o.account.id });
    const stats = second.app.listCache!.stats;

    const first = await viaSecond.get(LIST);
    expect(first.body.metadata.pagination.totalItems).toBe(1);
    const hits = stats.hits;
    const again = await viaSecond.get(LIST);
    expect(stats.hits).toBe(hits + 1);
    expect(again.body).toEqual(first.body);

    // A deposit written through the FIRST instance's pool: the next answer has it.
    await fundWallet(t.app.deps, wallet.id, 200_00);
    const fills = stats.fills;
    const after = await viaSecond.get(LIST);
    expect(stats.fills).toBe(fills + 1);
    expect(after.body.metadata.pagination.totalItems).toBe(2);
    expect(after.body.data[0].amountMinor).toBe(200_00);

    // An update of a row (no new row) is a change too.
    await t.db.execute(
      sql`update transactions set narration = 'Changed by hand' where id = ${after.body.data[1].id}`,
    );
    expect((await viaSecond.get(LIST)).body.data[1].narration).toBe('Changed by hand');
    const hitsNow = stats.hits;
    expect((await viaSecond.get(LIST)).body.data[1].narration).toBe('Changed by hand');
    expect(stats.hits).toBe(hitsNow + 1);
  });

  it('keeps answering from the cache when only another account changed', async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    await fundWallet(t.app.deps, (await walletOf(a)).id, 50_00);
    const viaSecond = client(second, { token: a.token, accountId: a.account.id });
    await viaSecond.get(LIST);
    const hits = second.app.listCache!.stats.hits;
    await fundWallet(t.app.deps, (await walletOf(b)).id, 70_00);
    const res = await viaSecond.get(LIST);
    expect(second.app.listCache!.stats.hits).toBe(hits + 1);
    expect(res.body.metadata.pagination.totalItems).toBe(1);
  });

  it('never hands a cached page to a caller the statement did not admit, and follows an active-account switch', async () => {
    const o = await ownerWithAccount(t);
    await fundWallet(t.app.deps, (await walletOf(o)).id, 10_00);
    const viaSecond = client(second, { token: o.token, accountId: o.account.id });
    expect((await viaSecond.get(LIST)).status).toBe(200); // cached under the account's key
    const stranger = await ownerWithAccount(t);
    const res = await client(second, { token: stranger.token, accountId: o.account.id }).get(LIST);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('transaction');

    // No account header: the page of the token's ACTIVE account, cached under the token.
    const noHeader = client(second, { token: o.token });
    expect((await noHeader.get(LIST)).body.metadata.pagination.totalItems).toBe(1);
    const other = await makeAccount(t, o.user.id, { name: 'Second Co' }); // becomes the active account
    const switched = await noHeader.get(LIST);
    expect(switched.status).toBe(200);
    expect(switched.body.metadata.pagination.totalItems).toBe(0);
    await t.db.update(users).set({ activeAccountId: o.account.id }).where(eq(users.id, o.user.id));
    expect((await noHeader.get(LIST)).body.metadata.pagination.totalItems).toBe(1);
    expect(other.id).not.toBe(o.account.id);
  });

  it('applies a sign-out, a custom role losing the permission and a changed user on the next request, while the page is cached elsewhere', async () => {
    const o = await ownerWithAccount(t);
    await fundWallet(t.app.deps, (await walletOf(o)).id, 10_00);
    const role = await o.api.post('/api/role', {
      name: 'Ledger reader',
      description: 'Reads transactions',
      resources: { transactions: ['get'] },
    });
    expect(role.status).toBe(201);
    const reader = await memberWithRole(t, o.account.id, role.body.data.slug);
    const viaSecond = client(second, { token: reader.token, accountId: o.account.id });
    const stats = second.app.listCache!.stats;
    const warm = async () => {
      expect((await viaSecond.get(LIST)).status).toBe(200);
      const hits = stats.hits;
      expect((await viaSecond.get(LIST)).status).toBe(200);
      expect(stats.hits).toBe(hits + 1); // answered from the cache, context included
    };

    await warm();
    // The role loses the permission (through the first instance): 403 at once in the second.
    const edited = await o.api.put(`/api/role/${role.body.data.id}`, {
      name: 'Ledger reader',
      description: 'Reads nothing now',
      resources: { inflows: ['get'] },
    });
    expect(edited.status).toBe(200);
    expect((await viaSecond.get(LIST)).status).toBe(403);
    expect(
      (
        await o.api.put(`/api/role/${role.body.data.id}`, {
          name: 'Ledger reader',
          description: 'Reads transactions again',
          resources: { transactions: ['get'] },
        })
      ).status,
    ).toBe(200);

    await warm();
    // The user's email is unconfirmed again (a users row change): refused at once.
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, reader.user.id));
    expect((await viaSecond.get(LIST)).status).toBe(403);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, reader.user.id));

    await warm();
    // The member deactivated, then back.
    await t.db.update(accountMembers).set({ active: false }).where(eq(accountMembers.id, reader.member.id));
    expect((await viaSecond.get(LIST)).status).toBe(403);
    await t.db.update(accountMembers).set({ active: true }).where(eq(accountMembers.id, reader.member.id));

    await warm();
    // Signing out through the first instance ends the session in the second at once.
    expect((await client(t, { token: reader.token }).post('/api/auth/logout')).status).toBe(200);
    expect((await viaSecond.get(LIST)).status).toBe(401);
  });

  it('does not cache a rolling period, which moves with the clock', async () => {
    const o = await ownerWithAccount(t);
    const viaSecond = client(second, { token: o.token, accountId: o.account.id });
    const { hits, fills } = second.app.listCache!.stats;
    for (let i = 0; i < 3; i++) expect((await viaSecond.get(`${LIST}&period=7d`)).status).toBe(200);
    expect(second.app.listCache!.stats).toEqual({ hits, fills });
  });

  it('matches a fresh read after every step of random deposits, edits and reads through either instance', async () => {
    const o = await ownerWithAccount(t);
    const wallet = await walletOf(o);
    const apis = [o.api, client(second, { token: o.token, accountId: o.account.id })];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 5_000_00 }) }),
      fc.record({ kind: fc.constant('edit' as const), nth: fc.nat(30), text: fc.string({ maxLength: 12 }) }),
      fc.record({
        kind: fc.constant('read' as const),
        via: fc.integer({ min: 0, max: 1 }),
        page: fc.integer({ min: 1, max: 3 }),
        limit: fc.constantFrom(10, 20),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'deposit') await fundWallet(t.app.deps, wallet.id, s.amount);
          else if (s.kind === 'edit')
            await t.db.execute(sql`update transactions set narration = ${`n ${s.text}`}
              where id = (select id from transactions where account_id = ${o.account.id}
                          order by created_at desc, id desc offset ${s.nth} limit 1)`);
          else {
            const url = `/api/transactions?page=${s.page}&limit=${s.limit}`;
            const res = await apis[s.via].get(url);
            const q = transactionHistoryQuery.parse({ page: String(s.page), limit: String(s.limit) });
            const fresh = await listHistory(t.db, o.account.id, q);
            expect(res.body.metadata.pagination.totalItems).toBe(fresh.total);
            expect(
              (res.body.data as { id: string; narration: string | null; amountMinor: number }[]).map((r) => [
                r.id,
                r.narration,
                r.amountMinor,
              ]),
            ).toEqual(fresh.items.map((r) => [r.id, r.narration, r.amountMinor]));
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('reads every page again after a TRUNCATE (a change of every account)', async () => {
    const o = await ownerWithAccount(t);
    await fundWallet(t.app.deps, (await walletOf(o)).id, 10_00);
    const viaSecond = client(second, { token: o.token, accountId: o.account.id });
    expect((await viaSecond.get(LIST)).body.metadata.pagination.totalItems).toBe(1);
    await t.db.execute(sql`truncate transactions cascade`);
    expect((await viaSecond.get(LIST)).body.metadata.pagination.totalItems).toBe(0);
  });
});

describe('ListCache and the change feed pruner', () => {
  it('drops the least recently used page past its memory, and a page unchecked for too long', () => {
    const page = (n: number) => ({ page: 'x'.repeat(n), total: 1 });
    const c = new ListCache(3_000, 1_000);
    c.set('a', 'acc', page(1_000), 's', 0);
    c.set('b', 'acc', page(1_000), 's', 0);
    expect(c.get('a', 10)).toBeDefined(); // a is now the most recent
    c.set('c', 'acc', page(1_000), 's', 0);
    expect(c.get('b', 10)).toBeUndefined();
    expect(c.get('a', 10)).toBeDefined();
    expect(c.get('c', 10)).toBeDefined();
    expect(c.get('a', 1_000)).toBeUndefined(); // unchecked for maxAge: dropped, not checked
    c.set('big', 'acc', page(5_000), 's', 0); // larger than the whole cache: not kept
    expect(c.get('big', 10)).toBeUndefined();
  });

  it('prunes only below the horizon it recorded at least twice the page age earlier', async () => {
    const t = await createTestApp();
    try {
      const o = await ownerWithAccount(t);
      const wallet = (await o.api.get('/api/wallet')).body.data[0] as { id: string };
      await fundWallet(t.app.deps, wallet.id, 10_00);
      // The horizon is the cluster's oldest running transaction, so other test files' transactions
      // decide how far it reaches: count against the horizon the pruner recorded.
      const count = async (where = sql`true`) =>
        Number(
          (
            (await t.db.execute(
              sql`select count(*)::int as n from list_changes where ${where}`,
            )) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0].n,
        );
      expect(await count()).toBeGreaterThan(0);
      const prune = listChangesPruner(1_000);
      expect(await prune(t.db, 0)).toBe(0); // records the horizon
      const horizon = prune.recorded()!.xmin;
      await fundWallet(t.app.deps, wallet.id, 20_00); // a change after the horizon
      const later = await count(sql`xid >= ${horizon}::bigint`);
      expect(later).toBeGreaterThan(0);
      const below = await count(sql`xid < ${horizon}::bigint`);
      expect(await prune(t.db, 1_500)).toBe(0); // too soon
      expect(await prune(t.db, 2_000)).toBe(below); // everything below the first horizon
      expect(await count(sql`xid < ${horizon}::bigint`)).toBe(0);
      expect(await count(sql`xid >= ${horizon}::bigint`)).toBe(later); // the later change is kept
    } finally {
      await t.close();
    }
  });
});
