import { describe, expect, it, vi } from 'vitest';
import { lagosMonth, lagosToday } from './dates';
import { escapeLike, newReference } from './text';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character, and nothing else', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('c:\\dir')).toBe('c:\\\\dir');
    expect(escapeLike('%_\\%')).toBe('\\%\\_\\\\\\%');
    expect(escapeLike("Ade's *shop* [1]")).toBe("Ade's *shop* [1]");
    expect(escapeLike('')).toBe('');
  });
});

describe('newReference', () => {
  it('is the prefix, the time in base 36 and bytes×2 random hex digits', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 2, 3, 4, 5, 678), toFake: ['Date'] });
    try {
      const t = Date.now().toString(36);
      const pay = newReference('pay');
      expect(pay).toMatch(new RegExp(`^pay_${t}[0-9a-f]{12}$`));
      expect(newReference('dsb', 5)).toMatch(new RegExp(`^dsb_${t}[0-9a-f]{10}$`));
      expect(newReference('trf', 8)).toMatch(new RegExp(`^trf_${t}[0-9a-f]{16}$`));
      // more digits than one UUID holds
      expect(newReference('x', 20)).toMatch(new RegExp(`^x_${t}[0-9a-f]{40}$`));
      expect(newReference('pay')).not.toBe(pay);
    } finally {
      vi.useRealTimers();
    }
  });

  it('spreads its random digits over all sixteen values', () => {
    const seen = new Set(
      Array.from({ length: 200 }, () => newReference('r', 8).slice(-16))
        .join('')
        .split(''),
    );
    expect(seen.size).toBe(16);
  });
});

describe('lagosToday / lagosMonth', () => {
  const justBefore = Date.parse('2026-03-31T22:59:59.999Z'); // 23:59:59.999 on 31 March in Lagos
  const justAfter = Date.parse('2026-03-31T23:00:00.000Z'); // 00:00 on 1 April in Lagos

  it('turns the day at Lagos midnight (23:00 UTC), from a number or a Date', () => {
    expect(lagosToday(justBefore)).toBe('2026-03-31');
    expect(lagosToday(justAfter)).toBe('2026-04-01');
    expect(lagosToday(new Date(justBefore))).toBe('2026-03-31');
    expect(lagosToday(new Date(justAfter))).toBe('2026-04-01');
    expect(lagosMonth(justBefore)).toBe('2026-03');
    expect(lagosMonth(new Date(justAfter))).toBe('2026-04');
  });

  it('has no daylight saving: the same hour in July', () => {
    expect(lagosToday(Date.parse('2026-07-14T22:59:59.999Z'))).toBe('2026-07-14');
    expect(lagosToday(Date.parse('2026-07-14T23:00:00.000Z'))).toBe('2026-07-15');
  });

  it('defaults to the present', () => {
    vi.useFakeTimers({ now: justAfter, toFake: ['Date'] });
    try {
      expect(lagosToday()).toBe('2026-04-01');
      expect(lagosMonth()).toBe('2026-04');
    } finally {
      vi.useRealTimers();
    }
  });
});
