// Accounting integration (issue 27 §1, §5): the OAuth flow (sandbox, and QuickBooks against a
// local stub with recorded answers), a forged state refused, tokens encrypted at rest and
// refreshed before expiry, the chart synced, payment tags mapped, paid records posted once across
// retries and a worker killed in between, expiry, tenancy and bad input on every route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { transactions } from '../money/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_MSG } from '@owo/contract';
import { client, createTestApp, memberWithRole, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount, waitFor } from '../funding/test-support';
import { postOne } from './post';
import { sandboxProvider } from './provider/sandbox';
import { accountingConnections, accountingPostings, accountingSandboxDocuments } from './tables';

// ------------------------------------------------------------------ the QuickBooks stub
type Seen = { method: string; path: string; query: URLSearchParams; body: string; auth: string };
const seen: Seen[] = [];
const qboDocs = new Map<string, { Id: string }>(); // requestid -> the first answer
let nextId = 100;
let tokenN = 0;
let refreshRefused = false;

/** Recorded QBO answers (shapes as the v3 API and the OAuth token endpoint answer them). */
const RECORDED = {
  token: () => ({
    token_type: 'bearer',
    access_token: `qbo-at-${++tokenN}`,
    refresh_token: `qbo-rt-${tokenN}`,
    expires_in: 60, // below the refresh margin: every call refreshes first
    x_refresh_token_expires_in: 8726400,
  }),
  accounts: {
    QueryResponse: {
      Account: [
        { Id: '35', Name: 'Checking', FullyQualifiedName: 'Checking', AccountType: 'Bank', Active: true },
        {
          Id: '7',
          Name: 'Advertising',
          FullyQualifiedName: 'Advertising',
          AccountType: 'Expense',
          Active: true,
        },
        { Id: '13', Name: 'Meals and Entertainment', AccountType: 'Expense', Active: true },
      ],
      startPosition: 1,
      maxResults: 3,
    },
    time: '2026-11-24T08:00:00.000-07:00',
  },
  classes: { QueryResponse: { Class: [{ Id: '5000000000000001', Name: 'Operations', Active: true }] } },
  departments: { QueryResponse: { Department: [{ Id: '1', Name: 'Lagos', Active: true }] } },
  company: { CompanyInfo: { CompanyName: 'Sandbox Company_US_1', Id: '1' } },
};

const stub = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const u = new URL(req.url!, 'http://stub');
    seen.push({
      method: req.method!,
      path: u.pathname,
      query: u.searchParams,
      body,
      auth: String(req.headers.authorization ?? ''),
    });
    const send = (code: number, json: unknown) => {
      res.statusCode = code;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(json));
    };
    if (u.pathname === '/oauth2/v1/tokens/bearer') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') === 'authorization_code' && form.get('code') !== 'good-code')
        return send(400, { error: 'invalid_grant' });
      if (form.get('grant_type') === 'refresh_token' && refreshRefused)
        return send(400, { error: 'invalid_grant' });
      return send(200, RECORDED.token());
    }
    if (!req.headers.authorization?.startsWith('Bearer qbo-at-'))
      return send(401, {
        Fault: { Error: [{ Message: 'AuthenticationFailed', code: '3200' }], type: 'AUTHENTICATION' },
      });
    const m = u.pathname.match(/^\/v3\/company\/([^/]+)\/(\w+)/);
    if (!m) return send(404, {});
    const entity = m[2];
    if (entity === 'query') {
      const q = u.searchParams.get('query') ?? '';
      if (/from Account/.test(q)) return send(200, RECORDED.accounts);
      if (/from Class/.test(q)) return send(200, RECORDED.classes);
      if (/from Department/.test(q)) return send(200, RECORDED.departments);
      if (/from Vendor/.test(q)) return send(200, { QueryResponse: {} });
      return send(200, { QueryResponse: {} });
    }
    if (entity === 'companyinfo') return send(200, RECORDED.company);
    const requestId = u.searchParams.get('requestid') ?? '';
    const names: Record<string, string> = {
      purchase: 'Purchase',
      bill: 'Bill',
      journalentry: 'JournalEntry',
      vendor: 'Vendor',
      billpayment: 'BillPayment',
      attachable: 'Attachable',
    };
    const name = names[entity];
    if (!name) return send(400, { Fault: { Error: [{ Message: 'Unsupported' }] } });
    let doc = qboDocs.get(requestId);
    if (!doc) {
      doc = { Id: String(nextId++) };
      qboDocs.set(requestId, doc);
    }
    return send(200, { [name]: { ...JSON.parse(body || '{}'), ...doc, SyncToken: '0' }, time: 'x' });
  });
});

