import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FUNDING_MSG } from '@owo/contract';
import { client, createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { railsOf } from '../../rails';
import { sandboxVirtualAccounts } from '../../rails/sandbox/tables';
import { signBody } from '../../rails/sandbox/webhook-format';
import { inboundCredits, transactions, wallets } from '../money/tables';
import { verifyLedger } from '../money/verify';
import { createWallet, getWalletByCurrency } from '../money/wallets';
import { notifications } from '../notifications/tables';
import { railsWebhookEvents } from './tables';
import { recordSandboxCharge, waitFor } from './test-support';

// USD and GBP receiving details (issue 23 §0): issued by the rails port's optional
// createForeignAccount, stored on the wallet, and deposits to them credit the wallet through the
// same money-core path as NGN.

let t: TestApp;
let stopJobs: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stopJobs = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stopJobs?.();
  await t?.close();
});

const walletRow = async (id: string) => (await t.db.select().from(wallets).where(eq(wallets.id, id)))[0];

/** ISO 13616: move the first four characters to the end, letters to numbers, mod 97 must be 1. */
function ibanIsValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
function abaIsValid(n: string): boolean {
  if (!/^\d{9}$/.test(n)) return false;
  const d = n.split('').map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

function chargeBody(accountNumber: string, amount: number, reference: string, currency: string) {
  return JSON.stringify({
    event: 'charge.success',
    id: `evt_${reference}`,
    data: {
      reference,
      amount,
      currency,
      status: 'success',
      channel: 'dedicated_nuban',
      paid_at: new Date().toISOString(),
      authorization: {
        receiver_bank_account_number: accountNumber,
        receiver_bank: 'Correspondent',
        sender_name: 'ACME INC',
      },
    },
  });
}
const postWebhook = (body: string) =>
  fetch(`${t.baseUrl}/webhooks/rails/sandbox`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signBody(t.config.RAILS_WEBHOOK_SECRET!, body),
    },
    body,
  });

