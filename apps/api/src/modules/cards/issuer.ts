// The sandbox card issuer: issues virtual card numbers (Luhn-valid, shown once), signs its webhooks
// with HMAC-SHA512 of the raw body (hex) in x-issuer-signature, like the rails' sandbox.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const ISSUER_SIGNATURE_HEADER = 'x-issuer-signature';

function luhnDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnDigit(pan.slice(0, -1)) === pan.slice(-1);
}

/** A new virtual card: the number and CVV are answered once and never stored. */
export function issueSandboxCard(currency: 'NGN' | 'USD') {
  const bin = currency === 'NGN' ? '506099' : '539983'; // Verve-like for NGN, Mastercard-like for USD
  let body = bin;
  while (body.length < 15) body += String(randomInt(10));
  const number = body + luhnDigit(body);
  const now = new Date();
  return {
    number,
    cvv: String(randomInt(1000)).padStart(3, '0'),
    last4: number.slice(-4),
    brand: currency === 'NGN' ? 'Verve' : 'Mastercard',
    issuerToken: `ist_${randomBytes(12).toString('hex')}`,
    expiryMonth: now.getUTCMonth() + 1,
    expiryYear: now.getUTCFullYear() + 3,
  };
}

export const signIssuerBody = (secret: string, body: string | Buffer) =>
  createHmac('sha512', secret).update(body).digest('hex');

export function verifyIssuerSignature(
  secret: string,
  raw: Buffer,
  header: string | string[] | undefined,
): boolean {
  const sent = Array.isArray(header) ? header[0] : header;
  if (typeof sent !== 'string' || !/^[0-9a-f]{128}$/i.test(sent)) return false;
  const expected = Buffer.from(signIssuerBody(secret, raw), 'hex');
  const given = Buffer.from(sent, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
