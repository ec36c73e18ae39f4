// The calls behind the issue 37 screens: a bill sent for payment on a date (/bills/:ref/review, then
// /bills/scheduled/:ref) and the payouts made for one asset (/assets/payout/details).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MSG } from '@owo/contract';
import { createTestApp, lastMailTo, type TestApp } from '../../../test/helpers';
import { lagosToday } from '../../platform/dates';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const key = () => `k-${Math.random().toString(36).slice(2)}`;
const addDays = (n: number) =>
  new Date(Date.parse(`${lagosToday()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A bill the vendor has sent (status submitted), by its reference. */
async function submittedBill(o: Awaited<ReturnType<typeof fundedOwner>>) {
  const email = `billing.${Math.random().toString(36).slice(2, 8)}@lekkicleaning.ng`;
  const ref = (await o.api.post('/api/payout/quote/request', { email })).body.data.reference as string;
  const link = /\/send-bill\/welcome\/([A-Za-z0-9_-]{32,64})/.exec((await lastMailTo(t, email))!.text)![1];
  const f = new FormData();
  const fields = {
    amount: '40000',
    description: 'Cleaning, March',
    invoiceNumber: 'INV-0042',
    dueDate: addDays(10),
    bankCode: '058',
    accountNumber: ordinaryAccount(),
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'invoice.pdf');
  const sent = await fetch(`${t.baseUrl}/api/verify/payout/quote/${link}`, { method: 'PUT', body: f });
  expect(sent.status, await sent.clone().text()).toBe(200);
  return ref;
}

describe('bill review and asset payouts (issue 37)', () => {
  it('a bill sent for payment on a date becomes a scheduled payout; a past date is refused and changes nothing', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const ref = await submittedBill(o);
    const past = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id, scheduledDate: lagosToday() },
      { 'idempotency-key': key() },
    );
    expect(past.status).toBe(400);
    expect(past.body.errors!.scheduledDate).toEqual([PAYOUT_MSG.scheduledDatePast]);
    const bad = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id, scheduledDate: '31/12/2026' },
      { 'idempotency-key': key() },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.scheduledDate).toContain(PAYOUT_MSG.scheduledDateInvalid);
    expect((await o.api.get(`/api/payout/quote/${ref}`)).body.data.status).toBe('submitted');

    const on = addDays(3);
    const res = await o.api.post(
      `/api/payout/quote/${ref}/payout`,
      { walletId: o.wallet.id, scheduledDate: on },
      { 'idempotency-key': key() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ scheduledDate: on, amountMinor: 4_000_000 });
    expect((await o.api.get(`/api/payout/quote/${ref}`)).body.data).toMatchObject({
      status: 'sent',
      payoutId: res.body.data.id,
    });
  });

  it('lists the payouts made for one asset only; a bad asset id is a field error', async () => {
    const o = await fundedOwner(t, 1_000_000_00);
    const asset = async (serialNo: string) =>
      (
        await o.api.post('/api/payout-asset', {
          type: 'Generator',
          brand: 'Mikano',
          modelNo: 'MK-20',
          serialNo,
          location: 'Ikeja office',
        })
      ).body.data.id as string;
    const [gen, other] = [await asset('SN-1'), await asset('SN-2')];
    const payee = await o.api.post('/api/payee', {
      name: 'Ikeja Diesel Supplies',
      email: `accounts.${Math.random().toString(36).slice(2, 8)}@ikejadiesel.ng`,
      phone: '08031234567',
      billingAddress: '12 Allen Avenue, Ikeja',
      bankCode: '058',
      accountNumber: ordinaryAccount(),
    });
    const pay = (assetId: string, narration: string) =>
      o.api.post(
        '/api/payouts',
        {
          payoutOption: 'asset',
          walletId: o.wallet.id,
          payeeId: payee.body.data.id,
          amount: '25000',
          currency: 'NGN',
          narration,
          assets: [{ id: assetId }],
        },
        { 'idempotency-key': key() },
      );
    expect((await pay(gen, 'Generator service')).status).toBe(201);
    expect((await pay(other, 'Other asset')).status).toBe(201);
    const list = await o.api.get(`/api/payouts?assetId=${gen}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: any) => p.narration)).toEqual(['Generator service']);
    const badId = await o.api.get('/api/payouts?assetId=nope');
    expect(badId.status).toBe(400);
    expect(badId.body.errors!.assetId).toBeTruthy();
  });
});
