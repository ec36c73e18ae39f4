import { vaultFor } from '../../platform/vault';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createTestApp,
  makeUser,
  ownerWithAccount,
  type TestApp,
} from '../../../test/helpers';
import { accountKyb, accountOwners, notifications } from '../../platform/schema';
import { makePdf, PNG_1X1, upload } from '../files/fixtures';
import { seedAccountsDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const INFO = {
  legalName: 'Ngozi Textiles Limited',
  registrationType: 'RC',
  registrationNumber: 'rc 1234567',
  incorporationDate: '2019-05-02',
  industry: 'Manufacturing',
};
const CONTACT = {
  email: 'Hello@NgoziTextiles.ng',
  phone: '0803 123 4567',
  address: '4 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
};
const OWNERS = {
  owners: [
    { name: 'Ngozi Eze', bvn: '22211122233', share: 60, isDirector: true },
    { name: 'Emeka Eze', bvn: '22211122244', share: 40 },
  ],
};

async function documentsFor(api: ReturnType<typeof client>) {
  const cert = await upload(api, await makePdf(), 'cert.pdf');
  const proof = await upload(api, PNG_1X1, 'bill.png');
  return { certificateOfIncorporation: cert.body.data.fileName, proofOfAddress: proof.body.data.fileName };
}

describe('KYB setup', () => {
  it('starts empty and serves the form schema of the five steps', async () => {
    const o = await ownerWithAccount(t);
    const res = await o.api.get('/api/parameter/account');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      info: null,
      bvn: null,
      contact: null,
      ownership: { owners: [] },
      documents: null,
      progress: { maxStep: 0, isComplete: false, fillPercentage: 0 },
    });
    const form = await o.api.get('/api/parameter/account/parameters');
    expect(form.body.data.steps.map((s: any) => s.title)).toEqual([
      'Company Info',
      'BVN Details',
      'Company Contacts',
      'Owners Profile',
      'Company Formation',
    ]);
    expect(form.body.data.steps[1].fields).toEqual([
      expect.objectContaining({ name: 'bvn', required: true, pattern: '^[0-9]{11}$' }),
    ]);
    const state = form.body.data.steps[2].fields.find((f: any) => f.name === 'state');
    expect(state.options).toContainEqual({ value: 'Lagos', label: 'Lagos' });
  });

  it('counts progress exactly as 000 §4.2 through all five steps, masks BVNs and raises tiers', async () => {
    const o = await ownerWithAccount(t);
    const steps: [string, unknown, { maxStep: number; isComplete: boolean; fillPercentage: number }][] = [
      ['info', INFO, { maxStep: 1, isComplete: false, fillPercentage: 17 }],
      ['bvn', { bvn: '12345678901' }, { maxStep: 2, isComplete: false, fillPercentage: 17 }],
      ['contact', CONTACT, { maxStep: 3, isComplete: false, fillPercentage: 33 }],
      ['ownership', OWNERS, { maxStep: 4, isComplete: false, fillPercentage: 50 }],
      ['documents', await documentsFor(o.api), { maxStep: 5, isComplete: true, fillPercentage: 67 }],
    ];
    let last: any;
    for (const [step, body, progress] of steps) {
      last = await o.api.put(`/api/parameter/account/${step}`, body);
      expect(last.status, step).toBe(200);
      expect(last.body.data.progress, step).toEqual(progress);
    }
    const text = JSON.stringify(last.body);
    for (const full of ['12345678901', '22211122233', '22211122244']) expect(text).not.toContain(full);
    expect(last.body.data.bvn).toEqual({ bvn: '*******8901' });
    expect(last.body.data.ownership.owners.map((x: any) => [x.name, x.bvn, x.share])).toEqual([
      ['Ngozi Eze', '*******2233', 60],
      ['Emeka Eze', '*******2244', 40],
    ]);
    expect(last.body.data.info).toMatchObject({ registrationNumber: 'RC1234567', tradingName: null });
    expect(last.body.data.contact).toMatchObject({
      email: 'hello@ngozitextiles.ng',
      phone: '08031234567',
      country: 'NG',
    });
    expect(last.body.data.documents.certificateOfIncorporation).toMatchObject({
      originalName: 'cert.pdf',
      mime: 'application/pdf',
    });
    const [row] = await t.db.select().from(accountKyb).where(eq(accountKyb.accountId, o.account.id));
    expect(row.bvn).toMatch(/^vault:k1:/);
    expect(row.bvnLast4).toBe('8901');
    expect(vaultFor(t.config).decrypt('account_kyb.bvn', row.bvn!)).toBe('12345678901');
    const [entry] = (await o.api.get('/api/me/accounts')).body.data;
    expect(entry.tiers).toEqual([{ tier: 1 }, { tier: 2 }, { tier: 3 }]);
  });

  it('notifies owners and admins the first time each step completes, not on re-saves', async () => {
    const o = await ownerWithAccount(t);
    const admin = await makeUser(t);
    await addMember(t, o.account.id, admin.user.id, 'admin');
    await o.api.put('/api/parameter/account/info', INFO);
    await o.api.put('/api/parameter/account/info', { ...INFO, tradingName: 'Ngozi' });
    const mine = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, o.account.id), eq(notifications.userId, o.user.id)));
    expect(mine.map((n) => [n.topic, n.value])).toEqual([['Account Setup', 'Company Info completed']]);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, admin.user.id)),
    ).toHaveLength(1);
  });

  it('requires the steps in order', async () => {
    const o = await ownerWithAccount(t);
    const res = await o.api.put('/api/parameter/account/bvn', { bvn: '12345678901' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Please complete the previous setup steps first');
    expect(
      await t.db
        .select()
        .from(accountKyb)
        .where(eq(accountKyb.accountId, o.account.id))
        .then((r) => r[0]?.bvn ?? null),
    ).toBeNull();
  });

  it('validates every step with field keys and writes nothing', async () => {
    const o = await ownerWithAccount(t);
    let res = await o.api.put('/api/parameter/account/info', {
      legalName: '',
      registrationNumber: 'XX12',
      incorporationDate: '2999-01-01',
      industry: 'Piracy',
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('validation-error');
    expect(Object.keys(res.body.errors!).sort()).toEqual([
      'incorporationDate',
      'industry',
      'legalName',
      'registrationNumber',
      'registrationType',
    ]);
    expect(res.body.errors!.incorporationDate).toEqual(['Incorporation date cannot be in the future']);
    await o.api.put('/api/parameter/account/info', INFO);
    for (const bvn of ['1234567890', '123456789012', '1234567890a']) {
      res = await o.api.put('/api/parameter/account/bvn', { bvn });
      expect(res.body.errors).toEqual({ bvn: ['BVN must be exactly 11 digits'] });
    }
    await o.api.put('/api/parameter/account/bvn', { bvn: '01234567890' });
    res = await o.api.put('/api/parameter/account/contact', {
      ...CONTACT,
      phone: '12345',
      state: 'Atlantis',
      email: 'nope',
    });
    expect(Object.keys(res.body.errors!).sort()).toEqual(['email', 'phone', 'state']);
    await o.api.put('/api/parameter/account/contact', CONTACT);
    res = await o.api.put('/api/parameter/account/ownership', {
      owners: [
        { name: 'A', bvn: '11111111111', share: 70 },
        { name: 'B', bvn: '22222222222', share: 30.5 },
      ],
    });
    expect(res.body.errors).toEqual({ owners: ['Total ownership share cannot exceed 100%'] });
    res = await o.api.put('/api/parameter/account/ownership', {
      owners: [
        { name: 'A', share: 101 },
        { name: 'B', bvn: '22222222222', share: 1.234 },
        { name: 'C', bvn: '22222222222', share: 0 },
      ],
    });
    expect(res.body.errors).toMatchObject({
      'owners.0.share': ['Share must be between 0 and 100'],
      'owners.0.bvn': ['BVN is required'],
      'owners.1.share': ['Share can have at most 2 decimal places'],
      'owners.2.bvn': ['Each owner must have a different BVN'],
    });
    res = await o.api.put('/api/parameter/account/ownership', { owners: [] });
    expect(res.body.errors).toEqual({ owners: ['Add at least one owner'] });
    expect(
      await t.db.select().from(accountOwners).where(eq(accountOwners.accountId, o.account.id)),
    ).toHaveLength(0);
    res = await o.api.put('/api/parameter/account/documents', {});
    expect(Object.keys(res.body.errors!).sort()).toEqual(['certificateOfIncorporation', 'proofOfAddress']);
  });

  it('updates owners by id keeping their BVN, removes the missing ones, refuses foreign ids', async () => {
    const o = await ownerWithAccount(t);
    await o.api.put('/api/parameter/account/info', INFO);
    await o.api.put('/api/parameter/account/bvn', { bvn: '12345678901' });
    await o.api.put('/api/parameter/account/contact', CONTACT);
    const first = await o.api.put('/api/parameter/account/ownership', OWNERS);
    const [ngozi] = first.body.data.ownership.owners;
    const res = await o.api.put('/api/parameter/account/ownership', {
      owners: [{ id: ngozi.id, name: 'Ngozi Eze-Okafor', share: 100 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.ownership.owners).toEqual([
      expect.objectContaining({ id: ngozi.id, name: 'Ngozi Eze-Okafor', share: 100, bvn: '*******2233' }),
    ]);
    const rows = await t.db.select().from(accountOwners).where(eq(accountOwners.accountId, o.account.id));
    expect(rows.map((r) => [r.bvn.startsWith('vault:'), r.bvnLast4, r.shareBps])).toEqual([
      [true, '2233', 10000],
    ]);
    expect(vaultFor(t.config).decrypt('account_owners.bvn', rows[0].bvn)).toBe('22211122233');

    const other = await ownerWithAccount(t);
    const bad = await other.api
      .put('/api/parameter/account/info', INFO)
      .then(() => other.api.put('/api/parameter/account/bvn', { bvn: '12345678901' }))
      .then(() => other.api.put('/api/parameter/account/contact', CONTACT))
      .then(() =>
        other.api.put('/api/parameter/account/ownership', {
          owners: [{ id: ngozi.id, name: 'Thief', share: 10 }],
        }),
      );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('owners.0.id');
    const [still] = await t.db.select().from(accountOwners).where(eq(accountOwners.id, ngozi.id));
    expect(still.name).toBe('Ngozi Eze-Okafor');
  });

  it("refuses documents that are not the account's own uploads", async () => {
    const a = await ownerWithAccount(t);
    const b = await ownerWithAccount(t);
    for (const api of [a.api, b.api]) {
      await api.put('/api/parameter/account/info', INFO);
      await api.put('/api/parameter/account/bvn', { bvn: '12345678901' });
      await api.put('/api/parameter/account/contact', CONTACT);
      await api.put('/api/parameter/account/ownership', OWNERS);
    }
    const docsOfA = await documentsFor(a.api);
    const res = await b.api.put('/api/parameter/account/documents', docsOfA);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('certificateOfIncorporation');
    expect((await b.api.get('/api/parameter/account')).body.data.progress.isComplete).toBe(false);
  });

  it('checks parameters permissions: get to read, post or put to save', async () => {
    const o = await ownerWithAccount(t);
    const fm = await makeUser(t);
    await addMember(t, o.account.id, fm.user.id, 'finance-manager'); // parameters: get
    const acc = await makeUser(t);
    await addMember(t, o.account.id, acc.user.id, 'accountant'); // no parameters
    const fmApi = client(t, { token: fm.token, accountId: o.account.id });
    expect((await fmApi.get('/api/parameter/account')).status).toBe(200);
    expect((await fmApi.put('/api/parameter/account/info', INFO)).status).toBe(403);
    expect(
      (await client(t, { token: acc.token, accountId: o.account.id }).get('/api/parameter/account')).status,
    ).toBe(403);
    expect(await t.db.select().from(accountKyb).where(eq(accountKyb.accountId, o.account.id))).toHaveLength(
      0,
    );
  });

  it('demo hook fills company info, BVN and contacts and writes two notifications', async () => {
    const o = await ownerWithAccount(t);
    await seedAccountsDemo(t.app.deps, { accountId: o.account.id, ownerId: o.user.id });
    const res = await o.api.get('/api/parameter/account');
    expect(res.body.data.info.legalName).toBe('Adaeze Foods Limited');
    expect(res.body.data.contact.state).toBe('Lagos');
    expect(res.body.data.progress).toEqual({ maxStep: 3, isComplete: false, fillPercentage: 33 });
    const topics = (await client(t, { token: o.token }).get('/api/me/notifications')).body.data.map(
      (n: any) => n.notification.topic,
    );
    expect(topics.filter((x: string) => x !== 'Account Setup').sort()).toEqual(['Security', 'Welcome']);
  });
});
