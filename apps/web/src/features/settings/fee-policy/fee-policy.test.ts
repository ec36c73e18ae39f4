import { describe, expect, it } from 'vitest';
import { toFeePolicyAnswer } from '@owo/contract/fees';
import { describeRule } from './fee-policy-screen';

const policy = (over: Partial<Parameters<typeof toFeePolicyAnswer>[0]>) =>
  toFeePolicyAnswer({
    method: 'bank-transfer',
    currency: 'NGN',
    flat: 0,
    percentBps: 0,
    cap: null,
    min: null,
    bands: null,
    source: 'default',
    ...over,
  });

describe('describeRule', () => {
  it('says what a policy takes', () => {
    expect(describeRule(policy({}))).toBe('Free');
    expect(describeRule(policy({ percentBps: 100 }))).toBe('1%');
    expect(describeRule(policy({ flat: 1_000, percentBps: 150, cap: 200_000, min: 2_000 }))).toBe(
      '₦10.00 + 1.50% · min ₦20.00 · cap ₦2,000.00',
    );
    expect(
      describeRule(
        policy({
          flat: 999,
          bands: [
            { upTo: 500_000, flat: 1_000 },
            { upTo: null, flat: 5_000 },
          ],
        }),
      ),
    ).toBe('2 bands');
  });
});