let t: TestApp;
let stop: () => Promise<void>;
let stubUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  t = await createTestApp({
    QBO_AUTHORIZE_URL: `${stubUrl}/connect/oauth2`,
    QBO_TOKEN_URL: `${stubUrl}/oauth2/v1/tokens/bearer`,
    QBO_API_BASE: stubUrl,
    QBO_CLIENT_ID: 'stub-client',
    QBO_CLIENT_SECRET: 'stub-secret',
    ACCOUNTING_RETRY_BASE_SECONDS: '0.3',
  });
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
  await new Promise<void>((r) => stub.close(() => r()));
});

type Owner = Awaited<ReturnType<typeof ownerWithAccount>>;

/** Connects the sandbox books the way the web does: connect, the consent page's approval, callback. */
async function connectSandbox(o: Pick<Owner, 'api'>) {
  const c = await o.api.post('/api/accounting', { type: 'sandbox' });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  const url = new URL(c.body.data.url);
  const state = url.searchParams.get('state')!;
  const g = await o.api.post('/api/accounting/sandbox/authorize', { state });
  expect(g.status).toBe(200);
  const { code, realmId } = g.body.data;
  const cb = await o.api.get(
    `/api/accounting/auth/callbacks/sandbox?${new URLSearchParams({ code, state, realmId })}`,
  );
  expect(cb.status, JSON.stringify(cb.body)).toBe(200);
  return { state, code, realmId, url };
}

