import { describe, expect, it } from 'vitest';
import { RailsError } from '../errors';
import type { TransferRequest } from '../port';
import { checkWire } from './transfers';

const wire = (over: Partial<TransferRequest> = {}, b: Record<string, unknown> = {}): TransferRequest => ({
  reference: 'pay_x-1',
  amount: 50_000,
  currency: 'USD',
  bankCode: 'CHASUS33',
  accountNumber: '000123456789',
  accountName: 'Acme Components LLC',
  beneficiary: {
    swiftCode: 'CHASUS33',
    bankName: 'JPMorgan Chase Bank',
    country: 'US',
    address: '270 Park Avenue, New York',
    purpose: 'Payment for goods: invoice 4411',
    ...b,
  },
  ...over,
});

describe('sandbox wires (USD/GBP)', () => {
  it('accepts a complete wire and refuses what a correspondent bank would', () => {
    expect(() => checkWire(wire())).not.toThrow();
    expect(() =>
      checkWire(wire({ currency: 'GBP', bankCode: 'BARCGB22' }, { swiftCode: 'BARCGB22' })),
    ).not.toThrow();
    for (const bad of [
      wire({ beneficiary: undefined }),
      wire({ bankCode: 'NOPE' }, { swiftCode: 'NOPE' }),
      wire({}, { swiftCode: 'BARCGB22' }), // bank code and beneficiary disagree
      wire({ accountNumber: '12' }),
      wire({}, { country: 'USA' }),
      wire({}, { address: ' ' }),
      wire({}, { purpose: '' }),
      wire({ currency: 'NGN' }),
    ])
      expect(() => checkWire(bad)).toThrow(RailsError);
  });
});
