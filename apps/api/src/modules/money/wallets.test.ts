import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createPool } from '../../platform/db';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { creditDeposit } from './deposits';
import { ledgerBalance } from './ledger';
import { inboundCredits, postings, transactions, wallets } from './tables';
import { fundWallet } from './test-utils';
import { verifyLedger } from './verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('wallets', () => {
  it('gives every new account an empty NGN wallet and lists it (000 §3 Wallet)', async () => {
    const o = await ownerWithAccount(t);
    const res = await o.api.get('/api/wallet');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      currency: 'NGN',
      name: 'NGN Wallet',
      balance: '0.00',
      balanceMinor: 0,
      pendingBalance: '0.00',
    });
    const one = await o.api.get(`/api/wallet/${res.body.data[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.id).toBe(res.body.data[0].id);
  });

  it('adds one USD wallet, refuses a second and refuses NGN', async () => {
    const o = await ownerWithAccount(t);
    const created = await o.api.post('/api/wallet', { currency: 'USD' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ currency: 'USD', balance: '0.00' });
    const again = await o.api.post('/api/wallet', { currency: 'USD' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A USD wallet already exists');
    const ngn = await o.api.post('/api/wallet', { currency: 'NGN' });
    expect(ngn.status).toBe(400);
    expect(ngn.body.errors!.currency).toEqual(['Please select a currency']);
    expect(
      (await o.api.get('/api/wallet')).body.data.map((w: { currency: string }) => w.currency).sort(),
    ).toEqual(['NGN', 'USD']);
  });

  it("answers 404 for another company's wallet", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const bWallet = (await b.api.get('/api/wallet')).body.data[0];
    const res = await a.api.get(`/api/wallet/${bWallet.id}`);
    expect(res.status).toBe(404);
  });

  it('lists payout currencies (000 §3 Currency)', async () => {
    const o = await ownerWithAccount(t);
    const res = await o.api.get('/api/content/payout/currency');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { alpha2: 'NG', currency: 'NGN' },
      { alpha2: 'US', currency: 'USD' },
      { alpha2: 'GB', currency: 'GBP' },
    ]);
  });
});

describe('deposits', () => {
  it('credits a wallet once per provider reference and shows it as a deposit transaction', async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0];
    const first = await fundWallet(t.app.deps, wallet.id, 250_000);
    expect(first.credited).toBe(true);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    const again = await creditDeposit(t.app.deps, {
      accountNumber: w.virtualAccountNumber!,
      amount: 250_000,
      providerRef: (await t.db.select().from(inboundCredits).where(eq(inboundCredits.walletId, wallet.id)))[0]
        .providerRef,
      senderName: 'X',
      provider: 'sandbox',
    });
    expect(again).toEqual({ credited: false, transactionId: first.transactionId });
    const after = (await o.api.get(`/api/wallet/${wallet.id}`)).body.data;
    expect(after.balance).toBe('2500.00');
    const list = await o.api.get('/api/transactions?type=deposit');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      type: 'deposit',
      status: 'success',
      amount: '2500.00',
      counterparty: { name: 'TEST FUNDER LTD' },
    });
    expect(list.body.metadata.pagination).toEqual({ page: 1, limit: 20, totalItems: 1, totalPages: 1 });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('posts money for an unknown account number to suspense, credits nobody', async () => {
    const res = await creditDeposit(t.app.deps, {
      accountNumber: '7000000001',
      amount: 5_000,
      providerRef: 'unknown-1',
      senderName: 'STRAY',
      provider: 'sandbox',
    });
    expect(res).toEqual({ credited: false, transactionId: null });
    const dup = await creditDeposit(t.app.deps, {
      accountNumber: '7000000001',
      amount: 5_000,
      providerRef: 'unknown-1',
      senderName: 'STRAY',
      provider: 'sandbox',
    });
    expect(dup).toEqual({ credited: false, transactionId: null });
    const r = await t.db.execute(
      sql`select id from ledger_accounts where code = 'suspense' and currency = 'NGN'`,
    );
    expect(await ledgerBalance(t.db, (r.rows[0] as { id: string }).id)).toBeGreaterThanOrEqual(5_000);
    const [count] = (
      await t.db.execute(sql`select count(*)::int as n from inbound_credits where provider_ref = 'unknown-1'`)
    ).rows as { n: number }[];
    expect(count.n).toBe(1);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('ledger immutability', () => {
  it('refuses UPDATE and DELETE on postings and journal entries, and unbalanced entries', async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0];
    await fundWallet(t.app.deps, wallet.id, 1_000);
    const [p] = await t.db.select().from(postings).limit(1);
    await expect(
      t.db.execute(sql`update postings set amount = amount + 1 where id = ${p.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from postings where id = ${p.id}`)).rejects.toThrow();
    await expect(
      t.db.execute(sql`update journal_entries set memo = 'x' where id = ${p.entryId}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from journal_entries where id = ${p.entryId}`)).rejects.toThrow();
    // An entry whose postings do not sum to zero is refused by the database itself.
    await expect(
      t.db.execute(sql`
      with e as (insert into journal_entries (kind) values ('bad') returning id)
      insert into postings (entry_id, ledger_account_id, amount, currency) select e.id, ${p.ledgerAccountId}::uuid, 5, ${p.currency} from e`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/^unbalanced journal entry/) } });
    // A balanced entry whose postings are not in their ledger accounts' currency is refused too.
    await expect(
      t.db.execute(sql`
      with e as (insert into journal_entries (kind) values ('bad') returning id)
      insert into postings (entry_id, ledger_account_id, amount, currency)
      select e.id, ${p.ledgerAccountId}::uuid, v.amount, 'XXX' from e, (values (5), (-5)) v(amount)`),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/ in XXX on a NGN ledger account$/) },
    });
    // The wallet cannot go below zero even if a bug tried.
    await expect(
      t.db.execute(sql`update wallets set balance = -1 where id = ${wallet.id}`),
    ).rejects.toThrow();
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.walletId, wallet.id));
    expect(tx.type).toBe('deposit');
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses postings to an unknown entry or ledger account, entries of an unknown transaction, and deleting what the ledger references', async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0];
    await fundWallet(t.app.deps, wallet.id, 1_000);
    const [p] = await t.db.select().from(postings).limit(1);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.walletId, wallet.id));
    const fk = (message: RegExp) => ({ cause: { code: '23503', message: expect.stringMatching(message) } });
    const nobody = '00000000-0000-4000-8000-000000000001';
    // A balanced pair on an entry that does not exist.
    await expect(
      t.db.execute(sql`insert into postings (entry_id, ledger_account_id, amount, currency)
        select ${nobody}::uuid, ${p.ledgerAccountId}::uuid, v.amount, ${p.currency} from (values (5), (-5)) v(amount)`),
    ).rejects.toMatchObject(fk(/^posting to unknown journal entry/));
    // A balanced pair, one leg on a ledger account that does not exist.
    await expect(
      t.db.execute(sql`
      with e as (insert into journal_entries (kind) values ('bad') returning id)
      insert into postings (entry_id, ledger_account_id, amount, currency)
      select e.id, v.la, v.amount, ${p.currency} from e,
        (values (${p.ledgerAccountId}::uuid, 5), (${nobody}::uuid, -5)) v(la, amount)`),
    ).rejects.toMatchObject(fk(/^posting to unknown ledger account/));
    // An entry pointing at a transaction that does not exist.
    await expect(
      t.db.execute(sql`
      with e as (insert into journal_entries (kind, transaction_id) values ('bad', ${nobody}::uuid) returning id)
      insert into postings (entry_id, ledger_account_id, amount, currency)
      select e.id, ${p.ledgerAccountId}::uuid, v.amount, ${p.currency} from e, (values (5), (-5)) v(amount)`),
    ).rejects.toMatchObject(fk(/of an unknown transaction$/));
    // A transaction booked on another account's wallet.
    const other = await ownerWithAccount(t);
    const otherWallet = (await other.api.get('/api/wallet')).body.data[0];
    await expect(
      t.db.execute(sql`
      with x as (insert into transactions (account_id, wallet_id, type, status, amount, currency, reference)
                 values (${o.account.id}::uuid, ${otherWallet.id}::uuid, 'deposit', 'success', 5, 'NGN', 'cross-1') returning id),
           e as (insert into journal_entries (kind, transaction_id) select 'bad', x.id from x returning id)
      insert into postings (entry_id, ledger_account_id, amount, currency)
      select e.id, ${p.ledgerAccountId}::uuid, v.amount, ${p.currency} from e, (values (5), (-5)) v(amount)`),
    ).rejects.toMatchObject(fk(/another account's wallet/));
    // What the ledger references cannot be deleted.
    await expect(
      t.db.execute(sql`delete from ledger_accounts where id = ${p.ledgerAccountId}`),
    ).rejects.toMatchObject(fk(/^ledger accounts are never deleted/));
    await expect(t.db.execute(sql`delete from transactions where id = ${tx.id}`)).rejects.toMatchObject(
      fk(/is booked in the ledger; reverse it instead$/),
    );
    await expect(t.db.execute(sql`delete from wallets where id = ${wallet.id}`)).rejects.toMatchObject(
      fk(/has transactions$/),
    );
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('verifyLedger reports a cached balance that drifted from its postings', async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0];
    await fundWallet(t.app.deps, wallet.id, 700);
    await t.db.execute(sql`update wallets set balance = balance + 1 where id = ${wallet.id}`);
    const problems = await verifyLedger(t.db);
    expect(problems.some((x) => x.includes(wallet.id) && x.startsWith('wallet balance'))).toBe(true);
    await t.db.execute(sql`update wallets set balance = balance - 1 where id = ${wallet.id}`);
    expect(await verifyLedger(t.db)).toEqual([]);
    // A wallet's ledger accounts keep their balance in the wallet row only (migration 0022), and
    // ledgerBalance reads it from there; a pending balance that drifts is reported as such.
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(await ledgerBalance(t.db, w.ledgerAccountId)).toBe(w.balance);
    await expect(
      t.db.execute(sql`update ledger_accounts set balance = 700 where id = ${w.ledgerAccountId}`),
    ).rejects.toMatchObject({ cause: { constraint: 'ledger_accounts_wallet_balance_in_wallet' } });
    await t.db.execute(sql`update wallets set pending_balance = 3 where id = ${wallet.id}`);
    expect((await verifyLedger(t.db)).filter((x) => x.startsWith('wallet pending balance'))).toEqual([
      expect.stringContaining(wallet.id),
    ]);
    await t.db.execute(sql`update wallets set pending_balance = 0 where id = ${wallet.id}`);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it("reads the postings' references by primary-key probes, never by scanning the journal (migration 0032)", async () => {
    const o = await ownerWithAccount(t);
    const wallet = (await o.api.get('/api/wallet')).body.data[0];
    await fundWallet(t.app.deps, wallet.id, 1_000);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.walletId, wallet.id));
    const [w] = await t.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    // A fresh connection plans the trigger's statements now, with the planner told that joins by
    // scanning are cheaper (as stale statistics on a small journal made it think): the plan it keeps
    // for the connection must still probe by key, not scan a table that grows. auto_explain shows it.
    const pool = createPool(t.dbUrl, 1);
    const c = await pool.connect();
    const plans: string[] = [];
    c.on('notice', (n) => plans.push(n.message ?? ''));
    try {
      await c.query(`load 'auto_explain'`);
      for (const s of ['log_min_duration = 0', 'log_nested_statements = on', "log_level = 'notice'"])
        await c.query(`set auto_explain.${s}`);
      await c.query('begin');
      await c.query('set local enable_nestloop = off');
      await c.query(
        `with e as (insert into journal_entries (kind, transaction_id) values ('probe', $1) returning id)
         insert into postings (entry_id, ledger_account_id, amount, currency)
         select e.id, $2::uuid, v.amount, 'NGN' from e, (values (5), (-5)) v(amount)`,
        [tx.id, w.ledgerAccountId],
      );
      await c.query('rollback');
    } finally {
      c.release();
      await pool.end();
    }
    const check = plans.find((x) => x.includes('transaction_known'));
    expect(check, plans.join('\n')).toBeDefined();
    expect(check).toMatch(/Index Scan using journal_entries_pkey/);
    expect(check).not.toMatch(/Seq Scan on (journal_entries|transactions|wallets|users|ledger_accounts)/);
  });
});
