import { describe, expect, it } from 'vitest';
import { isValidNuban, makeNuban } from '@owo/contract';
import { NIGERIAN_BANKS } from '../banks';
import {
  SANDBOX_FIXED_ACCOUNTS,
  SANDBOX_NOT_FOUND,
  sandboxListBanks,
  sandboxNameFor,
  sandboxResolveAccount,
} from './resolve';

describe('sandbox bank list and resolution', () => {
  it('lists every bank of NIGERIA.md with its NIP code and kind', () => {
    const banks = sandboxListBanks();
    expect(banks).toHaveLength(NIGERIAN_BANKS.length);
    expect(banks.find((b) => b.code === '058')).toMatchObject({
      name: 'Guaranty Trust Bank',
      nipCode: '000013',
      type: 'dmb',
      active: true,
    });
    expect(banks.find((b) => b.code === '999992')).toMatchObject({
      name: 'OPay',
      type: 'fintech',
      nipCode: null,
    });
    expect(banks.find((b) => b.code === '559')?.type).toBe('merchant');
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });

  it('resolves the documented fixed accounts', () => {
    for (const a of SANDBOX_FIXED_ACCOUNTS) {
      expect(isValidNuban(a.accountNumber, a.bankCode)).toBe(true);
      expect(sandboxResolveAccount(a.accountNumber, a.bankCode)).toEqual({ accountName: a.accountName });
    }
  });

  it('gives valid numbers a deterministic Nigerian name', () => {
    const n = makeNuban('057', '204060801');
    const a = sandboxResolveAccount(n, '057');
    expect(a?.accountName).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    expect(sandboxResolveAccount(n, '057')).toEqual(a);
    expect(a?.accountName).toBe(sandboxNameFor(n, '057'));
  });

  it('answers null for bad check digits, unknown banks and the documented not-found numbers', () => {
    expect(sandboxResolveAccount('0123456784', '058')).toBeNull();
    expect(sandboxResolveAccount('0123456785', '000')).toBeNull();
    expect(sandboxResolveAccount('12345', '058')).toBeNull();
    for (const a of SANDBOX_NOT_FOUND) {
      expect(isValidNuban(a.accountNumber, a.bankCode)).toBe(true);
      expect(sandboxResolveAccount(a.accountNumber, a.bankCode)).toBeNull();
    }
    expect(sandboxResolveAccount(makeNuban('044', '999990000'), '044')).toBeNull();
  });

  it('relies on the lookup (no hard check) for fintech and microfinance codes', () => {
    const opay = sandboxResolveAccount('8031234567', '999992');
    expect(opay?.accountName).toBeTruthy();
  });
});
