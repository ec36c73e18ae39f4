// Exact decimal arithmetic for FX: rates are decimal strings, amounts integer minor units.
// Everything goes through BigInt; rounding is half up (away from zero for positive values).

export type Decimal = { n: bigint; scale: number };

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

export function parseDecimal(s: string): Decimal {
  const m = DECIMAL_RE.exec(s.trim());
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = m[2] ?? '';
  return { n: BigInt(m[1] + frac), scale: frac.length };
}

export function formatDecimal(d: Decimal): string {
  const s = d.n.toString().padStart(d.scale + 1, '0');
  if (d.scale === 0) return s;
  const whole = s.slice(0, s.length - d.scale);
  const frac = s.slice(s.length - d.scale).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** round(num / den) half up, for non-negative num and positive den. */
export function divHalfUp(num: bigint, den: bigint): bigint {
  if (den <= 0n || num < 0n) throw new Error('divHalfUp expects num >= 0 and den > 0');
  return (num * 2n + den) / (den * 2n);
}

const pow10 = (k: number) => 10n ** BigInt(k);

/** The decimal rounded half up to `dp` places. */
export function roundDecimal(d: Decimal, dp: number): Decimal {
  if (d.scale <= dp) return d;
  return { n: divHalfUp(d.n, pow10(d.scale - dp)), scale: dp };
}

export function mulDecimal(a: string, b: string, dp = 18): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return formatDecimal(roundDecimal({ n: x.n * y.n, scale: x.scale + y.scale }, dp));
}

/** 1 / rate rounded half up to `dp` places. */
export function invertDecimal(rate: string, dp = 18): string {
  const r = parseDecimal(rate);
  if (r.n === 0n) throw new Error('cannot invert a zero rate');
  // 1 / (n / 10^s) = 10^s / n; scaled by 10^dp.
  return formatDecimal({ n: divHalfUp(pow10(r.scale + dp), r.n), scale: dp });
}

/**
 * Converts minor units of one 2-decimal currency into minor units of another at `rate`
 * (units of the target per 1 unit of the source), rounding half up to the minor unit.
 */
export function convertMinor(amountMinor: number, rate: string): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new Error('amount must be a non-negative integer');
  const r = parseDecimal(rate);
  const out = divHalfUp(BigInt(amountMinor) * r.n, pow10(r.scale));
  if (out > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('converted amount too large');
  return Number(out);
}

/** 'USD:NGN=1550,GBP:NGN=1950' -> Map('USD:NGN' -> '1550'). Bad entries throw (config is checked at boot). */
export function parseFxTable(spec: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([A-Z]{3}):([A-Z]{3})=(\d+(?:\.\d+)?)$/.exec(part);
    if (!m || parseDecimal(m[3]).n === 0n) throw new Error(`bad FX_RATES entry: ${part}`);
    out.set(`${m[1]}:${m[2]}`, formatDecimal(parseDecimal(m[3])));
  }
  return out;
}

/**
 * Units of `to` per 1 unit of `from` from a configured table: the direct pair, else the inverse of
 * the reverse pair, else through one intermediate currency. Null when no path exists.
 */
export function rateFromTable(table: Map<string, string>, from: string, to: string, dp = 18): string | null {
  if (from === to) return '1';
  const direct = (a: string, b: string): string | null => {
    const d = table.get(`${a}:${b}`);
    if (d) return d;
    const r = table.get(`${b}:${a}`);
    return r ? invertDecimal(r, dp) : null;
  };
  const d = direct(from, to);
  if (d) return d;
  const currencies = new Set([...table.keys()].flatMap((k) => k.split(':')));
  for (const via of currencies) {
    if (via === from || via === to) continue;
    const a = direct(from, via);
    const b = a && direct(via, to);
    if (a && b) return mulDecimal(a, b, dp);
  }
  return null;
}
