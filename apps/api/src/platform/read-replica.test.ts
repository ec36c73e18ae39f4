// Reads that may lag go to the read replica (decision 017): insights, CSV exports and statements read
// there and nowhere else, never write, answer what the primary answers, and fall back to the primary
// while the replica does not answer. Against a reader that cannot write (a read-only session on the
// same database) always, and against a real PostgreSQL hot standby when TEST_DATABASE_READ_URL names
// one (`.ci/run` builds one beside its PostgreSQL 15 pass).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppOn,
  createTestDatabase,
  ownerWithAccount,
  secondInstance,
  waitFor,
  type TestApp,
} from '../../test/helpers';
import { createWallet, getWalletByCurrency } from '../modules/money/wallets';
import { seedInsightRows } from '../../test/seeds/insights';

const standby = process.env.TEST_DATABASE_READ_URL;

/** The reader's URL for the test database `dbUrl`: the standby's copy of it, or a read-only session. */
function readerUrl(dbUrl: string): string {
  const u = new URL(standby ?? dbUrl);
  u.pathname = new URL(dbUrl).pathname;
  if (!standby) u.searchParams.set('options', '-c default_transaction_read_only=on');
  u.searchParams.set('application_name', 'owo-reader');
  return u.toString();
}

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  const dbUrl = await createTestDatabase();
  t = await createAppOn(dbUrl, { DATABASE_READ_URL: readerUrl(dbUrl) });
  plain = await secondInstance(t, { DATABASE_READ_URL: undefined });
});
afterAll(async () => {
  await plain?.close();
  await t?.close();
});

/** Connections the reader's pool handed out so far. */
function readerUse() {
  const reads = t.app.deps.reads!;
  let n = 0;
  reads.pool.on('acquire', () => n++);
  return () => n;
}

async function company() {
  const o = await ownerWithAccount(t);
  const wallet =
    (await getWalletByCurrency(t.db, o.account.id, 'NGN')) ??
    (await createWallet(t.db, { accountId: o.account.id, currency: 'NGN' }));
  await seedInsightRows(t.db, {
    accountId: o.account.id,
    walletId: wallet.id,
    userIds: [o.user.id],
    subsidiaryIds: [],
    count: 120,
    days: 30,
    ref: `R${randomBytes(4).toString('hex')}`,
  });
  if (standby) {
    // Wait until the standby has replayed everything written so far (state, not time).
    const [{ lsn }] = (await t.db.execute(`select pg_current_wal_lsn()::text as lsn`)).rows as {
      lsn: string;
    }[];
    await waitFor('the standby to replay the seed', async () => {
      // The test database itself may not have reached the standby yet: not connectable is "not yet".
      const r = await t.app.deps
        .reads!.pool.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])
        .catch(() => null);
      return r?.rows[0].done;
    });
    // The monitor checks every 5 s; its last answer may predate the standby having this database.
    await t.app.deps.reads!.check();
  }
  return { o, wallet };
}

describe('read replica (decision 017)', () => {
  it('insights, CSV exports and statements read on the replica, answer what the primary answers, and never write', async () => {
    const { o, wallet } = await company();
    expect(t.app.deps.reads!.usable()).toBe(true);
    const onPlain = (p: string) =>
      fetch(`${plain.baseUrl}${p}`, {
        headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const used = readerUse();
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const span = `from=${day(40)}&to=${day(0)}`; // a fixed window: both answers cover the same days
    const routed = [
      `/api/insights/dashboard?period=month&currency=NGN&${span}`,
      `/api/insights/payment-overview?period=week&currency=NGN&${span}`,
      `/api/insights/team-report?period=month&${span}`,
      '/api/insights/forecast?currency=NGN&weeks=13',
      `/api/insights/dashboard?format=csv&panel=vendorPayments&${span}`,
      '/api/transactions?format=csv',
      '/api/payouts?format=csv',
      '/api/expense?format=csv',
      '/api/payee?format=csv',
      '/api/inflows/customers?format=csv',
      '/api/inflows/invoice?format=csv',
      '/api/requests?format=csv',
      '/api/audit-log?format=csv',
    ];
    for (const p of routed) {
      const before = used();
      const r = await o.api.call('GET', p);
      expect([p, r.status]).toEqual([p, 200]);
      expect(used(), `${p} read on the replica`).toBeGreaterThan(before);
      const want = await onPlain(p);
      const got = p.includes('csv') ? ((r.body as { raw?: string }).raw ?? '') : JSON.stringify(r.body);
      expect(got, `${p} answers what the primary answers`).toBe(
        p.includes('csv') ? want.text : JSON.stringify(JSON.parse(want.text)),
      );
    }
    const before = used();
    const st = await o.api.post('/api/transactions/statement', {
      walletId: wallet.id,
      from: day(29),
      to: day(0),
      format: 'csv',
    });
    expect(st.status).toBe(200);
    expect(used()).toBeGreaterThan(before);
    // A screen's own list shows a write at once: it stays on the primary.
    const listBefore = used();
    expect((await o.api.get('/api/transactions?page=1&limit=20')).status).toBe(200);
    expect(used()).toBe(listBefore);
  });

  it('while the replica does not answer, those reads go to the primary', async () => {
    const { o } = await company();
    const down = await secondInstance(t, {
      DATABASE_READ_URL: 'postgres://postgres:postgres@127.0.0.1:1/none?connect_timeout=2',
    });
    try {
      expect(down.app.deps.reads!.usable()).toBe(false);
      const r = await fetch(`${down.baseUrl}/api/insights/dashboard?period=month`, {
        headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
      });
      expect(r.status).toBe(200);
      // It comes back by itself once a check finds it answering.
      expect(await t.app.deps.reads!.check()).toBe(true);
    } finally {
      await down.close();
    }
  });
});
