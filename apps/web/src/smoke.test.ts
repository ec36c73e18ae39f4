import { describe, expect, it } from 'vitest';
import { formatMoney } from '@owo/contract';

describe('web smoke', () => {
  it('formats naira en-NG with two decimals', () => {
    expect(formatMoney(123450, 'NGN')).toBe('₦1,234.50');
  });
});
