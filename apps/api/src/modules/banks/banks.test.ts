import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeNuban, MSG } from '@owo/contract';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { SANDBOX_NOT_FOUND } from '../../rails/sandbox/resolve';
import { LOOKUPS_PER_MINUTE } from './service';
import { userBankAccounts } from './tables';
import { withLookupCounter } from './test-rails';

let t: TestApp;
let counter: { lookups: () => number };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  counter = withLookupCounter(t);
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (userId: string) =>
  t.db.select().from(userBankAccounts).where(eq(userBankAccounts.userId, userId));

describe('banks and account lookup', () => {
  it('lists banks (code, name, type) to a signed-in user only', async () => {
    const { api } = await ownerWithAccount(t);
    const res = await api.get('/api/content/payout/local/banks');
    expect(res.status).toBe(200);
    expect(res.body.data.find((b: any) => b.code === '058')).toMatchObject({
      name: 'Guaranty Trust Bank',
      type: 'dmb',
    });
    const names = res.body.data.map((b: any) => b.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect((await client(t).get('/api/content/payout/local/banks')).status).toBe(401);
  });

  it('resolves a valid NUBAN and answers an empty name otherwise', async () => {
    const { api } = await ownerWithAccount(t);
    const ok = await api.get('/api/content/payout/local/validate?accountNumber=0123456785&bankCode=058');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ accountName: 'CHIDINMA ADAEZE OKAFOR' });

    const before = counter.lookups();
    const typo = await api.get('/api/content/payout/local/validate?accountNumber=0123456784&bankCode=058');
    expect(typo.status).toBe(200);
    expect(typo.body.data.accountName).toBe('');
    expect(counter.lookups()).toBe(before); // the check digit stopped it before the provider lookup

    const nf = SANDBOX_NOT_FOUND[0];
    const missing = await api.get(
      `/api/content/payout/local/validate?accountNumber=${nf.accountNumber}&bankCode=${nf.bankCode}`,
    );
    expect(missing.body.data.accountName).toBe('');
    expect(counter.lookups()).toBe(before + 1);

    const unknownBank = await api.get(
      '/api/content/payout/local/validate?accountNumber=0123456785&bankCode=777',
    );
    expect(unknownBank.body.data.accountName).toBe('');
  });

  it('refuses a malformed lookup with field errors', async () => {
    const { api } = await ownerWithAccount(t);
    const res = await api.get('/api/content/payout/local/validate?accountNumber=12345&bankCode=058');
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(res.body.errors?.accountNumber).toEqual([MSG.accountNumberLinking]);
  });

  it(`rate-limits lookups per user (${LOOKUPS_PER_MINUTE} a minute) with 429`, async () => {
    const { api } = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const url = `/api/content/payout/local/validate?accountNumber=${makeNuban('033', '111222333')}&bankCode=033`;
    // Fixed one-minute windows: start well inside one so the loop cannot straddle two.
    const sec = new Date().getSeconds();
    if (sec >= 50) await new Promise((r) => setTimeout(r, (61 - sec) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_MINUTE + 1; i++) statuses.push((await api.get(url)).status);
    expect(statuses.slice(0, LOOKUPS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[LOOKUPS_PER_MINUTE]).toBe(429);
    expect((await other.api.get(url)).status).toBe(200); // another user is not affected
  });
});

describe('my bank accounts', () => {
  it('saves a verified account with the resolved name and the spec message', async () => {
    const { api, user } = await ownerWithAccount(t);
    const res = await api.post('/api/me/bank-accounts', {
      accountName: 'Someone Else',
      accountNumber: '0010246780',
      bankCode: '044',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Bank details saved successfully!');
    expect(res.body.data).toMatchObject({
      accountName: 'ADEBAYO OLUWASEUN BELLO',
      bankName: 'Access Bank',
      accountNumber: '0010246780',
      isDefault: true,
    });
    const again = await api.post('/api/me/bank-accounts', {
      accountName: '',
      accountNumber: '0123456785',
      bankCode: '058',
    });
    expect(again.status).toBe(201);
    expect(again.body.data.isDefault).toBe(false);
    const list = await api.get('/api/me/bank-accounts');
    expect(list.body.data.map((a: any) => a.accountNumber)).toEqual(['0010246780', '0123456785']);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it('answers validation errors with field keys and writes nothing', async () => {
    const { api, user } = await ownerWithAccount(t);
    const short = await api.post('/api/me/bank-accounts', { accountNumber: '12345', bankCode: '' });
    expect(short.status).toBe(400);
    expect(short.body.status).toBe('validation-error');
    expect(short.body.errors?.accountNumber).toEqual(['Account Number must be 10 digits']);
    expect(short.body.errors?.bankCode).toBeDefined();
    const typo = await api.post('/api/me/bank-accounts', { accountNumber: '0123456784', bankCode: '058' });
    expect(typo.status).toBe(400);
    expect(Object.keys(typo.body.errors ?? {})).toEqual(['accountNumber']);
    const unknownBank = await api.post('/api/me/bank-accounts', {
      accountNumber: '0123456785',
      bankCode: '777',
    });
    expect(unknownBank.body.errors?.bankCode).toBeDefined();
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('deletes only my own accounts and promotes a new default', async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    const first = await a.api.post('/api/me/bank-accounts', { accountNumber: '0010246780', bankCode: '044' });
    await a.api.post('/api/me/bank-accounts', { accountNumber: '0123456785', bankCode: '058' });
    expect((await b.api.delete(`/api/me/bank-accounts/${first.body.data.id}`)).status).toBe(404);
    const del = await a.api.delete(`/api/me/bank-accounts/${first.body.data.id}`);
    expect(del.status).toBe(200);
    const left = await a.api.get('/api/me/bank-accounts');
    expect(left.body.data).toHaveLength(1);
    expect(left.body.data[0]).toMatchObject({ accountNumber: '0123456785', isDefault: true });
  });
});

describe('agent bank check', () => {
  it('asks an agent without a bank account, and nobody else', async () => {
    const owner = await ownerWithAccount(t);
    const agent = await makeUser(t);
    await addMember(t, owner.account.id, agent.user.id, 'agent');
    const agentApi = client(t, { token: agent.token, accountId: owner.account.id });
    expect((await agentApi.get('/api/agents/self/check-bank-details')).body.data).toEqual({
      shouldAskVerification: true,
    });
    expect((await owner.api.get('/api/agents/self/check-bank-details')).body.data).toEqual({
      shouldAskVerification: false,
    });
    await agentApi.post('/api/me/bank-accounts', { accountNumber: '0123456785', bankCode: '058' });
    expect((await agentApi.get('/api/agents/self/check-bank-details')).body.data).toEqual({
      shouldAskVerification: false,
    });
  });
});

describe('OpenAPI', () => {
  it('documents the bank, fee-policy and exchange routes', async () => {
    const res = await client(t).get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys((res.body as any).paths);
    for (const p of [
      '/api/content/payout/local/banks',
      '/api/content/payout/local/validate',
      '/api/me/bank-accounts',
      '/api/agents/self/check-bank-details',
      '/api/settings/fee-policy',
      '/api/exchange/disbursement/payouts/{walletId}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
