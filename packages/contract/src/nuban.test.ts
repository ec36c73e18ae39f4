import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { banksForNumber, checkNuban, isValidNuban, makeNuban, nubanBankCode, nubanCheckDigit } from './nuban';

const BANKS = [
  { code: '058', type: 'dmb' as const, name: 'GTBank' },
  { code: '044', type: 'dmb' as const, name: 'Access' },
  { code: '057', type: 'dmb' as const, name: 'Zenith' },
  { code: '011', type: 'dmb' as const, name: 'First Bank' },
  { code: '00103', type: 'dmb' as const, name: 'Globus' },
  { code: '559', type: 'merchant' as const, name: 'Coronation' },
  { code: '50211', type: 'mfb' as const, name: 'Kuda' },
  { code: '999992', type: 'fintech' as const, name: 'OPay' },
];

describe('NUBAN', () => {
  it('pads bank codes into the 6-digit form', () => {
    expect(nubanBankCode('058')).toBe('000058');
    expect(nubanBankCode('00103')).toBe('000103');
    expect(nubanBankCode('50211')).toBe('950211');
    expect(nubanBankCode('999992')).toBe('999992');
    expect(nubanBankCode('58')).toBeNull();
    expect(nubanBankCode('abc')).toBeNull();
  });

  it('matches the worked examples of NIGERIA.md', () => {
    expect(nubanCheckDigit('058', '012345678')).toBe(5);
    expect(isValidNuban('0123456785', '058')).toBe(true);
    expect(isValidNuban('0010246780', '044')).toBe(true);
    expect(makeNuban('058', '012345678')).toBe('0123456785');
  });

  it('rejects a wrong check digit, wrong length and non-digits', () => {
    expect(isValidNuban('0123456784', '058')).toBe(false);
    expect(isValidNuban('0010246781', '044')).toBe(false);
    expect(isValidNuban('012345678', '058')).toBe(false);
    expect(isValidNuban('01234567850', '058')).toBe(false);
    expect(isValidNuban('01234a6785', '058')).toBe(false);
    expect(isValidNuban('0123456785', 'x')).toBe(false);
  });

  it('every serial has exactly one valid check digit at a bank', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.constantFrom(...BANKS.map((b) => b.code)),
        (serial, code) => {
          const valid = [...'0123456789'].filter((d) => isValidNuban(serial + d, code));
          return valid.length === 1 && valid[0] === String(nubanCheckDigit(code, serial));
        },
      ),
    );
  });

  it('catches every single-digit typo in a valid number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (serial, pos, delta) => {
          const n = makeNuban('058', serial);
          const typo = n.slice(0, pos) + String((Number(n[pos]) + delta) % 10) + n.slice(pos + 1);
          return !isValidNuban(typo, '058');
        },
      ),
    );
  });

  it('enforces the check for deposit money and merchant banks, warns only elsewhere', () => {
    expect(checkNuban('0123456784', { code: '058', type: 'dmb' })).toEqual({
      ok: false,
      enforced: true,
      warning: null,
    });
    expect(checkNuban('0123456784', { code: '559', type: 'merchant' }).ok).toBe(false);
    const kuda = checkNuban('1234567890', { code: '50211', type: 'mfb' });
    expect(kuda.ok).toBe(true);
    expect(kuda.enforced).toBe(false);
    expect(kuda.warning === null ? isValidNuban('1234567890', '50211') : true).toBe(true);
    expect(checkNuban(makeNuban('999992', '123456789'), { code: '999992', type: 'fintech' })).toEqual({
      ok: true,
      enforced: false,
      warning: null,
    });
  });

  it('suggests the deposit money banks a number can belong to', () => {
    const found = banksForNumber('0123456785', BANKS).map((b) => b.code);
    expect(found).toContain('058');
    expect(found).not.toContain('50211');
    expect(found).not.toContain('999992');
    expect(banksForNumber('123', BANKS)).toEqual([]);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (n) =>
        banksForNumber(n, BANKS).every(
          (b) => (b.type === 'dmb' || b.type === 'merchant') && isValidNuban(n, b.code),
        ),
      ),
    );
  });
});
