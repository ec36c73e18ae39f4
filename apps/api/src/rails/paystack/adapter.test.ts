import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { RailsError } from '../errors';
import { PaystackRails } from './adapter';
import { signPaystackBody } from './webhook';

// A local stand-in for api.paystack.co answering recorded, documented JSON shapes. No network.
const SECRET = 'sk_test_0123456789abcdef0123456789abcdef';
type Seen = { method: string; path: string; query: URLSearchParams; auth: string | undefined; body: any };
const seen: Seen[] = [];
const transfers = new Map<
  string,
  { reference: string; status: string; transfer_code: string; amount: number }
>();

function send(res: http.ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const body = raw ? JSON.parse(raw) : null;
    seen.push({
      method: req.method ?? '',
      path: u.pathname,
      query: u.searchParams,
      auth: req.headers.authorization,
      body,
    });
    if (req.headers.authorization !== `Bearer ${SECRET}`)
      return send(res, 401, { status: false, message: 'Invalid key' });
    const route = `${req.method} ${u.pathname}`;
    if (route === 'GET /bank') {
      if (!u.searchParams.get('next')) {
        return send(res, 200, {
          status: true,
          message: 'Banks retrieved',
          data: [
            {
              id: 1,
              name: 'Access Bank',
              slug: 'access-bank',
              code: '044',
              longcode: '044150149',
              active: true,
              is_deleted: false,
              country: 'Nigeria',
              currency: 'NGN',
              type: 'nuban',
            },
            {
              id: 9,
              name: 'Guaranty Trust Bank',
              slug: 'guaranty-trust-bank',
              code: '058',
              longcode: '058152036',
              active: true,
              is_deleted: false,
              country: 'Nigeria',
              currency: 'NGN',
              type: 'nuban',
            },
          ],
          meta: { next: 'YmFuazoxNjk=', previous: null, perPage: 100 },
        });
      }
      return send(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: [
          {
            id: 20,
            name: 'Wema Bank',
            slug: 'wema-bank',
            code: '035',
            active: true,
            is_deleted: false,
            currency: 'NGN',
            type: 'nuban',
          },
          {
            id: 300,
            name: 'Some New MFB',
            slug: 'some-new-mfb',
            code: '51999',
            active: false,
            is_deleted: false,
            currency: 'NGN',
            type: 'nuban',
          },
        ],
        meta: { next: null, previous: 'YmFuazoxNjk=', perPage: 100 },
      });
    }
    if (route === 'GET /bank/resolve') {
      if (
        u.searchParams.get('account_number') === '0123456785' &&
        u.searchParams.get('bank_code') === '058'
      ) {
        return send(res, 200, {
          status: true,
          message: 'Account number resolved',
          data: { account_number: '0123456785', account_name: 'CHIDINMA ADAEZE OKAFOR', bank_id: 9 },
        });
      }
      if (u.searchParams.get('account_number') === '5555555555')
        return send(res, 503, { status: false, message: 'Service unavailable' });
      return send(res, 422, {
        status: false,
        message: 'Could not resolve account name. Check parameters or try again.',
      });
    }
    if (route === 'POST /transferrecipient') {
      return send(res, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          active: true,
          currency: 'NGN',
          name: body.name,
          recipient_code: 'RCP_t1',
          type: 'nuban',
          details: { account_number: body.account_number, bank_code: body.bank_code },
        },
      });
    }
    if (route === 'POST /transfer') {
      if (body.reference === 'boom-1') return send(res, 500, { status: false, message: 'Internal error' });
      if (transfers.has(body.reference))
        return send(res, 400, { status: false, message: 'Duplicate Transfer Reference' });
      const tr = {
        reference: body.reference,
        status: 'pending',
        transfer_code: `TRF_${transfers.size + 1}`,
        amount: body.amount,
      };
      transfers.set(body.reference, tr);
      return send(res, 200, {
        status: true,
        message: 'Transfer has been queued',
        data: {
          ...tr,
          integration: 1,
          domain: 'test',
          currency: 'NGN',
          source: 'balance',
          reason: body.reason,
          recipient: 1,
        },
      });
    }
    if (req.method === 'GET' && u.pathname.startsWith('/transfer/verify/')) {
      const tr = transfers.get(decodeURIComponent(u.pathname.slice('/transfer/verify/'.length)));
      if (!tr) return send(res, 404, { status: false, message: 'Transfer not found' });
      return send(res, 200, {
        status: true,
        message: 'Transfer retrieved',
        data: { ...tr, status: 'success', failures: null },
      });
    }
    if (req.method === 'GET' && u.pathname.startsWith('/transaction/verify/')) {
      // Paystack's verify of a dedicated-account deposit (documented shape, trimmed).
      const ref = decodeURIComponent(u.pathname.slice('/transaction/verify/'.length));
      if (ref !== 'dva_ref_1')
        return send(res, 400, { status: false, message: 'Transaction reference not found' });
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 998,
          status: 'success',
          reference: 'dva_ref_1',
          amount: 250000,
          currency: 'NGN',
          channel: 'dedicated_nuban',
          authorization: {
            receiver_bank_account_number: '9930107890',
            receiver_bank: 'Wema Bank',
            sender_name: 'ADA OBI',
            narration: 'NIP/ADA OBI/PI-7K2M9QX4',
          },
        },
      });
    }
    if (route === 'POST /customer') {
      return send(res, 200, {
        status: true,
        message: 'Customer created',
        data: {
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          customer_code: 'CUS_abc',
          id: 1173,
        },
      });
    }
    if (route === 'POST /dedicated_account') {
      return send(res, 200, {
        status: true,
        message: 'NUBAN successfully created',
        data: {
          bank: { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
          account_name: 'OWO/ACME LIMITED',
          account_number: '9930107890',
          assigned: true,
          currency: 'NGN',
          active: true,
          id: 253,
          customer: { customer_code: body.customer },
        },
      });
    }
    send(res, 404, { status: false, message: 'Not found' });
  });
});

