// Customer portal over HTTP (issue 24 §4): code flow, wrong/expired codes, one profile per company,
// a customer never sees another email's or another company's invoice, and customer and staff
// sessions refuse each other's tokens.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PORTAL_MSG, STATUS } from '@owo/contract';
import {
  client,
  createTestApp,
  lastMailTo,
  memberWithRole,
  setKybTier,
  type TestApp,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, waitFor } from '../funding/test-support';
import { customerPortalCodes } from './tables';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

const day = (n: number) => new Date(Date.now() + n * 86_400_000 + 3_600_000).toISOString().slice(0, 10);

async function company(name: string) {
  const o = await fundedOwner(t, 0);
  await setKybTier(t, o.account.id, 3);
  const { db } = t;
  const { accounts } = await import('../../platform/tenancy-tables');
  await db.update(accounts).set({ name }).where(eq(accounts.id, o.account.id));
  const admin = await memberWithRole(t, o.account.id, 'admin');
  return { o, admin };
}

/** An invoice to `email` from company `c`; approved (with its collection account) unless told. */
async function invoiceTo(c: Awaited<ReturnType<typeof company>>, email: string, approve = true) {
  const cust = await c.o.api.post('/api/inflows/customers', { name: `Buyer ${email}`, email });
  expect(cust.status).toBe(201);
  const s1 = await c.o.api.post('/api/inflows/invoice', {
    step: 1,
    payload: {
      customerId: cust.body.data.id,
      products: [{ name: 'Cement (bag)', price: '1500', quantity: 2 }],
    },
  });
  const id = s1.body.data.id as string;
  await c.o.api.post('/api/inflows/invoice', {
    step: 2,
    payload: { invoiceId: id, paymentOption: 'one-time', terms: [{ name: 'Full', dueDate: day(5) }] },
  });
  const s3 = await c.o.api.post('/api/inflows/invoice', { step: 3, payload: { invoiceId: id } });
  expect(s3.status).toBe(200);
  if (approve) {
    const approvalId = s3.body.data.approvalWorkflowPendingApprovalItem.id;
    const r = await c.admin.api.post(`/api/approval-workflows/pending-approvals/approve/${approvalId}`, {
      approvalStatus: 'approved',
      comments: 'Checked',
    });
    expect(r.status).toBe(200);
    await waitFor('collection account', async () => {
      const d = (await c.o.api.get(`/api/inflows/invoice/${id}`)).body.data;
      return d.collectionAccount?.accountNumber ? d : null;
    });
  }
  return id;
}

const codeIn = (text: string) => /: (\d{6})\n/.exec(text)?.[1];

async function signIn(email: string) {
  const anon = client(t);
  const r = await anon.post('/api/customer/auth', { email });
  expect(r.status).toBe(200);
  const mail = await lastMailTo(t, email);
  const code = codeIn(mail!.text)!;
  const v = await anon.post('/api/customer/auth/verify', { email, code });
  expect(v.status).toBe(200);
  return { session: v.body.data, api: client(t, { headers: { 'x-customer-token': v.body.data.token } }) };
}