describe('USD and GBP receiving details', () => {
  it('a USD wallet opened through the API gets its details in the background (creation job or sweep); tenant-scoped', async () => {
    const o = await ownerWithAccount(t);
    const created = await o.api.post('/api/wallet', { currency: 'USD' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const number = await waitFor(
      'USD details assigned',
      async () => (await walletRow(id)).virtualAccountNumber,
    );
    const res = await o.api.get(`/api/wallet/${id}/funding-account`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      currency: 'USD',
      accountNumber: number,
      bankName: 'Community Federal Savings Bank',
      bankCode: 'CMFGUS33',
      swiftCode: 'CMFGUS33',
      sortCode: null,
      iban: null,
    });
    expect(res.body.data.accountName).toContain(o.account.name);
    expect(number).toMatch(/^\d{12}$/);
    expect(abaIsValid(res.body.data.routingNumber)).toBe(true);
    // The wallet list shows it too.
    const list = await o.api.get('/api/wallet');
    expect(list.body.data.find((w: { id: string }) => w.id === id).virtualAccount.accountNumber).toBe(number);

    const stranger = await ownerWithAccount(t);
    expect((await stranger.api.get(`/api/wallet/${id}/funding-account`)).status).toBe(404);
  });

  it('GBP details are issued once under concurrent reads, deterministic, with a valid IBAN', async () => {
    const o = await ownerWithAccount(t);
    const gbp = await createWallet(t.db, { accountId: o.account.id, currency: 'GBP' });
    const reads = await Promise.all(
      [1, 2, 3, 4, 5].map(() => o.api.get(`/api/wallet/${gbp.id}/funding-account`)),
    );
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const first = reads[0].body.data;
    for (const r of reads) expect(r.body.data).toEqual(first);
    expect(first).toMatchObject({
      currency: 'GBP',
      bankName: 'ClearBank',
      swiftCode: 'CLRBGB22',
      routingNumber: null,
    });
    expect(first.accountNumber).toMatch(/^\d{8}$/);
    expect(first.sortCode).toMatch(/^\d{6}$/);
    expect(first.iban).toBe(`${first.iban.slice(0, 4)}CLRB${first.sortCode}${first.accountNumber}`);
    expect(first.iban.startsWith('GB')).toBe(true);
    expect(ibanIsValid(first.iban)).toBe(true);
    // A corrupted check digit fails the same test (the test can fail).
    expect(ibanIsValid(`GB${first.iban[2] === '9' ? '0' : '9'}${first.iban.slice(3)}`)).toBe(false);

    const customerRef = `wallet_${gbp.id.replace(/-/g, '')}`;
    const issued = await t.db
      .select()
      .from(sandboxVirtualAccounts)
      .where(eq(sandboxVirtualAccounts.customerRef, customerRef));
    expect(issued).toHaveLength(1);
    const w = await walletRow(gbp.id);
    expect(w).toMatchObject({
      virtualAccountNumber: first.accountNumber,
      virtualSortCode: first.sortCode,
      virtualIban: first.iban,
    });
    // The provider answers the same details again for the same customer.
    const again = await railsOf(t.app.deps).createForeignAccount!({
      customerRef,
      name: 'X',
      currency: 'GBP',
    });
    expect(again).toMatchObject({ accountNumber: first.accountNumber, iban: first.iban });
  });

  it('a sandbox deposit to USD details credits the USD wallet once, with the notification, ledger balanced', async () => {
    const o = await ownerWithAccount(t);
    const usd = await createWallet(t.db, { accountId: o.account.id, currency: 'USD' });
    const ngn = await getWalletByCurrency(t.db, o.account.id, 'NGN');
    const fa = (await o.api.get(`/api/wallet/${usd.id}/funding-account`)).body.data;
    const sent = await o.api.post('/api/sandbox/deposits', {
      accountNumber: fa.accountNumber,
      amount: '150.25',
      senderName: 'ACME INC',
    });
    expect(sent.status).toBe(200);
    await waitFor('USD deposit credited', async () => (await walletRow(usd.id)).balance === 15025);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.walletId, usd.id));
    expect(tx).toMatchObject({ type: 'deposit', currency: 'USD', amount: 15025, accountId: o.account.id });
    const note = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, o.account.id), eq(notifications.topic, 'Deposit Received')));
    expect(note.some((n) => n.value === '$150.25 from ACME INC was credited to your USD wallet.')).toBe(true);
    expect(ngn && (await walletRow(ngn.id)).balance).toBe(0);

    // The same webhook redelivered changes nothing (inbound_credits dedupe).
    const body = chargeBody(fa.accountNumber, 5000, `chg_usd_twice_${usd.id.slice(0, 8)}`, 'USD');
    await recordSandboxCharge(t, body); // the provider issued it: its webhook credits once
    expect((await postWebhook(body)).status).toBe(200);
    expect((await postWebhook(body)).status).toBe(200);
    await waitFor('redelivery processed', async () => (await walletRow(usd.id)).balance === 20025);
    await new Promise((r) => setTimeout(r, 800));
    expect((await walletRow(usd.id)).balance).toBe(20025);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('a deposit reported in another currency never credits the wallet (suspense in that currency)', async () => {
    const o = await ownerWithAccount(t);
    const gbp = await createWallet(t.db, { accountId: o.account.id, currency: 'GBP' });
    const fa = (await o.api.get(`/api/wallet/${gbp.id}/funding-account`)).body.data;
    const ref = `chg_gbp_wrongccy_${gbp.id.slice(0, 8)}`;
    // The provider's own record says USD too (the body alone would credit nothing).
    await recordSandboxCharge(t, chargeBody(fa.accountNumber, 9900, ref, 'USD'));
    expect((await postWebhook(chargeBody(fa.accountNumber, 9900, ref, 'USD'))).status).toBe(200);
    await waitFor('event processed', async () => {
      const [e] = await t.db.select().from(railsWebhookEvents).where(eq(railsWebhookEvents.reference, ref));
      return e?.processedAt;
    });
    expect((await walletRow(gbp.id)).balance).toBe(0);
    const [credit] = await t.db.select().from(inboundCredits).where(eq(inboundCredits.providerRef, ref));
    expect(credit).toMatchObject({ status: 'suspense', currency: 'USD', walletId: null });
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('sandbox deposits take 8, 10 or 12 digits and nothing else', async () => {
    const o = await ownerWithAccount(t);
    const bad = await o.api.post('/api/sandbox/deposits', { accountNumber: '1234567', amount: '10' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.accountNumber).toEqual([FUNDING_MSG.depositAccountNumber]);
    expect(
      (await o.api.post('/api/sandbox/deposits', { accountNumber: '12345678', amount: '10' })).status,
    ).toBe(404);
    expect(
      (await client(t).post('/api/sandbox/deposits', { accountNumber: '12345678', amount: '10' })).status,
    ).toBe(401);
  });
});
