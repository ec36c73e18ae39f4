import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RailsEvent } from '../port';

// Paystack webhooks: `x-paystack-signature` = hex HMAC-SHA512 of the raw body keyed with the secret key.

export function signPaystackBody(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function verifyPaystackSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secretKey: string,
): boolean {
  const header = headers['x-paystack-signature'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!sent || !secretKey || !/^[0-9a-f]+$/i.test(sent)) return false;
  const expected = Buffer.from(signPaystackBody(rawBody, secretKey), 'hex');
  const given = Buffer.from(sent, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});

/**
 * Maps a Paystack event to ours; null for events we do not act on or malformed bodies.
 * eventId is stable per provider object and event so duplicate deliveries dedupe.
 */
export function parsePaystackEvent(rawBody: Buffer): RailsEvent | null {
  let body: Obj;
  try {
    body = obj(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return null;
  }
  const event = body.event;
  const data = obj(body.data);
  const reference = str(data.reference);
  const amount = int(data.amount);
  if (!reference || amount === null) return null;
  const providerId = str(data.transfer_code) ?? str(data.id) ?? reference;
  if (event === 'transfer.success' || event === 'transfer.failed' || event === 'transfer.reversed') {
    const reason =
      event === 'transfer.success'
        ? null
        : (str(data.failures) ?? str(data.gateway_response) ?? str(data.reason));
    return { event, reference, amount, reason, eventId: `paystack:${event}:${providerId}` };
  }
  if (event === 'charge.success') {
    const auth = obj(data.authorization);
    const meta = obj(data.metadata);
    const customer = obj(data.customer);
    const accountNumber = str(auth.receiver_bank_account_number) ?? str(meta.receiver_account_number);
    if (!accountNumber) return null; // a card or other charge, not a deposit into a dedicated account
    const senderName =
      str(auth.sender_name) ??
      [str(customer.first_name), str(customer.last_name)].filter(Boolean).join(' ') ??
      '';
    return {
      event,
      reference,
      amount,
      accountNumber,
      senderName: senderName || 'Unknown sender',
      senderAccountNumber: str(auth.sender_bank_account_number) ?? null,
      senderBankName: str(auth.sender_bank) ?? null,
      narration: str(auth.narration) ?? null,
      eventId: `paystack:${event}:${str(data.id) ?? reference}`,
    };
  }
  return null;
}
