import { describe, expect, it, vi } from 'vitest';
import { lagosMonth, lagosToday } from './dates';

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
