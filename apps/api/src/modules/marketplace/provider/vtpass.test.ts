// The VTpass-shaped adapter against a local HTTP stub with recorded-shape answers (no network).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendUnknownOutcome } from './port';
import { createVtpassVending, tokenFromText } from './vtpass';

const calls: { path: string; body: any; headers: Record<string, unknown> }[] = [];
const paid = new Map<string, any>();
let server: Server;
let base = '';

const delivered = (requestId: string, amount: number) => ({
  code: '000',
  response_description: 'TRANSACTION SUCCESSFUL',
  requestId,
  content: { transactions: { status: 'delivered', transactionId: '17000000000000000001', amount } },
  purchased_code: 'Token : 4217 8873 0132 5566 9021',
  units: '23.9 kWh',
  receiptNo: 'R-2209',
  debtAmount: '0',
  debtRemaining: '0',
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      calls.push({ path: req.url!, body, headers: req.headers });
      const send = (status: number, b: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(b));
      };
      if (req.url === '/api/merchant-verify') {
        if (body.billersCode === '11111111111')
          return send(200, {
            code: '000',
            content: {
              error: 'This meter is not correct or is not a valid Ikeja Electric meter.',
              WrongBillersCode: true,
            },
          });
        return send(200, {
          code: '000',
          content: { Customer_Name: 'TESTMETER1', Address: 'ABULE - ABULE', Meter_Number: body.billersCode },
        });
      }
      if (req.url === '/api/pay') {
        if (body.billersCode === '22222222222') return send(504, { message: 'Gateway timeout' });
        if (body.billersCode === '33333333333') {
          const a = {
            code: '099',
            response_description: 'TRANSACTION IS PROCESSING',
            content: { transactions: { status: 'pending' } },
          };
          paid.set(body.request_id, a);
          return send(200, a);
        }
        if (!paid.has(body.request_id)) paid.set(body.request_id, delivered(body.request_id, body.amount));
        return send(200, paid.get(body.request_id));
      }
      if (req.url === '/api/requery') {
        const a = paid.get(body.request_id);
        if (!a)
          return send(200, {
            code: '015',
            response_description: 'INVALID REQUEST ID',
            content: { error: 'Invalid request id' },
          });
        return send(200, { ...delivered(body.request_id, 5000), code: '000' });
      }
      send(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const port = () =>
  createVtpassVending({ VTPASS_BASE_URL: base, VTPASS_API_KEY: 'k', VTPASS_SECRET_KEY: 's' }, 2000);

describe('VTpass-shaped adapter', () => {
  it('merchant-verify answers the name and address; a wrong meter is null; serviceID and type are sent', async () => {
    expect(
      await port().verifyMeter({ disco: 'IKEDC', meterNo: '1111111111111', vendType: 'prepaid' }),
    ).toEqual({ name: 'TESTMETER1', address: 'ABULE - ABULE' });
    expect(calls.at(-1)).toMatchObject({
      body: { serviceID: 'ikeja-electric', type: 'prepaid' },
      headers: { 'api-key': 'k', 'secret-key': 's' },
    });
    expect(
      await port().verifyMeter({ disco: 'IKEDC', meterNo: '11111111111', vendType: 'prepaid' }),
    ).toBeNull();
  });

  it('pay with a request id: the token is read from the answer text; a repeat answers the same vend', async () => {
    const req = {
      requestId: 'vnd_abc-1',
      disco: 'EKEDC',
      meterNo: '1234567890123',
      vendType: 'prepaid' as const,
      amountMinor: 5_000_00,
      phone: '08031234567',
    };
    const r = await port().vend(req);
    expect(r).toMatchObject({
      status: 'success',
      token: '4217-8873-0132-5566-9021',
      orderId: '17000000000000000001',
      receiptNo: 'R-2209',
    });
    expect(calls.at(-1)!.body).toMatchObject({
      request_id: 'vnd_abc-1',
      serviceID: 'eko-electric',
      variation_code: 'prepaid',
      amount: 5000,
    });
    expect(await port().vend(req)).toEqual(r);
  });

  it('a timeout is an unknown outcome; processing is pending; requery by request id; never seen is null', async () => {
    await expect(
      port().vend({
        requestId: 'vnd_t-1',
        disco: 'IKEDC',
        meterNo: '22222222222',
        vendType: 'prepaid',
        amountMinor: 100_00,
        phone: '1',
      }),
    ).rejects.toBeInstanceOf(VendUnknownOutcome);
    const p = await port().vend({
      requestId: 'vnd_p-1',
      disco: 'IKEDC',
      meterNo: '33333333333',
      vendType: 'prepaid',
      amountMinor: 100_00,
      phone: '1',
    });
    expect(p.status).toBe('pending');
    expect((await port().requery('vnd_p-1'))!.status).toBe('success');
    expect(await port().requery('vnd_never-1')).toBeNull();
  });

  it('tokenFromText reads the common shapes', () => {
    expect(tokenFromText('Token : 1234 5678 9012 3456 7890')).toBe('1234-5678-9012-3456-7890');
    expect(tokenFromText('Token: 12345678901234567890 Units: 30')).toBe('1234-5678-9012-3456-7890');
    expect(tokenFromText('')).toBeNull();
  });
});
