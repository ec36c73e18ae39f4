import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { RailsEvent } from '../port';

// Paystack-shaped webhook bodies, signed with HMAC-SHA512 of the raw body (hex) in x-sandbox-signature.

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
): boolean {
  const sent = Array.isArray(header) ? header[0] : header;
  if (typeof sent !== 'string' || !/^[0-9a-f]{128}$/i.test(sent)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  const given = Buffer.from(sent, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type TransferEventBody = {
  event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
  id: string;
  data: {
    reference: string;
    transfer_code: string;
    amount: number;
    currency: string;
    status: string;
    reason: string | null;
    failures: string | null;
    recipient: { details: { account_number: string; bank_code: string; account_name: string } };
    created_at: string;
    updated_at: string;
  };
};
export type ChargeEventBody = {
  event: 'charge.success';
  id: string;
  data: {
    reference: string;
    amount: number;
    currency: string;
    status: 'success';
    channel: 'dedicated_nuban';
    paid_at: string;
    authorization: {
      receiver_bank_account_number: string;
      receiver_bank: string;
      sender_name: string;
      sender_bank_account_number?: string | null;
      sender_bank_code?: string | null;
      narration?: string | null;
    };
  };
};

const transferSchema = z.object({
  event: z.enum(['transfer.success', 'transfer.failed', 'transfer.reversed']),
  id: z.string().min(1),
  data: z.object({
    reference: z.string().min(1),
    amount: z.number().int().positive(),
    failures: z.string().nullable().optional(),
  }),
});
const chargeSchema = z.object({
  event: z.literal('charge.success'),
  id: z.string().min(1),
  data: z.object({
    reference: z.string().min(1),
    amount: z.number().int().positive(),
    currency: z.enum(['NGN', 'USD', 'GBP']).optional(),
    authorization: z.object({
      // NGN: a 10-digit NUBAN; GBP 8 digits, USD 12 digits (foreign receiving details).
      receiver_bank_account_number: z.string().regex(/^(\d{8}|\d{10}|\d{12})$/),
      sender_name: z.string(),
      sender_bank_account_number: z
        .string()
        .regex(/^\d{10}$/)
        .nullish(),
      sender_bank_code: z.string().max(10).nullish(),
      narration: z.string().max(200).nullish(),
    }),
  }),
});

/** The event in a verified body, or null when it is not one we handle. */
export function parseBody(rawBody: Buffer): RailsEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const t = transferSchema.safeParse(json);
  if (t.success) {
    return {
      event: t.data.event,
      eventId: t.data.id,
      reference: t.data.data.reference,
      amount: t.data.data.amount,
      reason: t.data.data.failures ?? null,
    };
  }
  const c = chargeSchema.safeParse(json);
  if (c.success) {
    const a = c.data.data.authorization;
    return {
      event: 'charge.success',
      eventId: c.data.id,
      reference: c.data.data.reference,
      amount: c.data.data.amount,
      accountNumber: a.receiver_bank_account_number,
      senderName: a.sender_name,
      senderAccountNumber: a.sender_bank_account_number ?? null,
      senderBankCode: a.sender_bank_code ?? null,
      currency: c.data.data.currency ?? null,
      narration: a.narration ?? null,
    };
  }
  return null;
}