describe('customer portal', () => {
  it('mails a code only to a known email, answers the same either way, and signs in with it', async () => {
    const a = await company('Alpha Cement');
    await invoiceTo(a, 'ngozi@buyer.ng');
    const anon = client(t);

    const bad = await anon.post('/api/customer/auth', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.email).toBeTruthy();

    const unknown = await anon.post('/api/customer/auth', { email: 'nobody@nowhere.ng' });
    const known = await anon.post('/api/customer/auth', { email: 'Ngozi@Buyer.ng' });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body.message).toBe(CUSTOMER_PORTAL_MSG.codeSent);
    expect(known.body.message).toBe(unknown.body.message);
    expect(await lastMailTo(t, 'nobody@nowhere.ng')).toBeNull();
    const mail = await lastMailTo(t, 'ngozi@buyer.ng');
    const code = codeIn(mail!.text)!;
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code is a field error and changes nothing; the right one still works after it.
    const wrong = await anon.post('/api/customer/auth/verify', {
      email: 'ngozi@buyer.ng',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: [CUSTOMER_PORTAL_MSG.codeInvalid] });
    expect(
      (await anon.post('/api/customer/auth/verify', { email: 'ngozi@buyer.ng', code: '12ab' })).status,
    ).toBe(400);
    // The code belongs to its email.
    expect(
      (await anon.post('/api/customer/auth/verify', { email: 'nobody@nowhere.ng', code })).body.errors,
    ).toEqual({ code: [CUSTOMER_PORTAL_MSG.codeInvalid] });

    const ok = await anon.post('/api/customer/auth/verify', { email: 'ngozi@buyer.ng', code });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/owo_customer=.*HttpOnly/i);
    expect(ok.body.data.allCustomerProfiles).toHaveLength(1);
    expect(ok.body.data.currentCustomerProfile).toMatchObject({
      accountId: a.o.account.id,
      companyName: 'Alpha Cement',
    });
    // A code works once.
    expect((await anon.post('/api/customer/auth/verify', { email: 'ngozi@buyer.ng', code })).status).toBe(
      400,
    );
  });

  it('refuses an expired code and a code after five wrong tries', async () => {
    const a = await company('Beta Blocks');
    await invoiceTo(a, 'tunde@buyer.ng', false);
    const anon = client(t);
    await anon.post('/api/customer/auth', { email: 'tunde@buyer.ng' });
    const code = codeIn((await lastMailTo(t, 'tunde@buyer.ng'))!.text)!;
    await t.db
      .update(customerPortalCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerPortalCodes.email, 'tunde@buyer.ng'));
    const expired = await anon.post('/api/customer/auth/verify', { email: 'tunde@buyer.ng', code });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ code: [CUSTOMER_PORTAL_MSG.codeInvalid] });

    await anon.post('/api/customer/auth', { email: 'tunde@buyer.ng' });
    const fresh = codeIn((await lastMailTo(t, 'tunde@buyer.ng'))!.text)!;
    const other = fresh === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      expect(
        (await anon.post('/api/customer/auth/verify', { email: 'tunde@buyer.ng', code: other })).status,
      ).toBe(400);
    expect(
      (await anon.post('/api/customer/auth/verify', { email: 'tunde@buyer.ng', code: fresh })).status,
    ).toBe(400);
  });

  it('shows one company at a time, only approved invoices to that email, and switches', async () => {
    const a = await company('Gamma Steel');
    const b = await company('Delta Paints');
    const aInv = await invoiceTo(a, 'kemi@buyer.ng');
    const aDraftish = await invoiceTo(a, 'kemi@buyer.ng', false); // awaiting approval: not shown
    const bInv = await invoiceTo(b, 'kemi@buyer.ng');
    const otherEmail = await invoiceTo(a, 'femi@buyer.ng');

    const { session, api } = await signIn('kemi@buyer.ng');
    expect(session.allCustomerProfiles.map((p: any) => p.companyName)).toEqual([
      'Delta Paints',
      'Gamma Steel',
    ]);
    expect((await api.get('/api/customer/profiles')).body.data.allCustomerProfiles).toHaveLength(2);

    const listA = await api.get(`/api/customer/invoices?accountId=${a.o.account.id}`);
    expect(listA.status).toBe(200);
    expect(listA.body.data.map((i: any) => i.id)).toEqual([aInv]);
    expect(listA.body.data[0]).toMatchObject({
      companyName: 'Gamma Steel',
      amount: '3000.00',
      amountMinor: 300_000,
    });
    expect(listA.body.metadata.pagination.totalItems).toBe(1);
    // Switch company.
    const listB = await api.get(`/api/customer/invoices?accountId=${b.o.account.id}`);
    expect(listB.body.data.map((i: any) => i.id)).toEqual([bInv]);
    // A company that does not know this email answers nothing.
    const c = await company('Epsilon Ltd');
    expect((await api.get(`/api/customer/invoices?accountId=${c.o.account.id}`)).body.data).toEqual([]);

    const detail = await api.get(`/api/customer/invoices/${aInv}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: aInv,
      accountId: a.o.account.id,
      companyName: 'Gamma Steel',
      amountDueMinor: 300_000,
    });
    expect(detail.body.data.accountNumber).toMatch(/^\d{10}$/);
    // The pay link is a link token, never the company and invoice ids (issue 34 §3).
    expect(detail.body.data.payLink).toMatch(/\/payment-collection\/invoice\/[A-Za-z0-9_-]{20,}$/);
    expect(detail.body.data.payLink).not.toContain(aInv);
    // Another email's invoice, an unapproved one, an unknown id: the same 404.
    for (const id of [otherEmail, aDraftish, '00000000-0000-4000-8000-000000000000'])
      expect((await api.get(`/api/customer/invoices/${id}`)).status).toBe(404);

    // femi sees only femi's.
    const femi = await signIn('femi@buyer.ng');
    expect((await femi.api.get('/api/customer/invoices')).body.data.map((i: any) => i.id)).toEqual([
      otherEmail,
    ]);
    expect((await femi.api.get(`/api/customer/invoices/${bInv}`)).status).toBe(404);
  });

  it('keeps customer and staff sessions apart, with the customer 401 statuses', async () => {
    const a = await company('Zeta Foods');
    const inv = await invoiceTo(a, 'bisi@buyer.ng');
    const { session, api } = await signIn('bisi@buyer.ng');

    const none = await client(t).get('/api/customer/invoices');
    expect(none.status).toBe(401);
    expect(none.body.status).toBe(STATUS.customerTokenRequired);
    // A staff bearer token is not a customer session.
    const staff = await a.o.api.get('/api/customer/invoices');
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(STATUS.customerTokenRequired);
    const staffAsCustomer = await client(t, { headers: { 'x-customer-token': a.o.token } }).get(
      `/api/customer/invoices/${inv}`,
    );
    expect(staffAsCustomer.status).toBe(401);
    expect(staffAsCustomer.body.status).toBe(STATUS.customerTokenExpired);
    // A customer token is not a staff session.
    const custAsStaff = await client(t, { token: session.token, accountId: a.o.account.id }).get(
      `/api/inflows/invoice/${inv}`,
    );
    expect(custAsStaff.status).toBe(401);
    expect(custAsStaff.body.status).not.toBe(STATUS.customerTokenExpired);
    // The cookie works as well as the header.
    const byCookie = await client(t, { headers: { cookie: `owo_customer=${session.token}` } }).get(
      '/api/customer/invoices',
    );
    expect(byCookie.body.data.map((i: any) => i.id)).toEqual([inv]);

    // Logging the customer out ends only the customer session.
    expect((await api.post('/api/customer/logout')).body.message).toBe(CUSTOMER_PORTAL_MSG.loggedOut);
    const after = await api.get('/api/customer/invoices');
    expect(after.status).toBe(401);
    expect(after.body.status).toBe(STATUS.customerTokenExpired);
    expect((await a.o.api.get(`/api/inflows/invoice/${inv}`)).status).toBe(200);
  });
});
