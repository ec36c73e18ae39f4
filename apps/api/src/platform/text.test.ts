import { describe, expect, it, vi } from 'vitest';
import { escapeLike, newReference } from './text';

describe('escapeLike', () => {
  // [search text, what goes between the `%…%`]: `\`, `%` and `_` are escaped; nothing else is.
  const cases: [string, string][] = [
    ['100%', '100\\%'],
    ['a_b', 'a\\_b'],
    ['c:\\dir', 'c:\\\\dir'],
    ['%_\\%', '\\%\\_\\\\\\%'],
    ["Ade's *shop* [1]", "Ade's *shop* [1]"],
    ['', ''],
  ];
  it.each(cases)('escapes %j as %j', (text, escaped) => expect(escapeLike(text)).toBe(escaped));
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