async function connectedWithMapping(o: Pick<Owner, 'api'>) {
  await connectSandbox(o);
  expect((await o.api.post('/api/accounting/accounts/sync')).status).toBe(200);
  const cat = await o.api.post('/api/payout/category', {
    name: `Travel ${Math.random().toString(36).slice(2, 6)}`,
  });
  expect(cat.status).toBe(201);
  const put = await o.api.put('/api/accounting/payment-tags', {
    bankAccountId: '35',
    mappings: [{ categoryId: cat.body.data.id, providerAccountId: '19', classId: '5000000000000001' }],
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { categoryId: cat.body.data.id as string };
}

async function paidExpense(o: Awaited<ReturnType<typeof fundedOwner>>, categoryId: string | null) {
  const a = await memberWithRole(t, o.account.id, 'finance-manager');
  const res = await o.api.post('/api/expense', {
    amount: '2500',
    walletId: o.wallet.id,
    currency: 'NGN',
    bankCode: '058',
    bankAccountNumber: ordinaryAccount(),
    approverId: a.user.id,
    purpose: { description: 'Flight to Abuja', ...(categoryId ? { service: categoryId } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const e = res.body.data;
  const ok = await a.api.post(
    `/api/approval-workflows/pending-approvals/approve/${e.approvalWorkflowPendingApprovalItem.id}`,
    { approvalStatus: 'approved', comments: 'Trip approved' },
  );
  expect(ok.status).toBe(200);
  await waitFor(
    'expense paid',
    async () => (await o.api.get(`/api/expense/${e.id}`)).body.data.status === 'completed',
  );
  return e as { id: string; reference: string };
}

describe('OAuth connect (sandbox)', () => {
  it('connects through the consent page, stores the tokens encrypted, and answers the integration', async () => {
    const o = await ownerWithAccount(t);
    expect((await o.api.get('/api/accounting/integrations')).body.data).toEqual([]);
    expect((await o.api.get('/api/accounting/auth/status')).body.data).toMatchObject({ connected: false });
    const { url, realmId } = await connectSandbox(o);
    expect(url.pathname).toBe('/accounting/sandbox/consent');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/accounting\/callback\/sandbox$/);
    const list = await o.api.get('/api/accounting/integrations');
    expect(list.body.data).toEqual([
      expect.objectContaining({ type: 'sandbox', enabled: true, authTokenValid: true, realmId }),
    ]);
    const [row] = await t.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, o.account.id));
    expect(row.accessToken).toMatch(/^vault:/);
    expect(row.refreshToken).toMatch(/^vault:/);
    expect(JSON.stringify(row)).not.toMatch(/sbx_(at|rt)_/);
    expect((await o.api.get('/api/accounting/auth/status')).body.data).toMatchObject({
      connected: true,
      type: 'sandbox',
      authTokenValid: true,
    });
  });

  it('refuses a forged state, a reused state and a state made for another account, changing nothing', async () => {
    const o = await ownerWithAccount(t);
    const { state, realmId } = await connectSandbox(o);
    const before = await t.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, o.account.id));
    // reused: the state was spent by the first callback
    const code2 = (await o.api.post('/api/accounting/sandbox/authorize', { state })).body.data.code;
    const reused = await o.api.get(
      `/api/accounting/auth/callbacks/sandbox?${new URLSearchParams({ code: code2, state, realmId })}`,
    );
    expect(reused.status).toBe(400);
    expect(reused.body.errors!.state).toEqual([ACCOUNTING_MSG.stateInvalid]);
    // forged: never issued
    const forged = await o.api.get(
      `/api/accounting/auth/callbacks/sandbox?${new URLSearchParams({ code: code2, state: 'forged-state-123', realmId })}`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(ACCOUNTING_MSG.stateInvalid);
    // another company's session cannot spend this company's state
    const fresh = new URL(
      (await o.api.post('/api/accounting', { type: 'sandbox' })).body.data.url,
    ).searchParams.get('state')!;
    const other = await ownerWithAccount(t);
    const stolen = await other.api.get(
      `/api/accounting/auth/callbacks/sandbox?${new URLSearchParams({ code: code2, state: fresh, realmId })}`,
    );
    expect(stolen.status).toBe(400);
    expect((await other.api.get('/api/accounting/integrations')).body.data).toEqual([]);
    // the wrong provider for the state
    const wrongProvider = await o.api.get(
      `/api/accounting/auth/callbacks/quickbooks?${new URLSearchParams({ code: code2, state: fresh, realmId })}`,
    );
    expect(wrongProvider.status).toBe(400);
    const after = await t.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, o.account.id));
    expect(after).toEqual(before);
  });

  it('a refused code is a 400 on code; the state is spent', async () => {
    const o = await ownerWithAccount(t);
    const url = new URL((await o.api.post('/api/accounting', {})).body.data.url);
    const state = url.searchParams.get('state')!;
    const bad = await o.api.get(
      `/api/accounting/auth/callbacks/sandbox?${new URLSearchParams({ code: 'nope', state, realmId: 'sbx1' })}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.code).toEqual([ACCOUNTING_MSG.codeInvalid]);
    expect((await o.api.get('/api/accounting/integrations')).body.data).toEqual([]);
  });
});

describe('expiry and refresh (sandbox)', () => {
  it('expired tokens: the status says so (the modal), syncing answers 409, and revalidating restores it', async () => {
    const o = await ownerWithAccount(t);
    await connectSandbox(o);
    expect((await o.api.post('/api/accounting/sandbox/expire')).status).toBe(200);
    const st = await o.api.get('/api/accounting/auth/status');
    expect(st.status).toBe(200);
    expect(st.body.data).toMatchObject({ connected: true, authTokenValid: false });
    expect((await o.api.get('/api/accounting/integrations')).body.data[0].authTokenValid).toBe(false);
    const sync = await o.api.post('/api/accounting/accounts/sync');
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe(ACCOUNTING_MSG.authExpired);
    await connectSandbox(o); // Revalidate Access
    expect((await o.api.get('/api/accounting/auth/status')).body.data.authTokenValid).toBe(true);
  });

  it('refreshes an access token before it expires, and only once under concurrent calls', async () => {
    const o = await ownerWithAccount(t);
    await connectSandbox(o);
    const [before] = await t.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, o.account.id));
    await t.db
      .update(accountingConnections)
      .set({ accessExpiresAt: new Date(Date.now() + 60_000) }) // inside the 5-minute margin
      .where(eq(accountingConnections.accountId, o.account.id));
    const answers = await Promise.all([1, 2, 3].map(() => o.api.get('/api/accounting/auth/status')));
    expect(answers.map((a) => a.body.data.authTokenValid)).toEqual([true, true, true]);
    const [after] = await t.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.accountId, o.account.id));
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
  });

  it('the provider down: the status check answers 503 (the web goes on with the submit)', async () => {
    const o = await ownerWithAccount(t);
    await connectSandbox(o);
    await o.api.post('/api/accounting/sandbox/faults', { down: true });
    const st = await o.api.get('/api/accounting/auth/status');
    expect(st.status).toBe(503);
    expect(st.body.message).toBe(ACCOUNTING_MSG.providerUnavailable);
    await o.api.post('/api/accounting/sandbox/faults', { down: false });
  });
});

describe('chart of accounts and payment tags', () => {
  it('syncs accounts, classes and locations; lists by account type; maps categories with checks', async () => {
    const o = await ownerWithAccount(t);
    expect((await o.api.post('/api/accounting/accounts/sync')).status).toBe(409); // not connected
    await connectSandbox(o);
    const s = await o.api.post('/api/accounting/accounts/sync');
    expect(s.body).toMatchObject({
      message: ACCOUNTING_MSG.accountsSynced,
      data: { accounts: 22, classes: 3 },
    });
    const banks = (await o.api.get('/api/accounting/accounts/Bank')).body.data;
    expect(banks.map((b: { name: string }) => b.name)).toEqual([
      'Operating Bank Account',
      'Payroll Bank Account',
    ]);
    expect((await o.api.get('/api/accounting/accounts/Expense')).body.data.length).toBe(12);
    expect((await o.api.get('/api/accounting/classes')).body.data).toHaveLength(3);
    expect((await o.api.get('/api/accounting/locations/sync')).body.data).toEqual([]);
    const loc = await o.api.post('/api/accounting/locations/sync');
    expect(loc.body.message).toBe(ACCOUNTING_MSG.locationsSynced);
    expect(loc.body.data).toHaveLength(3);

    const cat = (await o.api.post('/api/payout/category', { name: 'Marketing' })).body.data;
    const other = await ownerWithAccount(t);
    const theirs = (await other.api.post('/api/payout/category', { name: 'Theirs' })).body.data;
    const unknownAccount = await o.api.put('/api/accounting/payment-tags', {
      mappings: [{ categoryId: cat.id, providerAccountId: '999' }],
    });
    expect(unknownAccount.status).toBe(400);
    expect(unknownAccount.body.errors!['mappings.0.providerAccountId']).toEqual([
      ACCOUNTING_MSG.providerAccountNotFound,
    ]);
    const foreign = await o.api.put('/api/accounting/payment-tags', {
      mappings: [{ categoryId: theirs.id, providerAccountId: '7' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors!['mappings.0.categoryId']).toEqual([ACCOUNTING_MSG.categoryNotFound]);
    const okPut = await o.api.put('/api/accounting/payment-tags', {
      bankAccountId: '36',
      mappings: [{ categoryId: cat.id, providerAccountId: '7', classId: '5000000000000002' }],
    });
    expect(okPut.status).toBe(200);
    expect(okPut.body.message).toBe(ACCOUNTING_MSG.mappingSaved);
    expect(okPut.body.data).toMatchObject({
      bankAccountId: '36',
      defaultExpenseAccountId: '7',
      mappings: [
        {
          categoryId: cat.id,
          providerAccountName: 'Advertising & Marketing',
          className: 'Sales & Marketing',
        },
      ],
    });
    // the other company sees only its own categories, unmapped
    expect((await other.api.get('/api/accounting/payment-tags')).body.data.mappings).toEqual([
      expect.objectContaining({ categoryId: theirs.id, providerAccountId: null }),
    ]);
  });
});

describe('posting paid records', () => {
  it('a paid expense is posted once as a Purchase with its category mapping and a link back', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const { categoryId } = await connectedWithMapping(o);
    const e = await paidExpense(o, categoryId);
    const posting = await waitFor('posted', async () => {
      const l = (await o.api.get('/api/accounting/postings')).body.data;
      return l.find(
        (p: { recordId: string; status: string }) => p.recordId === e.id && p.status === 'posted',
      );
    });
    expect(posting).toMatchObject({
      record: 'expense',
      document: 'Purchase',
      amount: '2500.00',
      amountMinor: 250000,
      attempts: 1,
    });
    expect(posting.link).toMatch(new RegExp(`/expense/${e.id}$`));
    const realmId = (await o.api.get('/api/accounting/integrations')).body.data[0].realmId;
    const docs = await t.db
      .select()
      .from(accountingSandboxDocuments)
      .where(eq(accountingSandboxDocuments.realmId, realmId));
    expect(docs).toHaveLength(1);
    // Owo's transfer fee for paying the expense: a bank charges line, as a payout's (issue 27 §1)
    const [paid] = await t.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.sourceType, 'expense'),
          eq(transactions.sourceId, e.id),
          eq(transactions.status, 'success'),
        ),
      );
    expect(paid.fee).toBeGreaterThan(0);
    expect(docs[0].body).toMatchObject({
      kind: 'Purchase',
      bankAccountId: '35',
      lines: [
        { amountMinor: 250000, accountId: '19', classId: '5000000000000001' },
        ...(paid.fee ? [{ amountMinor: paid.fee, accountId: '8', description: 'Transfer fee' }] : []),
      ],
    });
    expect(String(docs[0].body.link)).toContain(`/expense/${e.id}`);
  });

  it('a provider failure stays visible, is retried with backoff, and still posts once', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const { categoryId } = await connectedWithMapping(o);
    await o.api.post('/api/accounting/sandbox/faults', { failNext: 2 });
    const e = await paidExpense(o, categoryId);
    const posted = await waitFor('posted after retries', async () => {
      const l = (await o.api.get('/api/accounting/postings?status=posted')).body.data;
      return l.find((p: { recordId: string }) => p.recordId === e.id);
    });
    expect(posted.attempts).toBe(3);
    const realmId = (await o.api.get('/api/accounting/integrations')).body.data[0].realmId;
    expect(await sandboxProvider(t.app.deps).documents(realmId)).toHaveLength(1);
  });

  it('a refused posting fails visibly; the retry button posts it once', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const { categoryId } = await connectedWithMapping(o);
    await o.api.post('/api/accounting/sandbox/expire');
    const e = await paidExpense(o, categoryId);
    const failed = await waitFor('failed', async () => {
      const l = (await o.api.get('/api/accounting/postings?status=failed')).body.data;
      return l.find((p: { recordId: string }) => p.recordId === e.id);
    });
    expect(failed.lastError).toBe(ACCOUNTING_MSG.authExpired);
    const notFailed = await o.api.post(`/api/accounting/postings/${failed.id}/retry`);
    expect(notFailed.status).toBe(200);
    expect(notFailed.body.message).toBe(ACCOUNTING_MSG.postingRetried);
    // still expired: it fails again, visibly
    await waitFor(
      'failed again',
      async () => (await o.api.get('/api/accounting/postings?status=failed')).body.data.length === 1,
    );
    await connectSandbox(o); // revalidate: postings stopped on the expiry go again by themselves
    await waitFor(
      'posted',
      async () => (await o.api.get('/api/accounting/postings?status=posted')).body.data.length === 1,
    );
    const again = await o.api.post(`/api/accounting/postings/${failed.id}/retry`);
    expect(again.status).toBe(409);
    const realmId = (await o.api.get('/api/accounting/integrations')).body.data[0].realmId;
    expect(await sandboxProvider(t.app.deps).documents(realmId)).toHaveLength(1);
  });

  it('a worker killed after the provider answered and before its commit: the next attempt posts nothing new', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const { categoryId } = await connectedWithMapping(o);
    // Hold the books aside while paying, so the sweep leaves this record to the test.
    await t.db
      .update(accountingConnections)
      .set({ enabled: false })
      .where(eq(accountingConnections.accountId, o.account.id));
    const e = await paidExpense(o, categoryId);
    const [p] = await t.db
      .insert(accountingPostings)
      .values({
        accountId: o.account.id,
        sourceType: 'expense',
        sourceId: e.id,
        record: 'expense',
        document: 'Purchase',
        reference: e.reference,
        amountMinor: 250000,
        provider: 'sandbox',
        nextAttemptAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    await t.db
      .update(accountingConnections)
      .set({ enabled: true })
      .where(eq(accountingConnections.accountId, o.account.id));
    const killed = new Error('worker killed');
    await expect(
      postOne(t.app.deps, p.id, (stage) => {
        if (stage === 'sent') throw killed;
      }),
    ).rejects.toBe(killed);
    const [still] = await t.db.select().from(accountingPostings).where(eq(accountingPostings.id, p.id));
    expect(still.status).toBe('pending'); // the commit never happened
    await Promise.all([postOne(t.app.deps, p.id), postOne(t.app.deps, p.id)]);
    await postOne(t.app.deps, p.id);
    const [done] = await t.db.select().from(accountingPostings).where(eq(accountingPostings.id, p.id));
    expect(done.status).toBe('posted');
    const realmId = (await o.api.get('/api/accounting/integrations')).body.data[0].realmId;
    const docs = await sandboxProvider(t.app.deps).documents(realmId);
    expect(docs).toHaveLength(1);
    expect(docs[0].requestId).toBe(p.id);
    expect(done.providerDocumentId).toBe(String(docs[0].id));
    // the sweep never makes a second posting for the same record
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountingPostings)
      .where(and(eq(accountingPostings.accountId, o.account.id), eq(accountingPostings.sourceId, e.id)));
    expect(rows[0].n).toBe(1);
  });
});

describe('QuickBooks Online against the stub', () => {
  it('connects with intuit-oauth, refreshes before expiry, syncs, and posts with requestid once', async () => {
    const o = await ownerWithAccount(t);
    const c = await o.api.post('/api/accounting', { type: 'quickbooks' });
    const url = new URL(c.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${stubUrl}/connect/oauth2`);
    expect(url.searchParams.get('client_id')).toBe('stub-client');
    expect(url.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    const state = url.searchParams.get('state')!;
    const forged = await o.api.get(
      `/api/accounting/auth/callbacks/quickbooks?${new URLSearchParams({ code: 'good-code', state: 'x'.repeat(32), realmId: '9130' })}`,
    );
    expect(forged.status).toBe(400);
    expect(seen.filter((s) => s.path.endsWith('/tokens/bearer'))).toHaveLength(0); // refused before the provider
    const cb = await o.api.get(
      `/api/accounting/auth/callbacks/quickbooks?${new URLSearchParams({ code: 'good-code', state, realmId: '9130' })}`,
    );
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    expect(cb.body.data).toMatchObject({
      type: 'quickbooks',
      name: 'QuickBooks Online',
      authTokenValid: true,
    });
    const tokenCall = seen.find((s) => s.path.endsWith('/tokens/bearer'))!;
    expect(new URLSearchParams(tokenCall.body).get('grant_type')).toBe('authorization_code');

    const sync = await o.api.post('/api/accounting/accounts/sync');
    expect(sync.body.data).toEqual({ accounts: 3, classes: 1 });
    // the access token had 60 s left: refreshed before the call
    expect(seen.some((s) => new URLSearchParams(s.body).get('grant_type') === 'refresh_token')).toBe(true);
    const q = seen.filter((s) => s.path === '/v3/company/9130/query');
    expect(q.map((s) => s.query.get('query'))).toEqual([
      'select * from Account MAXRESULTS 1000',
      'select * from Class MAXRESULTS 1000',
    ]);
    expect(q[0].query.get('minorversion')).toBe('75');
    expect((await o.api.get('/api/accounting/accounts/Bank')).body.data).toEqual([
      { id: '35', name: 'Checking', type: 'Bank', active: true },
    ]);
    expect((await o.api.post('/api/accounting/locations/sync')).body.data).toEqual([
      { id: '1', name: 'Lagos', type: 'Department', active: true },
    ]);

    // posting through the port: Purchase, Bill (with vendor), JournalEntry, attachments; requestid dedup
    const { withProvider } = await import('./connection');
    const doc = {
      kind: 'Purchase' as const,
      docNumber: 'EXP-123',
      txnDate: '2026-11-24',
      currency: 'NGN',
      bankAccountId: '35',
      lines: [{ amountMinor: 250050, accountId: '7', classId: '5000000000000001', description: 'Flight' }],
      memo: 'Owo expense EXP-123',
      link: 'http://owo.test/expense/1',
      attachments: [{ fileName: 'receipt.pdf', url: 'http://owo.test/api/files/receipt.pdf' }],
    };
    const first = await withProvider(t.app.deps, o.account.id, (p, conn) =>
      p.postDocument(conn, doc, 'req-1'),
    );
    const second = await withProvider(t.app.deps, o.account.id, (p, conn) =>
      p.postDocument(conn, doc, 'req-1'),
    );
    expect(second.id).toBe(first.id);
    const purchase = seen.filter((s) => s.path === '/v3/company/9130/purchase');
    expect(purchase.every((s) => s.query.get('requestid') === 'req-1')).toBe(true);
    expect(JSON.parse(purchase[0].body)).toMatchObject({
      DocNumber: 'EXP-123',
      PaymentType: 'Cash',
      AccountRef: { value: '35' },
      Line: [
        {
          Amount: 2500.5,
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: {
            AccountRef: { value: '7' },
            ClassRef: { value: '5000000000000001' },
          },
        },
      ],
    });
    expect(seen.some((s) => s.path.endsWith('/attachable') && s.query.get('requestid') === 'req-1-a0')).toBe(
      true,
    );
    const bill = await withProvider(t.app.deps, o.account.id, (p, conn) =>
      p.postDocument(conn, { ...doc, kind: 'Bill', vendorName: "Ade's Supplies" }, 'req-2'),
    );
    expect(bill.kind).toBe('Bill');
    expect(seen.some((s) => s.path.endsWith('/vendor'))).toBe(true);
    // the bill was paid by Owo: a bill payment from the bank settles it, under its own request id
    const pay = seen.filter((s) => s.path.endsWith('/billpayment'));
    expect(pay.map((s) => s.query.get('requestid'))).toEqual(['req-2-p']);
    expect(JSON.parse(pay[0].body)).toMatchObject({
      PayType: 'Check',
      TotalAmt: 2500.5,
      CheckPayment: { BankAccountRef: { value: '35' } },
      Line: [{ Amount: 2500.5, LinkedTxn: [{ TxnId: bill.id, TxnType: 'Bill' }] }],
    });
    const je = await withProvider(t.app.deps, o.account.id, (p, conn) =>
      p.postDocument(conn, { ...doc, kind: 'JournalEntry', attachments: [] }, 'req-3'),
    );
    expect(je.kind).toBe('JournalEntry');
    const jeBody = JSON.parse(seen.filter((s) => s.path.endsWith('/journalentry'))[0].body);
    expect(
      jeBody.Line.map(
        (l: { JournalEntryLineDetail: { PostingType: string } }) => l.JournalEntryLineDetail.PostingType,
      ),
    ).toEqual(['Debit', 'Credit']);
    // a journal with sides (payroll) is sent as given
    await withProvider(t.app.deps, o.account.id, (p, conn) =>
      p.postDocument(
        conn,
        {
          ...doc,
          kind: 'JournalEntry',
          attachments: [],
          lines: [
            { amountMinor: 1000, accountId: '7', description: 'Gross pay', postingType: 'Debit' },
            { amountMinor: 800, accountId: '35', description: 'Net pay', postingType: 'Credit' },
            { amountMinor: 200, accountId: '13', description: 'PAYE', postingType: 'Credit' },
          ],
        },
        'req-4',
      ),
    );
    const je2 = JSON.parse(seen.filter((s) => s.path.endsWith('/journalentry')).at(-1)!.body);
    expect(
      je2.Line.map(
        (l: {
          Amount: number;
          JournalEntryLineDetail: { PostingType: string; AccountRef: { value: string } };
        }) => [l.Amount, l.JournalEntryLineDetail.PostingType, l.JournalEntryLineDetail.AccountRef.value],
      ),
    ).toEqual([
      [10, 'Debit', '7'],
      [8, 'Credit', '35'],
      [2, 'Credit', '13'],
    ]);
    // a refused refresh: the authorisation is invalid (the modal), nothing else breaks
    refreshRefused = true;
    expect((await o.api.get('/api/accounting/auth/status')).body.data.authTokenValid).toBe(false);
    refreshRefused = false;
    expect(JSON.stringify(await t.db.select().from(accountingConnections))).not.toContain('qbo-at-');
  });
});

describe('access, tenancy and bad input', () => {
  it('every route needs its permission; another account ids answer 404; bad input is a 400 without a 5xx', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const { categoryId } = await connectedWithMapping(o);
    await paidExpense(o, categoryId);
    const posting = await waitFor(
      'posting',
      async () => (await o.api.get('/api/accounting/postings')).body.data[0],
    );
    const b = await ownerWithAccount(t);
    expect((await b.api.post(`/api/accounting/postings/${posting.id}/retry`)).status).toBe(404);
    expect((await b.api.get('/api/accounting/postings')).body.data).toEqual([]);
    // B's sandbox calls cannot reach A's books
    expect((await b.api.post('/api/accounting/sandbox/expire')).status).toBe(409);
    expect((await o.api.get('/api/accounting/auth/status')).body.data.authTokenValid).toBe(true);
    // an A member asking with B's account id is refused
    const cross = client(t, { token: (o as unknown as { token: string }).token, accountId: b.account.id });
    if ((o as unknown as { token?: string }).token)
      expect((await cross.get('/api/accounting/integrations')).status).toBe(403);

    const viewer = await memberWithRole(t, o.account.id, 'member');
    for (const [m, p] of [
      ['post', '/api/accounting'],
      ['post', '/api/accounting/accounts/sync'],
      ['put', '/api/accounting/payment-tags'],
      ['post', `/api/accounting/postings/${posting.id}/retry`],
      ['delete', '/api/accounting'],
    ] as const) {
      const res = await viewer.api[m](p, {});
      expect([400, 403], `${m} ${p}`).toContain(res.status);
    }
    const anon = client(t);
    expect((await anon.get('/api/accounting/integrations')).status).toBe(401);

    const bad: [string, string, unknown?][] = [
      ['post', '/api/accounting', { type: 'xero' }],
      ['post', '/api/accounting', { type: 42 }],
      ['get', '/api/accounting/auth/callbacks/xero?code=a&state=b&realmId=c'],
      ['get', '/api/accounting/auth/callbacks/sandbox?code=a&state=b'],
      ['get', `/api/accounting/auth/callbacks/sandbox?code=${'a'.repeat(600)}&state=b&realmId=c`],
      ['get', '/api/accounting/auth/callbacks/sandbox?code=a&state=%00&realmId=c'],
      ['get', '/api/accounting/accounts/Nonsense'],
      ['put', '/api/accounting/payment-tags', { mappings: 'all' }],
      ['put', '/api/accounting/payment-tags', { mappings: [{ categoryId: 'x', providerAccountId: '7' }] }],
      [
        'put',
        '/api/accounting/payment-tags',
        { mappings: Array(501).fill({ categoryId: categoryId, providerAccountId: '7' }) },
      ],
      ['put', '/api/accounting/payment-tags', { bankAccountId: '999', mappings: [] }],
      ['post', '/api/accounting/postings/not-a-uuid/retry'],
      ['get', '/api/accounting/postings?status=lost'],
      ['get', '/api/accounting/postings?page=0'],
      ['post', '/api/accounting/sandbox/authorize', { state: '' }],
      ['post', '/api/accounting/sandbox/faults', { failNext: -1 }],
    ];
    for (const [m, p, body] of bad) {
      const res =
        m === 'get'
          ? await o.api.get(p)
          : await (
              o.api as unknown as Record<string, (p: string, b: unknown) => Promise<{ status: number }>>
            )[m](p, body);
      expect(res.status, `${m} ${p}`).toBe(400);
    }
    // nothing changed
    expect((await o.api.get('/api/accounting/payment-tags')).body.data.bankAccountId).toBe('35');
    expect((await o.api.get('/api/accounting/postings')).body.data).toHaveLength(1);
  });
});
