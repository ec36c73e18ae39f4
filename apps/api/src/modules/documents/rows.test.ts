import { describe, expect, it } from 'vitest';
import { pageRows, type BoxedLine } from './rows';

const box = (text: string, x0: number, y0: number, x1 = x0 + 10 * text.length, y1 = y0 + 30): BoxedLine => ({
  text,
  confidence: 0.9,
  x0,
  x1,
  y0,
  y1,
});

describe('pageRows', () => {
  it('joins a label and its figure from two blocks on one row, rows top to bottom', () => {
    const rows = pageRows([
      box('Subtotal', 100, 500),
      box('Total', 100, 580),
      box('₦90,000.00', 800, 503),
      box('₦96,750.00', 800, 584),
      box('Adebayo Foods Limited', 100, 60, 500, 110),
    ]);
    expect(rows.map((r) => r.text)).toEqual([
      'Adebayo Foods Limited',
      'Subtotal ₦90,000.00',
      'Total ₦96,750.00',
    ]);
    expect(rows[0].height).toBe(50);
  });

  it('keeps lines of one column apart, and lines that overlap across', () => {
    const rows = pageRows([
      box('first line', 100, 100),
      box('second line', 100, 120),
      box('wide', 50, 100, 400),
    ]);
    expect(rows).toHaveLength(3);
  });
});
