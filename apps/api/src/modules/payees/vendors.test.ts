import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, LINK_STATUS, PAYEE_MSG, VENDOR_INVITE_MSG } from '@owo/contract';
import {
  lastMailTo,
  memberWithRole,
  ownerWithAccount,
  type TestApp,
  createTestApp,
} from '../../../test/helpers';
import { ordinaryAccount } from '../funding/test-support';
import { linkTokens } from '../../platform/tables';
import { sha256 } from '../../platform/tokens';
import { payeeInvitations, payees } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rnd = () => Math.random().toString(36).slice(2, 8);
const anon = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
};
const refOf = (text: string) => /\/vendor-onboarding\/invitation\/([A-Za-z0-9_-]{32,64})/.exec(text)![1];
const approve = (api: any, id: string) =>
  api.post(`/api/approval-workflows/pending-approvals/approve/${id}`, {
    approvalStatus: 'approved',
    comments: 'Called the vendor to confirm',
  });

async function invite(api: any, over: Record<string, unknown> = {}) {
  const email = `vendor.${rnd()}@abujaprint.ng`;
  const res = await api.post('/api/payee/invite', { email, name: 'Abuja Print House', ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const mail = await lastMailTo(t, (over.email as string) ?? email);
  return { email: (over.email as string) ?? email, ref: refOf(mail!.text), inv: res.body.data, mail };
}

const personal = (email: string) => ({
  name: 'Abuja Print House',
  email,
  phone: '08031234567',
  billingAddress: 'Plot 5, Wuse 2, Abuja',
});

describe('vendor invite and self-onboarding', () => {
  it('invite → public pages (company name only) → new vendor; the link is then used up', async () => {
    const o = await ownerWithAccount(t, { name: `Zenith Foods ${rnd()}` });
    const { email, ref, mail } = await invite(o.api);
    expect(mail!.subject).toContain(o.account.name);
    expect(ref).toMatch(/^[A-Za-z0-9_-]{43}$/); // a 256-bit link token

    const info = await anon('GET', `/api/public/vendor-onboarding/${ref}`);
    expect(info.status).toBe(200);
    // Nothing of the company but its name.
    expect(info.body.data).toEqual({ companyName: o.account.name, email, personalDetails: null });
    const banks = await anon('GET', `/api/public/vendor-onboarding/${ref}/banks`);
    expect(banks.status).toBe(200);
    expect(banks.body.data.length).toBeGreaterThan(5);

    // Bank step before personal details: refused, clearly.
    const early = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(VENDOR_INVITE_MSG.personalFirst);

    const bad = await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, {
      name: '',
      email: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeTruthy();
    const pd = await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, personal(email));
    expect(pd.status).toBe(200);
    expect(
      (await anon('GET', `/api/public/vendor-onboarding/${ref}`)).body.data.personalDetails,
    ).toMatchObject({
      name: 'Abuja Print House',
    });

    // NUBAN check: a wrong check digit answers a field error.
    const acct = ordinaryAccount();
    const wrong = acct.slice(0, 9) + String((Number(acct[9]) + 1) % 10);
    const nuban = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: wrong,
    });
    expect(nuban.status).toBe(400);
    expect(nuban.body.errors.accountNumber).toBeTruthy();

    const done = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: acct,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe(VENDOR_INVITE_MSG.completed);
    expect(done.body.data).toMatchObject({ companyName: o.account.name, pendingApproval: false });
    expect(Object.keys(done.body.data).sort()).toEqual([
      'accountName',
      'bankName',
      'companyName',
      'pendingApproval',
    ]);

    const list = (await o.api.get('/api/payee?search=Abuja')).body.data;
    const v = list.find((x: any) => x.email === email);
    expect(v).toMatchObject({ accountNumber: acct, bankCode: '058' });
    expect(v.accountName).toBe(done.body.data.accountName); // the resolved name wins

    // Single use: every public call on the spent link answers 410, never a crash.
    for (const [m, p, b] of [
      ['GET', '', undefined],
      ['GET', '/banks', undefined],
      ['PUT', '/personal-details', personal(email)],
      ['PUT', '/bank-details', { bankCode: '058', accountNumber: ordinaryAccount() }],
    ] as const) {
      const r = await anon(m, `/api/public/vendor-onboarding/${ref}${p}`, b);
      expect(r.status, `${m} ${p}`).toBe(410);
      expect(r.body).toMatchObject({ status: LINK_STATUS.used, message: VENDOR_INVITE_MSG.used });
    }
    const invs = (await o.api.get('/api/payee/invitations')).body.data;
    expect(invs[0]).toMatchObject({ email, status: 'completed' });
  });

  it('unknown, malformed and expired refs answer 404/410 with a clear message', async () => {
    const o = await ownerWithAccount(t);
    for (const ref of ['0'.repeat(32), 'nope', `${'a'.repeat(31)}Z`, 'x'.repeat(64), 'A'.repeat(43)]) {
      const r = await anon('GET', `/api/public/vendor-onboarding/${ref}`);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(VENDOR_INVITE_MSG.unknown);
    }
    const { ref, email } = await invite(o.api);
    await t.db
      .update(linkTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(linkTokens.tokenHash, sha256(ref)));
    const r = await anon('GET', `/api/public/vendor-onboarding/${ref}`);
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ status: LINK_STATUS.expired, message: VENDOR_INVITE_MSG.expired });
    // Expired links write nothing either.
    const pd = await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, personal(email));
    expect(pd.status).toBe(410);
  });

  it('links are capabilities: 256 random bits, stored only hashed, no record’s reference or id', async () => {
    const o = await ownerWithAccount(t);
    const refs: string[] = [];
    for (let i = 0; i < 20; i++)
      refs.push((await invite(o.api, { email: `v${i}.${rnd()}@lagosfab.ng` })).ref);
    expect(new Set(refs).size).toBe(20);
    const rows = await t.db
      .select()
      .from(payeeInvitations)
      .where(eq(payeeInvitations.accountId, o.account.id));
    expect(rows).toHaveLength(20);
    const links = await t.db.select().from(linkTokens).where(eq(linkTokens.accountId, o.account.id));
    expect(links.map((l) => l.tokenHash).sort()).toEqual(refs.map(sha256).sort());
    for (const l of links) expect(l).toMatchObject({ kind: 'payee-invitation', action: 'submit' });
    // The token itself is kept nowhere: not in the invitation rows, not in the link rows.
    const stored = JSON.stringify([rows, links]);
    for (const ref of refs) expect(stored).not.toContain(ref);
  });

  it('a new-vendor link cannot take over an existing vendor by typing its email (issue 34)', async () => {
    const o = await ownerWithAccount(t);
    const victimEmail = `accounts.${rnd()}@dangotecement.ng`;
    const victimAccount = ordinaryAccount();
    const victim = (
      await o.api.post('/api/payee', {
        name: 'Dangote Cement',
        email: victimEmail,
        phone: '08030000000',
        bankCode: '058',
        accountNumber: victimAccount,
      })
    ).body.data;
    // A new-vendor invitation, sent to the attacker.
    const { ref } = await invite(o.api, { email: `attacker.${rnd()}@mail.ng` });
    const typed = await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, {
      name: 'Dangote Cement Plc',
      email: victimEmail,
      phone: '08099999999',
      billingAddress: 'Somewhere else',
    });
    expect(typed.status).toBe(200);
    const attackerAccount = ordinaryAccount();
    const done = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: attackerAccount,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.pendingApproval).toBe(false);
    // The existing vendor is untouched: same details, same bank, no bank change filed, no mail.
    const after = (await o.api.get(`/api/payee/${victim.id}`)).body.data;
    expect(after).toMatchObject({
      name: 'Dangote Cement',
      email: victimEmail,
      phone: '08030000000',
      accountNumber: victimAccount,
      pendingBankChange: null,
      bankChangeApproval: null,
    });
    expect((await lastMailTo(t, victimEmail))?.subject ?? '').not.toContain('change');
    // The link made its own (new) vendor, with the attacker's account, for staff to look at.
    const [created] = await t.db.select().from(payees).where(eq(payees.accountNumber, attackerAccount));
    expect(created.id).not.toBe(victim.id);
    expect(created.accountId).toBe(o.account.id);
  });

  it('an existing vendor’s link changes nothing at once: details and bank wait for approval, the OLD address is told', async () => {
    const o = await ownerWithAccount(t);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const oldEmail = `ap.${rnd()}@ikejasteel.ng`;
    const account = ordinaryAccount();
    const v = (
      await o.api.post('/api/payee', {
        name: 'Ikeja Steel',
        email: oldEmail,
        bankCode: '058',
        accountNumber: account,
      })
    ).body.data;
    const { ref } = await invite(o.api, { email: oldEmail, payeeId: v.id });
    const newEmail = `new.${rnd()}@mail.ng`;
    await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, {
      name: 'Ikeja Steel Ltd',
      email: newEmail,
      phone: '08011112222',
      billingAddress: '1 Allen Avenue, Ikeja',
    });
    // Same bank account, new details: still a guarded change.
    const done = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: account,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.pendingApproval).toBe(true);
    const d = (await o.api.get(`/api/payee/${v.id}`)).body.data;
    expect(d).toMatchObject({ name: 'Ikeja Steel', email: oldEmail, phone: null });
    expect(d.bankChangeApproval).toBeTruthy();
    expect((await lastMailTo(t, oldEmail))!.subject).toBe('A change to your details was requested');
    expect(await lastMailTo(t, newEmail)).toBeFalsy();
    expect((await approve(o.api, d.bankChangeApproval.id)).status).toBe(403); // the inviter made it
    const ok = await approve(a.api, d.bankChangeApproval.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await o.api.get(`/api/payee/${v.id}`)).body.data).toMatchObject({
      name: 'Ikeja Steel Ltd',
      email: newEmail,
      phone: '08011112222',
      accountNumber: account,
    });
  });

  it('two concurrent submissions of one link: one vendor, the other 410', async () => {
    const o = await ownerWithAccount(t);
    const { email, ref } = await invite(o.api);
    await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, personal(email));
    const [x, y] = await Promise.all(
      [ordinaryAccount(), ordinaryAccount()].map((acct) =>
        anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
          bankCode: '058',
          accountNumber: acct,
        }),
      ),
    );
    expect([x.status, y.status].sort()).toEqual([200, 410]);
    const made = await t.db.select().from(payees).where(eq(payees.accountId, o.account.id));
    expect(made).toHaveLength(1);
  });

  it('★ an existing vendor who self-onboards a new account: guarded bank change, inviter cannot approve', async () => {
    const o = await ownerWithAccount(t);
    const a = await memberWithRole(t, o.account.id, 'admin');
    const oldAccount = ordinaryAccount();
    const email = `ap.${rnd()}@kanoagro.ng`;
    const v = (
      await o.api.post('/api/payee', {
        name: 'Kano Agro',
        email,
        bankCode: '058',
        accountNumber: oldAccount,
      })
    ).body.data;
    const { ref } = await invite(o.api, { email, payeeId: v.id });
    await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, {
      ...personal(email),
      name: 'Kano Agro',
      phone: null,
      billingAddress: null,
    });
    const newAccount = ordinaryAccount();
    const done = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: newAccount,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.pendingApproval).toBe(true);
    expect(done.body.message).toBe(VENDOR_INVITE_MSG.completedPendingApproval);
    const d = (await o.api.get(`/api/payee/${v.id}`)).body.data;
    expect(d.accountNumber).toBe(oldAccount); // still the old account
    expect(d.pendingBankChange).toMatchObject({ accountNumber: newAccount });
    expect((await lastMailTo(t, email))!.subject).toBe('A change to your bank details was requested');
    // The inviter is the change's maker: four eyes.
    expect((await approve(o.api, d.bankChangeApproval.id)).status).toBe(403);
    const ok = await approve(a.api, d.bankChangeApproval.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await o.api.get(`/api/payee/${v.id}`)).body.data.accountNumber).toBe(newAccount);
  });

  it('a visitor never learns which accounts the company pays', async () => {
    const o = await ownerWithAccount(t);
    const taken = ordinaryAccount();
    await o.api.post('/api/payee', {
      name: 'Existing',
      email: `e.${rnd()}@x.ng`,
      bankCode: '058',
      accountNumber: taken,
    });
    const { email, ref } = await invite(o.api);
    await anon('PUT', `/api/public/vendor-onboarding/${ref}/personal-details`, personal(email));
    const r = await anon('PUT', `/api/public/vendor-onboarding/${ref}/bank-details`, {
      bankCode: '058',
      accountNumber: taken,
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toContain(PAYEE_MSG.duplicateAccount);
    expect(JSON.stringify(r.body)).not.toContain('Existing');
  });

  it('tenancy: another account’s vendor cannot be invited; invitations are per account', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    const v = (
      await other.api.post('/api/payee', {
        name: 'Theirs',
        email: `t.${rnd()}@x.ng`,
        bankCode: '058',
        accountNumber: ordinaryAccount(),
      })
    ).body.data;
    const r = await o.api.post('/api/payee/invite', { email: `a.${rnd()}@x.ng`, payeeId: v.id });
    expect(r.status).toBe(400);
    expect(r.body.errors?.payeeId).toEqual(['Payee not found']);
    await invite(other.api);
    expect((await o.api.get('/api/payee/invitations')).body.data).toEqual([]);
    const viewer = await memberWithRole(t, o.account.id, 'viewer');
    const denied = await viewer.api.post('/api/payee/invite', { email: `a.${rnd()}@x.ng` });
    expect([403]).toContain(denied.status);
  });
});

