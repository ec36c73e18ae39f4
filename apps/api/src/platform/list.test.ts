import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listEnvelope, transactionItemSchema } from '@owo/contract';
import { compiledSerializer } from './list';

const compile = (schema: z.ZodType) =>
  compiledSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

const item = {
  id: '7f6c1d0e-3b9a-4c58-9f0a-2d7c6b5a4e31',
  walletId: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  type: 'deposit',
  status: 'success',
  amount: '109.97',
  amountMinor: 10997,
  fee: '0.00',
  feeMinor: 0,
  currency: 'NGN',
  reference: 'dep_1',
  counterparty: { name: 'ADA "OBI" \u2028', accountNumber: '0123456789' },
  narration: null,
  failureReason: null,
  relatedTransactionId: null,
  sourceType: null,
  sourceId: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  signedAmount: '109.97',
  signedAmountMinor: 10997,
  receiptAvailable: true,
};

describe('compiled response serialiser (fast-json-stringify from the zod schema)', () => {
  const schema = listEnvelope(transactionItemSchema);
  const envelope = (data: unknown[]) => ({
    status: 'success',
    message: 'Success',
    data,
    metadata: { pagination: { page: 1, limit: 20, totalItems: 1, totalPages: 1 }, extra: 'kept' },
  });

  it('writes exactly what zod would', () => {
    const body = envelope([item]);
    expect(JSON.parse(compile(schema)(body))).toEqual(schema.parse(body));
  });

  it('never writes a field the schema does not declare, at any depth', () => {
    const leaky = {
      ...envelope([
        {
          ...item,
          accountId: 'another-company',
          metadata: { providerSecret: 's3cret' },
          counterparty: { ...item.counterparty, bvn: '22212345678' },
        },
      ]),
      passwordHash: 'argon2id$...',
    };
    const out = compile(schema)(leaky);
    for (const leak of ['another-company', 's3cret', '22212345678', 'argon2id', 'accountId', 'bvn'])
      expect(out).not.toContain(leak);
    expect(JSON.parse(out)).toEqual(schema.parse(leaky));
  });

  it('still refuses a body missing a required field (a 500, as with zod)', () => {
    const { amount: _, ...broken } = item;
    expect(() => compile(schema)(envelope([broken]))).toThrow();
  });
});
