// npm run bench:approvals — the approvals engine on a throwaway embedded PostgreSQL.
//   A. decisions per second on a two-level workflow (level 1: any of 8, level 2: any of 8) with
//      8 approvers deciding concurrently, each on its own items (row lock + trail link + notifications
//      per decision; the final approval calls the area's handler).
//   B. the pending list (GET /approval-workflows/pending-approvals/{type}, page 1 of 20) with 10,000
//      pending items for the caller: p50 / p99 over repeated calls; B2. the same for an admin over
//      10,000 items whose level names nobody (resolved to the owners and admins at read time).
// Ends with `name: value unit` lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createDb,
  createPool,
  ensureDatabase,
  runMigrations,
  startEmbeddedPostgres,
  type Db,
} from '../apps/api/src/platform/db';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { accountMembers, accounts, approvalWorkflows, users } from '../apps/api/src/platform/schema';
import { listForViewer } from '../apps/api/src/modules/approvals/read';
import {
  decide,
  registerApprovable,
  submitForApproval,
  type ApprovalSubject,
} from '../apps/api/src/modules/approvals';
import { verifyAllChains } from '../apps/api/src/modules/approvals/trail';
import { benchSize } from './support';

const APPROVERS = 8;
const ITEMS_PER_APPROVER = benchSize('BENCH_ITEMS', 60, 3);
const PENDING = benchSize('BENCH_PENDING', 10_000, 100);
const LIST_CALLS = benchSize('BENCH_LIST_CALLS', 200, 10);