// ---- import ----

function csv(rows: string[][]) {
  return rows
    .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\r\n');
}
function form(name: string, bytes: Buffer | string, type = 'text/csv') {
  const f = new FormData();
  f.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return f;
}
const HEADER = ['name', 'email', 'phone', 'billingAddress', 'bankCode', 'accountNumber'];

describe('vendor import', () => {
  it('template downloads as CSV and xlsx', async () => {
    const o = await ownerWithAccount(t);
    const c = await fetch(`${t.baseUrl}/api/payee/import/template?format=csv`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(c.status).toBe(200);
    expect((await c.text()).split('\r\n')[0]).toBe(HEADER.join(','));
    const x = await fetch(`${t.baseUrl}/api/payee/import/template?format=xlsx`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(x.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await x.arrayBuffer());
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, ...HEADER]);
  });

  it('per-row errors with row numbers, duplicates by bank account (file and existing), nothing written until confirm', async () => {
    const o = await ownerWithAccount(t);
    const existing = ordinaryAccount();
    await o.api.post('/api/payee', {
      name: 'Old',
      email: `o.${rnd()}@x.ng`,
      bankCode: '058',
      accountNumber: existing,
    });
    const a1 = ordinaryAccount();
    const a2 = ordinaryAccount();
    const file = csv([
      HEADER,
      ['Ada Stores', 'ada@stores.ng', '0803', '1 Broad St', '058', a1], // row 2 ok
      ['', 'bad-email', '', '', '058', a2], // row 3: name + email
      ['Dup In File', 'dup@x.ng', '', '', '058', a1], // row 4: duplicate of row 2
      ['Already', 'al@x.ng', '', '', '058', existing], // row 5: duplicate of an existing vendor
      ['Unknown Bank', 'ub@x.ng', '', '', '999', a2], // row 6: bank
      ['', '', '', '', '', ''], // blank: skipped, keeps numbering
      ['Short', 's@x.ng', '', '', '058', '123'], // row 8: account number
    ]);
    const up = await o.api.post('/api/payee/import', form('vendors.csv', file));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const b = up.body.data;
    expect(b).toMatchObject({ rowCount: 6, validRows: 1, errorRows: 5, status: 'pending' });
    const errs = Object.fromEntries(b.rows.map((r: any) => [r.row, r.errors.map((e: any) => e.field)]));
    expect(errs).toEqual({
      2: [],
      3: ['name', 'email'],
      4: ['accountNumber'],
      5: ['accountNumber'],
      6: ['bankCode'],
      8: ['accountNumber'],
    });
    expect(b.rows.find((r: any) => r.row === 4).errors[0].message).toBe(
      IMPORT_MSG.duplicateInFile.replace('{row}', '2'),
    );
    expect(b.rows.find((r: any) => r.row === 5).errors[0].message).toBe(IMPORT_MSG.duplicateExisting);
    expect(b.rows.find((r: any) => r.row === 2).accountName).toBeTruthy();
    // Nothing written: only the one existing vendor.
    expect((await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).length).toBe(1);
    const c = await o.api.post(`/api/payee/import/${b.id}/confirm`);
    expect(c.status).toBe(409);
    expect(c.body.message).toBe(IMPORT_MSG.hasErrors);
    expect((await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).length).toBe(1);
  });

  it('xlsx import → confirm writes all rows once; a vendor added meanwhile makes the confirm write none', async () => {
    const o = await ownerWithAccount(t);
    const accts = [ordinaryAccount(), ordinaryAccount(), ordinaryAccount()];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Vendors');
    ws.addRow(['Name', 'Email', 'Bank Code', 'Account Number']); // order and case differ; optional columns absent
    accts.forEach((a, i) => ws.addRow([`Vendor ${i}`, `v${i}.${rnd()}@x.ng`, '058', a]));
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await o.api.post('/api/payee/import', form('vendors.xlsx', bytes, 'application/octet-stream'));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({ rowCount: 3, validRows: 3, errorRows: 0 });

    const second = await o.api.post(
      '/api/payee/import',
      form('vendors.xlsx', bytes, 'application/octet-stream'),
    );
    const ok = await o.api.post(`/api/payee/import/${up.body.data.id}/confirm`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: '3 vendors imported', data: { created: 3 } });
    expect((await o.api.post(`/api/payee/import/${up.body.data.id}/confirm`)).status).toBe(409);
    // The second batch was valid at upload, but its accounts now exist: all or nothing.
    const late = await o.api.post(`/api/payee/import/${second.body.data.id}/confirm`);
    expect(late.status).toBe(409);
    expect((await t.db.select().from(payees).where(eq(payees.accountId, o.account.id))).length).toBe(3);
  });

  it('bad files answer 400 on file, never 5xx; tenancy on batches', async () => {
    const o = await ownerWithAccount(t);
    const other = await ownerWithAccount(t);
    for (const [name, bytes] of [
      ['x.pdf', '%PDF-1.4'],
      ['x.csv', ''],
      ['x.csv', 'foo,bar\n1,2'],
      ['x.csv', `${HEADER.join(',')}\n`],
      ['x.csv', `${HEADER.join(',')}\n"unterminated`],
      ['x.xlsx', Buffer.from('PK\u0003\u0004garbage')],
      ['x.csv', Buffer.from([0, 1, 2, 3])],
    ] as const) {
      const r = await o.api.post('/api/payee/import', form(name, bytes as never));
      expect(r.status, `${name} ${String(bytes).slice(0, 20)}`).toBe(400);
      expect(r.body.errors?.file).toBeTruthy();
    }
    const noFile = await o.api.post('/api/payee/import', new FormData());
    expect(noFile.status).toBe(400);
    const big = await o.api.post('/api/payee/import', form('x.csv', 'a'.repeat(3 * 1024 * 1024)));
    expect(big.status).toBe(400);
    const many = csv([
      HEADER,
      ...Array.from({ length: 1001 }, (_, i) => [`V${i}`, `v${i}@x.ng`, '', '', '058', '0123456789']),
    ]);
    expect((await o.api.post('/api/payee/import', form('x.csv', many))).status).toBe(400);

    const up = await o.api.post(
      '/api/payee/import',
      form('v.csv', csv([HEADER, ['A', 'a@x.ng', '', '', '058', ordinaryAccount()]])),
    );
    expect((await other.api.get(`/api/payee/import/${up.body.data.id}`)).status).toBe(404);
    expect((await other.api.post(`/api/payee/import/${up.body.data.id}/confirm`)).status).toBe(404);
    expect((await o.api.get(`/api/payee/import/${up.body.data.id}`)).status).toBe(200);
  });
});
