// The small readers parse.ts is built from: amounts, dates and bank names as Nigerian bills and
// receipts print them, tolerant of what OCR does to them (₦ read as # or %, O for 0, ',' for '.').
// Pure functions, no I/O.

export type Amount = { minor: number; currency: string | null; index: number; percent: boolean };

const CURRENCY_OF: Record<string, string> = {
  '₦': 'NGN',
  NGN: 'NGN',
  N: 'NGN',
  '#': 'NGN',
  '%': 'NGN',
  '¥': 'NGN',
  H: 'NGN',
  NAIRA: 'NGN',
  USD: 'USD',
  US$: 'USD',
  $: 'USD',
  GBP: 'GBP',
  '£': 'GBP',
  EUR: 'EUR',
  '€': 'EUR',
};

// A currency mark (₦ often comes out of OCR as #, %, ¥ or H), then digits with thousands
// separators (',' or '.', as OCR mixes them) and at most 2 decimals, not glued to a word.
const AMOUNT_RE =
  /(?<![A-Za-z0-9])(₦|NGN|NAIRA|US\$|USD|GBP|EUR|[N#%¥H$£€])?\s?((?:\d{1,3}(?:[,.]\d{3})+|\d+)(?:[.,]\d{1,2})?)(?![\d,]*\d)(\s?%)?/gi;

/** Every amount on a line, left to right; `percent` marks "7.5%" so it is never taken for money. */
export function amountsIn(line: string): Amount[] {
  const out: Amount[] = [];
  for (const m of line.matchAll(AMOUNT_RE)) {
    const minor = toMinorLoose(m[2]);
    if (minor === null) continue;
    const mark = m[1]?.toUpperCase() ?? null;
    out.push({
      minor,
      currency: mark ? (CURRENCY_OF[mark] ?? null) : null,
      index: m.index ?? 0,
      percent: !!m[3],
    });
  }
  return out;
}

/** "1,234,567.50", "12500", "96.750,00" (OCR) → kobo; null when it is no amount. */
export function toMinorLoose(s: string): number | null {
  const dec = /[.,](\d{1,2})$/.exec(s);
  const whole = (dec ? s.slice(0, dec.index) : s).replace(/[.,]/g, '');
  if (!/^\d{1,13}$/.test(whole)) return null;
  const frac = dec ? dec[1].padEnd(2, '0') : '00';
  return Number(whole) * 100 + Number(frac);
}

/** Currency words anywhere in the text (for documents whose amounts carry no mark). */
export function currencyWords(text: string): string | null {
  if (/\b(USD|US\$|dollars?)\b|\$\s?\d/i.test(text)) return 'USD';
  if (/\b(GBP|pounds? sterling)\b|£\s?\d/i.test(text)) return 'GBP';
  if (/\b(EUR|euros?)\b|€\s?\d/i.test(text)) return 'EUR';
  if (/₦|\bNGN\b|\bnaira\b/i.test(text)) return 'NGN';
  return null;
}

// ---- dates ----

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return null;
  const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const t = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === s ? s : null;
}

/** OCR's letters in digit runs ("2O26", "l2/03") back to digits, only next to digits. */
export function digitsFixed(s: string): string {
  return s
    .replace(/(?<=\d)[Oo]|[Oo](?=\d)/g, '0')
    .replace(/(?<=\d)[lI|]|[lI|](?=\d)/g, '1')
    .replace(/(?<=\d)S(?=\d)/g, '5');
}

const MONTH_WORD = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DATE_RES: { re: RegExp; ymd: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, ymd: (m) => [+m[1], +m[2], +m[3]] },
  {
    re: /\b(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})\b/g,
    // Nigerian order is day first; a second number over 12 can only be a day (US order).
    ymd: (m) => (+m[2] > 12 && +m[1] <= 12 ? [+m[3], +m[1], +m[2]] : [+m[3], +m[2], +m[1]]),
  },
  {
    re: new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?[\s-]*(?:of\s+)?${MONTH_WORD}\.?[,\s-]*(\d{4})\b`,
      'gi',
    ),
    ymd: (m) => [+m[3], monthOf(m[2]), +m[1]],
  },
  {
    re: new RegExp(String.raw`\b${MONTH_WORD}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi'),
    ymd: (m) => [+m[3], monthOf(m[1]), +m[2]],
  },
];

/** Every date on a line as YYYY-MM-DD, in the order they appear. */
export function datesIn(line: string): string[] {
  const s = digitsFixed(line);
  const found: { at: number; iso: string }[] = [];
  for (const { re, ymd } of DATE_RES) {
    for (const m of s.matchAll(re)) {
      const v = iso(...ymd(m as RegExpExecArray));
      if (v && !found.some((f) => Math.abs(f.at - (m.index ?? 0)) < 3))
        found.push({ at: m.index ?? 0, iso: v });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.iso);
}

// ---- banks ----

export type BankRef = { code: string; name: string; type: 'dmb' | 'mfb' | 'fintech' | 'merchant' };

/** What people print for a bank besides its listed name, by bank code. */
const ALIASES: Record<string, string[]> = {
  '058': ['gtbank', 'gtb', 'gt bank', 'guaranty trust', 'gtco'],
  '011': ['first bank', 'firstbank', 'fbn'],
  '214': ['fcmb', 'first city monument'],
  '033': ['uba', 'united bank for africa'],
  '032': ['union bank'],
  '057': ['zenith'],
  '044': ['access bank', 'access'],
  '063': ['diamond bank'],
  '070': ['fidelity'],
  '232': ['sterling'],
  '035': ['wema', 'alat'],
  '221': ['stanbic', 'stanbic ibtc'],
  '050': ['ecobank', 'eco bank'],
  '076': ['polaris'],
  '082': ['keystone'],
  '101': ['providus'],
  '215': ['unity bank'],
  '301': ['jaiz'],
  '068': ['standard chartered'],
  '023': ['citibank', 'citi bank'],
  '00103': ['globus'],
  '102': ['titan trust', 'titan bank'],
  '50211': ['kuda'],
  '50515': ['moniepoint'],
  '999992': ['opay'],
  '999991': ['palmpay', 'palm pay'],
};

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The bank a line names (longest name or alias wins, so "First City Monument Bank" is not First
 * Bank and "United Bank for Africa" is not Union Bank); `strong` is false for a bare common word.
 */
export function bankIn(line: string, banks: readonly BankRef[]): { bank: BankRef; strong: boolean } | null {
  const l = ` ${squash(line)} `;
  let best: { bank: BankRef; len: number; strong: boolean } | null = null;
  for (const bank of banks) {
    const names = [squash(bank.name), ...(ALIASES[bank.code] ?? [])];
    for (const n of names) {
      if (n.length < 3 || !l.includes(` ${n} `)) continue;
      if (!best || n.length > best.len)
        best = { bank, len: n.length, strong: n.includes(' ') || n.length >= 5 };
    }
  }
  return best && { bank: best.bank, strong: best.strong };
}
