// The total and the VAT of a bill or receipt, chosen by their labels (Grand Total, Amount Due,
// Balance Due over Total; never Subtotal) and checked against each other: when total = subtotal +
// VAT, or VAT is 7.5% of the rest, the pair is taken as sure.
import { amountsIn, type Amount } from './parse-tokens';

export type Line = { text: string; confidence: number; height?: number };
export type Found<T> = { value: T; certainty: number; line: number };

const TOTAL_LABELS: [RegExp, number][] = [
  [/\bgrand\s*total\b/i, 1],
  [/\b(total\s*)?amount\s*(due|payable)\b|\bbalance\s*due\b|\btotal\s*(due|payable)\b/i, 0.98],
  [/\btotal\b/i, 0.9],
  [/\bamount\s*paid\b|\bnet\s*amount\b|\bamount\b/i, 0.6],
];
const NOT_TOTAL = /\bsub\s*-?\s*total\b|\btotal\s*(vat|tax|qty|quantity|items?|discount)\b|\bsub\b/i;
const VAT_LABEL = /\b(v\.?\s?a\.?\s?t\.?|tax)\b/i;
const NOT_VAT =
  /\b(tin|reg(istration)?|vat\s*(no|number|id|reg)|tax\s*(id|no|number|invoice|receipt))\b|\b(excl|incl)(usive|\.)?\s+(of\s+)?vat\b/i;
const SUBTOTAL_LABEL = /\bsub\s*-?\s*total\b/i;
const RATE = /\(?\s*\d{1,2}(?:[.,]\d{1,2})?\s?%\s*\)?/g;

const moneyOn = (l: string): Amount[] =>
  amountsIn(l.replace(RATE, ' ')).filter((a) => !a.percent && a.minor > 0);

/**
 * Every labelled amount, surest first: the last amount on a labelled line, or the first on the
 * next line when the label stands alone ("Amount Due" above its figure).
 */
function candidates(lines: Line[], weight: (l: string) => number, skip?: RegExp): Found<Amount>[] {
  const out: Found<Amount>[] = [];
  lines.forEach((ln, i) => {
    const w = weight(ln.text);
    if (!w || skip?.test(ln.text)) return;
    const here = moneyOn(ln.text).at(-1);
    if (here) out.push({ value: here, certainty: w, line: i });
    else if (lines[i + 1] && ln.text.split(/\s+/).length <= 4) {
      const next = moneyOn(lines[i + 1].text)[0];
      if (next) out.push({ value: next, certainty: w * 0.9, line: i + 1 });
    }
  });
  return out.sort((a, b) => b.certainty - a.certainty || b.value.minor - a.value.minor);
}

/** OCR reads ₦ as a digit now and then ("₦6,750" → "86,750"): the amount without its first digit. */
function variants(a: Found<Amount>): Found<Amount>[] {
  const s = String(Math.trunc(a.value.minor / 100));
  if (s.length < 2 || a.value.currency) return [a];
  const cut = Number(s.slice(1)) * 100 + (a.value.minor % 100);
  return [a, { ...a, certainty: a.certainty * 0.9, value: { ...a.value, minor: cut } }];
}
const allVariants = (xs: Found<Amount>[]) => xs.slice(0, 4).flatMap(variants);

const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(2, Math.abs(b) * 0.0005);

export type Totals = {
  total: Found<Amount> | null;
  vat: Found<Amount> | null;
  sub: Found<Amount> | null;
  /** total = subtotal + VAT, or VAT = 7.5% of the rest */
  checked: boolean;
  vatIsStandard: boolean;
};

export function totals(lines: Line[]): Totals {
  const ts = candidates(lines, (t) => TOTAL_LABELS.find(([re]) => re.test(t))?.[1] ?? 0, NOT_TOTAL);
  const vs = candidates(lines, (t) => (VAT_LABEL.test(t) ? 0.85 : 0), NOT_VAT);
  const ss = candidates(lines, (t) => (SUBTOTAL_LABEL.test(t) ? 1 : 0));
  // First a subtotal + VAT that make the total with VAT at 7.5% (this also tells "₦1,000" from a
  // misread "11,000" when all three carry the slip); then one that adds up; then a VAT that is
  // 7.5% of the total without it.
  for (const pass of ['both', 'adds', 'standard'] as const)
    for (const t of allVariants(ts))
      for (const v of allVariants(vs)) {
        if (v.value.minor >= t.value.minor) continue;
        const rest = t.value.minor - v.value.minor;
        const standard = near(v.value.minor, Math.round(rest * 0.075));
        if (pass === 'standard' && standard)
          return { total: t, vat: v, sub: null, checked: true, vatIsStandard: true };
        if (pass === 'both' && !standard) continue;
        const s = pass !== 'standard' ? allVariants(ss).find((x) => near(x.value.minor, rest)) : undefined;
        if (s) return { total: t, vat: v, sub: s, checked: true, vatIsStandard: standard };
      }
  // No pair adds up: the surest labelled figures, and a VAT only when it is below the total.
  const total = ts[0] ?? null;
  const vat = vs.find((v) => !total || v.value.minor < total.value.minor) ?? null;
  return { total, vat, sub: ss[0] ?? null, checked: false, vatIsStandard: false };
}
