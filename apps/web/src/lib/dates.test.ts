import { describe, expect, it } from 'vitest';
import { dateFieldValue, isoToDisplay, maskDateTyping, parseDisplayDate } from './dates';

describe('DD/MM/YYYY dates (000 §5)', () => {
  it('parses real calendar dates to ISO and refuses the rest', () => {
    expect(parseDisplayDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDisplayDate(' 29/02/2024 ')).toBe('2024-02-29');
    expect(parseDisplayDate('29/02/2025')).toBe('');
    expect(parseDisplayDate('31/04/2026')).toBe('');
    expect(parseDisplayDate('00/01/2026')).toBe('');
    expect(parseDisplayDate('12/13/2026')).toBe('');
    expect(parseDisplayDate('03/05/26')).toBe('');
    expect(parseDisplayDate('2026-03-05')).toBe('');
    expect(parseDisplayDate('5/3/2026')).toBe('');
  });

  it('shows ISO dates as DD/MM/YYYY', () => {
    expect(isoToDisplay('2026-03-05')).toBe('05/03/2026');
    expect(isoToDisplay('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    expect(isoToDisplay('')).toBe('');
    expect(isoToDisplay(null)).toBe('');
    expect(isoToDisplay('05/03/2026')).toBe('');
  });

  it('puts the slashes in while typing and understands pasted dates', () => {
    expect(maskDateTyping('0')).toBe('0');
    expect(maskDateTyping('05')).toBe('05');
    expect(maskDateTyping('053')).toBe('05/3');
    expect(maskDateTyping('0503')).toBe('05/03');
    expect(maskDateTyping('05032026')).toBe('05/03/2026');
    expect(maskDateTyping('05/03/20261')).toBe('05/03/2026');
    expect(maskDateTyping('ab05cd')).toBe('05');
    expect(maskDateTyping('2026-03-05')).toBe('05/03/2026');
    expect(maskDateTyping('5/3/2026')).toBe('05/03/2026');
  });

  it('hands the form ISO, empty, or the rejected text (so its schema gives the message)', () => {
    expect(dateFieldValue('05/03/2026')).toBe('2026-03-05');
    expect(dateFieldValue('  ')).toBe('');
    expect(dateFieldValue('31/02/2026')).toBe('31/02/2026');
    expect(dateFieldValue('05/03')).toBe('05/03');
  });
});