async function user(db: Db, name: string) {
  const [u] = await db
    .insert(users)
    .values({
      email: `${name}.${randomUUID().slice(0, 6)}@bench.ng`,
      passwordHash: 'x',
      firstName: name,
      lastName: 'B',
    })
    .returning();
  return u.id;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  try {
    await ensureDatabase(server.url('postgres'), 'bench');
    const pool = createPool(server.url('bench'), APPROVERS + 2);
    const db = createDb(pool);
    await runMigrations(db);
    const deps = { db, pool, seams: emptySeams(), config: {} } as unknown as AppDeps;
    const records = new Map<string, ApprovalSubject>();
    let finals = 0;
    registerApprovable(deps, {
      type: 'commission',
      load: async (_db, _a, id) => records.get(id) ?? null,
      onFinalApproval: async () => {
        finals++;
      },
    });
    console.log(
      `Owo approvals benchmark: ${APPROVERS} approvers x ${ITEMS_PER_APPROVER} items, two levels; ${PENDING} pending for the list; ${os.cpus().length} CPUs\n`,
    );

    const maker = await user(db, 'Maker');
    const [account] = await db
      .insert(accounts)
      .values({ name: 'Bench Co', type: 'business', ownerUserId: maker })
      .returning();
    await db.insert(accountMembers).values({ accountId: account.id, userId: maker, roleSlug: 'owner' });
    const approvers: string[] = [];
    for (let i = 0; i < APPROVERS; i++) {
      const id = await user(db, `Approver${i}`);
      await db
        .insert(accountMembers)
        .values({ accountId: account.id, userId: id, roleSlug: 'finance-manager' });
      approvers.push(id);
    }
    await db.insert(approvalWorkflows).values({
      accountId: account.id,
      name: 'Two levels',
      type: 'commission',
      levels: [
        { approverIds: approvers, rule: 'any' },
        { approverIds: approvers, rule: 'any' },
      ],
    });

    // A. decisions per second
    const items: string[][] = approvers.map(() => []);
    for (let w = 0; w < APPROVERS; w++) {
      for (let i = 0; i < ITEMS_PER_APPROVER; i++) {
        const id = randomUUID();
        records.set(id, {
          amountMinor: 100_000 + i,
          currency: 'NGN',
          payee: 'Bench Payee',
          description: null,
          categoryId: null,
          subsidiaryId: null,
          makerUserId: maker,
          reference: null,
        });
        const item = await db.transaction((tx) =>
          submitForApproval(tx, deps, {
            accountId: account.id,
            type: 'commission',
            resourceId: id,
            afterCommit: () => {},
          }),
        );
        items[w].push(item.id);
      }
    }
    const t0 = performance.now();
    await Promise.all(
      approvers.map(async (me, w) => {
        const second = approvers[(w + 1) % APPROVERS];
        for (const id of items[w]) {
          for (const who of [me, second])
            await decide(deps, {
              accountId: account.id,
              userId: who,
              approvalId: id,
              approvalStatus: 'approved',
              comments: 'Bench approval',
            });
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const decisions = APPROVERS * ITEMS_PER_APPROVER * 2;
    const dps = decisions / secs;
    console.log(
      `A. ${decisions} decisions in ${secs.toFixed(2)} s: ${dps.toFixed(0)} decisions/s; final approvals ${finals}`,
    );

    // B. pending list with PENDING items for one approver
    const viewer = approvers[0];
    await db.execute(sql`
      insert into approval_items (account_id, type, resource_id, workflow_name, levels, current_level, current_approver_ids, status, maker_user_id, amount_minor, payee, created_at)
      select ${account.id}::uuid, 'commission', gen_random_uuid(), 'Two levels', '[]'::jsonb, 0, array[${viewer}::uuid, ${approvers[1]}::uuid],
             'pending', ${maker}::uuid, 100000 + g, 'Bench Payee', now() - (g || ' seconds')::interval
      from generate_series(1, ${PENDING}) g`);
    await db.execute(sql`analyze approval_items`);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < LIST_CALLS; i++) {
      const s = performance.now();
      const r = await listForViewer(db, {
        accountId: account.id,
        viewerId: viewer,
        type: 'commission',
        which: 'pending',
        page: 1 + (i % 5),
        limit: 20,
      });
      times.push(performance.now() - s);
      total = r.total;
    }
    console.log(
      `B. pending list, ${total} pending for the caller, ${LIST_CALLS} calls: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`,
    );
    // B2. the same for an admin standing in (issue 34 §9): items whose level names nobody (the AP
    // policy's) resolve to the owners and admins at read time, checked per row in the one query.
    const admin = await user(db, 'Admin');
    await db.insert(accountMembers).values({ accountId: account.id, userId: admin, roleSlug: 'admin' });
    await db.execute(sql`
      insert into approval_items (account_id, type, resource_id, workflow_name, levels, current_level, current_approver_ids, status, maker_user_id, amount_minor, payee, created_at)
      select ${account.id}::uuid, 'payout', gen_random_uuid(), 'AP policy', '[{"approverIds": [], "rule": "any"}]'::jsonb, 0, '{}'::uuid[],
             'pending', ${maker}::uuid, 100000 + g, 'Bench Payee', now() - (g || ' seconds')::interval
      from generate_series(1, ${PENDING}) g`);
    await db.execute(sql`analyze approval_items`);
    const adminTimes: number[] = [];
    let adminTotal = 0;
    for (let i = 0; i < LIST_CALLS; i++) {
      const s = performance.now();
      const r = await listForViewer(db, {
        accountId: account.id,
        viewerId: admin,
        type: 'payout',
        which: 'pending',
        page: 1 + (i % 5),
        limit: 20,
      });
      adminTimes.push(performance.now() - s);
      adminTotal = r.total;
    }
    console.log(
      `B2. pending list for an admin standing in, ${adminTotal} pending, ${LIST_CALLS} calls: p50 ${pct(adminTimes, 50).toFixed(1)} ms, p99 ${pct(adminTimes, 99).toFixed(1)} ms`,
    );
    const chains = await verifyAllChains(db);
    console.log(
      `trail after the run: ${chains.items} items, ${chains.decisions} decisions, ${chains.broken.length} broken links\n`,
    );
    console.log(`approvals_decisions_per_second: ${dps.toFixed(0)} decisions/s`);
    console.log(`approvals_pending_list_p99_10k: ${pct(times, 99).toFixed(1)} ms`);
    console.log(`approvals_pending_list_standing_in_p99_10k: ${pct(adminTimes, 99).toFixed(1)} ms`);
    await pool.end();
    if (chains.broken.length || finals !== APPROVERS * ITEMS_PER_APPROVER) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Exits when done: a handle left open by a library (pg-boss, a pool) must not keep the figures waiting.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
