import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/helpers';
import { createDb, createPool, hotStatement, lostConnection, type Db } from './db';

let pool: ReturnType<typeof createPool>;
let db: Db;
beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 3);
  db = createDb(pool);
  await db.execute(sql`create table hot_t (id int primary key, note text)`);
});
afterAll(() => pool.end());

describe('hotStatement', () => {
  let builds = 0;
  const insert = hotStatement<'id' | 'note'>('test_hot_insert', (p) => {
    builds++;
    return sql`insert into hot_t (id, note) values (${p.id}::int, ${p.note}::text) returning id, note, 'constant' as c`;
  });

  it('builds its SQL once and binds values by key on every call', async () => {
    expect(await insert(db, { id: 1, note: 'one' })).toEqual([{ id: 1, note: 'one', c: 'constant' }]);
    expect(await insert(db, { note: null, id: 2 })).toEqual([{ id: 2, note: null, c: 'constant' }]);
    // many calls in parallel across the pool's connections (each prepares it once)
    await Promise.all([3, 4, 5, 6, 7].map((id) => insert(db, { id, note: `n${id}` })));
    expect(builds).toBe(1);
    const { rows } = await pool.query('select count(*)::int as n from hot_t');
    expect(rows[0].n).toBe(7);
  });

  it("runs on a transaction's own connection: a rollback undoes it, a nested savepoint too", async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, { id: 10, note: 'in tx' });
        // visible inside the transaction, so it ran on the transaction's client
        expect((await tx.execute(sql`select note from hot_t where id = 10`)).rows).toEqual([
          { note: 'in tx' },
        ]);
        await tx
          .transaction(async (sp) => {
            await insert(sp, { id: 11, note: 'in savepoint' });
            throw new Error('undo the savepoint');
          })
          .catch(() => undefined);
        expect((await tx.execute(sql`select id from hot_t where id = 11`)).rows).toEqual([]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await pool.query('select id from hot_t where id >= 10')).rows).toEqual([]);
  });

  it("fails with the driver's error (code and constraint readable) and the connection stays usable", async () => {
    await expect(insert(db, { id: 1, note: 'again' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'hot_t_pkey',
    });
    expect(await insert(db, { id: 20, note: 'after' })).toHaveLength(1);
  });
});

describe('a connection dropped mid-transaction (no-5xx, found by the fault simulator)', () => {
  it('does not crash the process: the transaction fails as a lost connection, nothing commits', async () => {
    await db.execute(sql`create table drop_t (id int primary key)`);
    const crashes: unknown[] = [];
    const onUncaught = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const failed = await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into drop_t values (1)`);
          const [{ pid }] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as { pid: number }[];
          // An admin (or a failover) ends this backend while the transaction waits on the app.
          await pool.query('select pg_terminate_backend($1)', [pid]);
          await new Promise((r) => setTimeout(r, 100));
          await tx.execute(sql`insert into drop_t values (2)`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failed).not.toBeNull();
      expect(lostConnection(failed)).toBe(true);
      expect(crashes).toEqual([]);
      expect((await pool.query('select count(*)::int as n from drop_t')).rows[0].n).toBe(0);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