let rails: PaystackRails;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  rails = new PaystackRails(
    loadConfig(
      {},
      {
        NODE_ENV: 'test',
        RAILS_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: SECRET,
        PAYSTACK_BASE_URL: `http://127.0.0.1:${port}`,
        FX_RATES: 'USD:NGN=1500',
      },
    ),
  );
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('paystack adapter', () => {
  it('sends the bearer secret on every request', async () => {
    await rails.listBanks();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.auth === `Bearer ${SECRET}`)).toBe(true);
  });

  it('lists banks across cursor pages, with our kinds and NIP codes', async () => {
    const banks = await rails.listBanks();
    expect(banks.map((b) => b.code)).toEqual(['044', '058', '035', '51999']);
    expect(banks.find((b) => b.code === '058')).toMatchObject({
      nipCode: '000013',
      type: 'dmb',
      active: true,
    });
    expect(banks.find((b) => b.code === '51999')).toMatchObject({
      type: 'mfb',
      active: false,
      nipCode: null,
    });
    const first = seen.find((s) => s.path === '/bank');
    expect(first?.query.get('currency')).toBe('NGN');
    expect(seen.some((s) => s.path === '/bank' && s.query.get('next') === 'YmFuazoxNjk=')).toBe(true);
  });

  it('resolves names, null for unknown numbers, and raises on outages', async () => {
    expect(await rails.resolveAccount('0123456785', '058')).toEqual({
      accountName: 'CHIDINMA ADAEZE OKAFOR',
    });
    expect(await rails.resolveAccount('0123456784', '058')).toBeNull();
    await expect(rails.resolveAccount('5555555555', '058')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('creates a recipient then a transfer, and answers the first transfer for a repeated reference', async () => {
    const req = {
      reference: 'pay_ref-1',
      amount: 150_000,
      currency: 'NGN' as const,
      bankCode: '058',
      accountNumber: '0123456785',
      accountName: 'CHIDINMA ADAEZE OKAFOR',
      reason: 'Invoice 12',
    };
    const first = await rails.createTransfer(req);
    expect(first).toMatchObject({ reference: 'pay_ref-1', status: 'pending', providerRef: 'TRF_1' });
    const posted = seen.filter((s) => s.path === '/transfer');
    expect(posted[0].body).toMatchObject({
      source: 'balance',
      amount: 150_000,
      recipient: 'RCP_t1',
      reference: 'pay_ref-1',
      reason: 'Invoice 12',
      currency: 'NGN',
    });
    expect(seen.find((s) => s.path === '/transferrecipient')?.body).toMatchObject({
      type: 'nuban',
      account_number: '0123456785',
      bank_code: '058',
      name: 'CHIDINMA ADAEZE OKAFOR',
    });
    const again = await rails.createTransfer(req);
    expect(again.providerRef).toBe('TRF_1');
    expect(transfers.size).toBe(1);
    await expect(rails.createTransfer({ ...req, reference: 'boom-1' })).rejects.toBeInstanceOf(RailsError);
  });

  it('verifies transfers by reference', async () => {
    expect(await rails.getTransfer('pay_ref-1')).toMatchObject({
      reference: 'pay_ref-1',
      status: 'success',
      providerRef: 'TRF_1',
      failureReason: null,
    });
    expect(await rails.getTransfer('never-sent')).toBeNull();
  });

  it('confirms a deposit by its reference (GET /transaction/verify), null when Paystack never saw it', async () => {
    expect(await rails.getCharge('dva_ref_1')).toEqual({
      reference: 'dva_ref_1',
      status: 'success',
      amount: 250000,
      currency: 'NGN',
      accountNumber: '9930107890',
      narration: 'NIP/ADA OBI/PI-7K2M9QX4',
    });
    expect(await rails.getCharge('never-paid')).toBeNull();
  });

  it('creates a dedicated virtual account for a customer', async () => {
    const va = await rails.createVirtualAccount({ customerRef: 'acct-42', name: 'Acme Limited' });
    expect(va).toEqual({
      accountNumber: '9930107890',
      bankCode: '035',
      bankName: 'Wema Bank',
      accountName: 'OWO/ACME LIMITED',
      providerRef: '253',
    });
    expect(seen.find((s) => s.path === '/customer')?.body).toMatchObject({
      email: 'acct-42@customers.owo.ng',
      first_name: 'Acme',
      last_name: 'Limited',
    });
    expect(seen.find((s) => s.path === '/dedicated_account')?.body).toEqual({
      customer: 'CUS_abc',
      preferred_bank: 'test-bank',
    });
  });

  it('answers FX from the configured rates', async () => {
    expect(await rails.fxRate('USD', 'NGN')).toBe('1500');
  });

  it('verifies x-paystack-signature (HMAC-SHA512 of the raw body) and parses events', () => {
    const raw = Buffer.from(
      JSON.stringify({
        event: 'transfer.success',
        data: { reference: 'pay_ref-1', amount: 150000, transfer_code: 'TRF_1', status: 'success' },
      }),
    );
    const sig = signPaystackBody(raw, SECRET);
    expect(rails.verifyWebhook(raw, { 'x-paystack-signature': sig })).toBe(true);
    expect(rails.verifyWebhook(Buffer.concat([raw, Buffer.from(' ')]), { 'x-paystack-signature': sig })).toBe(
      false,
    );
    expect(rails.verifyWebhook(raw, { 'x-paystack-signature': signPaystackBody(raw, 'sk_test_other') })).toBe(
      false,
    );
    expect(rails.verifyWebhook(raw, { 'x-paystack-signature': sig.slice(0, 10) })).toBe(false);
    expect(rails.verifyWebhook(raw, {})).toBe(false);
    expect(rails.parseWebhook(raw)).toEqual({
      event: 'transfer.success',
      reference: 'pay_ref-1',
      amount: 150000,
      reason: null,
      eventId: 'paystack:transfer.success:TRF_1',
    });

    const failed = Buffer.from(
      JSON.stringify({
        event: 'transfer.failed',
        data: {
          reference: 'pay_ref-2',
          amount: 5000,
          transfer_code: 'TRF_2',
          gateway_response: 'Account blocked',
        },
      }),
    );
    expect(rails.parseWebhook(failed)).toMatchObject({ event: 'transfer.failed', reason: 'Account blocked' });

    const charge = Buffer.from(
      JSON.stringify({
        event: 'charge.success',
        data: {
          id: 998,
          reference: 'dva_ref_1',
          amount: 250000,
          channel: 'dedicated_nuban',
          authorization: {
            channel: 'dedicated_nuban',
            receiver_bank_account_number: '9930107890',
            receiver_bank: 'Wema Bank',
            sender_name: 'ADA OBI',
            sender_bank: 'GTBank',
          },
          customer: { customer_code: 'CUS_abc' },
        },
      }),
    );
    expect(rails.parseWebhook(charge)).toEqual({
      event: 'charge.success',
      reference: 'dva_ref_1',
      amount: 250000,
      accountNumber: '9930107890',
      senderName: 'ADA OBI',
      // The sender's own account as Paystack reports it (issue 24 §2 useSourceAccount refunds).
      senderAccountNumber: null,
      senderBankName: 'GTBank',
      narration: null,
      eventId: 'paystack:charge.success:998',
    });

    expect(rails.parseWebhook(Buffer.from('{"event":"subscription.create","data":{}}'))).toBeNull();
    expect(rails.parseWebhook(Buffer.from('not json'))).toBeNull();
    expect(
      rails.parseWebhook(
        Buffer.from(
          JSON.stringify({
            event: 'charge.success',
            data: { id: 1, reference: 'card', amount: 100, channel: 'card', authorization: {} },
          }),
        ),
      ),
    ).toBeNull();
  });
});
