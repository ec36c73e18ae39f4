// Text (with each line's OCR confidence) → the fields of a receipt or vendor invoice (issue 39 §1).
// Pure: no I/O, no OCR. Every field is chosen by its label first (Total over Subtotal, the
// document date over the due date, the issuer over "Bill To"), and its confidence is the line's
// OCR confidence times how sure the rule that found it is.
import { checkNuban, type DocumentField, type DocumentKind } from '@owo/contract';
import {
  amountsIn,
  bankIn,
  currencyWords,
  datesIn,
  digitsFixed,
  type Amount,
  type BankRef,
} from './parse-tokens';

export type Line = { text: string; confidence: number };
export type ParsedDocument = {
  kind: DocumentKind;
  vendorName: string | null;
  invoiceNumber: string | null;
  date: string | null;
  currency: string | null;
  totalMinor: number | null;
  vatMinor: number | null;
  bankCode: string | null;
  bankName: string | null;
  accountNumber: string | null;
  confidence: Partial<Record<DocumentField, number>>;
};

type Found<T> = { value: T; certainty: number; line: number } | null;

const TOTAL_LABELS: [RegExp, number][] = [
  [/\bgrand\s*total\b/i, 1],
  [/\b(total\s*)?amount\s*(due|payable)\b|\bbalance\s*due\b|\btotal\s*(due|payable)\b/i, 0.98],
  [/\btotal\s*(amount|invoice|ngn|\(ngn\))?\b/i, 0.9],
  [/\bamount\s*paid\b|\bnet\s*amount\b/i, 0.7],
];
const NOT_TOTAL = /\bsub\s*-?\s*total\b|\btotal\s*(vat|tax|qty|quantity|items?|discount)\b|\bsub\b/i;
const VAT_LABEL = /\b(v\.?\s?a\.?\s?t\.?|tax)\b/i;
const NOT_VAT =
  /\b(tin|reg(istration)?|vat\s*(no|number|id|reg)|tax\s*(id|no|number))\b|\b(excl|incl)(usive|\.)?\s+(of\s+)?vat\b/i;
const SUBTOTAL_LABEL = /\bsub\s*-?\s*total\b/i;

const moneyOn = (l: string): Amount[] => amountsIn(l).filter((a) => !a.percent && a.minor > 0);

/** The last amount on a labelled line, or on the line after a label that stands alone. */
function labelled(lines: Line[], pick: (l: string) => number, skip?: RegExp): Found<Amount> {
  let best: Found<Amount> = null;
  lines.forEach((ln, i) => {
    const w = pick(ln.text);
    if (!w || skip?.test(ln.text)) return;
    let amounts = moneyOn(ln.text.replace(VAT_RATE, ' '));
    let line = i;
    if (!amounts.length && lines[i + 1]) [amounts, line] = [moneyOn(lines[i + 1].text), i + 1];
    const a = amounts.at(-1);
    if (!a) return;
    const better = !best || w > best.certainty || (w === best.certainty && a.minor >= best.value.minor);
    if (better) best = { value: a, certainty: w, line };
  });
  return best;
}
const VAT_RATE = /\(?\s*\d{1,2}(?:\.\d{1,2})?\s?%\s*\)?/g;

/** OCR reads ₦ as a digit now and then ("₦6,750" → "86,750"): the amount without its first digit. */
const variants = (a: Found<Amount>): (Found<Amount> & object)[] => {
  if (!a) return [];
  const s = String(Math.trunc(a.value.minor / 100));
  const cut = s.length > 1 && !a.value.currency ? Number(s.slice(1)) * 100 + (a.value.minor % 100) : null;
  return cut ? [a, { ...a, value: { ...a.value, minor: cut } }] : [a];
};

/** Total, VAT and subtotal; when they add up (or VAT is 7.5% of the rest) they are taken as sure. */
function totals(lines: Line[]) {
  const total = labelled(lines, (t) => TOTAL_LABELS.find(([re]) => re.test(t))?.[1] ?? 0, NOT_TOTAL);
  const vat = labelled(lines, (t) => (VAT_LABEL.test(t) ? 0.85 : 0), NOT_VAT);
  const sub = labelled(lines, (t) => (SUBTOTAL_LABEL.test(t) ? 1 : 0));
  for (const t of variants(total))
    for (const v of variants(vat))
      for (const s of sub ? variants(sub) : [null]) {
        const base = s?.value.minor ?? t.value.minor - v.value.minor;
        const sevenAndHalf = Math.abs(v.value.minor - base * 0.075) <= Math.max(2, base * 0.0005);
        const adds = !!s && Math.abs(base + v.value.minor - t.value.minor) <= 2;
        if (v.value.minor < t.value.minor && (adds || sevenAndHalf))
          return { total: t, vat: v, sub: s, tc: 0.97, vc: sevenAndHalf ? 1 : 0.95, checked: true };
      }
  return { total, vat, sub, tc: total?.certainty ?? 0, vc: vat?.certainty ?? 0, checked: false };
}

const DOC_TITLE =
  /^\s*((tax|sales|proforma|pro-forma|commercial|payment|cash|official|pos)\s+)?(invoice|receipt|bill|quotation|statement)\b.*$/i;
const NOT_VENDOR =
  /\b(bill(ed)?\s*to|ship\s*to|customer|invoice|receipt|date|tel|phone|email|e-mail|www\.|http|@|street|st\.|road|rd\.|avenue|ave\.|close|crescent|way|plot|estate|lagos|abuja|ibadan|kano|port harcourt|nigeria|p\.?o\.?\s*box|rc\s*\d|tin)\b|\+?234|\b0[789]0\d{8}\b/i;
const COMPANY =
  /\b(ltd|limited|plc|enterprises?|ventures?|nig(eria)?|stores?|services|company|co\.|global|industries|foods?|supermarket|mart|pharmacy|hotel|group|concepts|solutions|resources|integrated|logistics)\b/i;

function vendor(lines: Line[]): Found<string> {
  const top = lines.slice(0, 12);
  const from = top.findIndex((l) => /^\s*(from|issued\s*by|seller|vendor|supplier)\s*:?\s*$/i.test(l.text));
  const cand: Found<string>[] = [];
  let billTo = -10;
  top.forEach((l, i) => {
    if (/\b(bill(ed)?|ship|invoice(d)?|sold)\s*to\b/i.test(l.text)) billTo = i;
    if (i - billTo <= 3 && i !== from + 1) return;
    const t = l.text
      .replace(DOC_TITLE, '')
      .replace(/^\s*(from|issued\s*by|seller|vendor|supplier)\s*:\s*/i, '')
      .replace(/\s{2,}.*$/, '')
      .replace(/[^\p{L}\p{N}&.,'()\- ]/gu, '')
      .trim();
    if (t.length < 3 || !/\p{L}{2}/u.test(t) || NOT_VENDOR.test(t) || /\d{3}/.test(t)) return;
    const certainty = (i === from + 1 ? 0.98 : COMPANY.test(t) ? 0.95 : 0.75) - i * 0.01;
    cand.push({ value: t.replace(/[.,]$/, ''), certainty, line: i });
  });
  return cand.reduce<Found<string>>((b, c) => (!b || c!.certainty > b.certainty ? c : b), null);
}

const ID_LABELS: [RegExp, number][] = [
  [/\b(invoice|inv)\s*(no|number|num|#|ref|id)?\.?\s*[:#.]?\s*/gi, 0.97],
  [/\b(receipt|rcpt|rct)\s*(no|number|num|#|id)?\.?\s*[:#.]?\s*/gi, 0.95],
  [/\b(bill|order|txn|transaction|trans|ref|reference)\s*(no|number|num|#|id|ref)?\.?\s*[:#.]?\s*/gi, 0.8],
];
const ID_VALUE = /^([A-Z0-9][A-Z0-9\-/_.]{1,30})/i;

function invoiceNumber(lines: Line[]): Found<string> {
  for (const [label, certainty] of ID_LABELS) {
    for (let i = 0; i < lines.length; i++) {
      for (const m of lines[i].text.matchAll(label)) {
        const rest = lines[i].text.slice((m.index ?? 0) + m[0].length);
        const v = ID_VALUE.exec(rest)?.[1].replace(/[.\-/]+$/, '');
        if (v && /\d/.test(v) && !datesIn(v).length) return { value: v, certainty, line: i };
      }
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const m = /\b((?:INV|RCT|RCPT|REC)[-/]?[A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9]*)\b/.exec(lines[i].text);
    if (m) return { value: m[1], certainty: 0.8, line: i };
  }
  return null;
}

const DUE = /\b(due|expir|valid\s*until|pay\s*by)/i;
const DATE_LABEL = /\b(date|dated|issued?)\b/i;

function docDate(lines: Line[]): Found<string> {
  const all: { iso: string; line: number; certainty: number }[] = [];
  lines.forEach((l, i) => {
    const here = datesIn(l.text);
    const labelOnly = !here.length && DATE_LABEL.test(l.text) && !DUE.test(l.text);
    const src = labelOnly && lines[i + 1] ? datesIn(lines[i + 1].text) : here;
    const c = DUE.test(l.text) ? 0.5 : DATE_LABEL.test(l.text) ? 0.97 : 0.85;
    src.slice(0, 1).forEach((d) => all.push({ iso: d, line: labelOnly ? i + 1 : i, certainty: c }));
  });
  const best = all.reduce<(typeof all)[number] | null>(
    (b, c) => (!b || c.certainty > b.certainty ? c : b),
    null,
  );
  return best && { value: best.iso, certainty: best.certainty, line: best.line };
}

const ACCOUNT_LABEL = /\b(acc(oun)?t|acct|a\/c|nuban)\b/i;

function bankAndAccount(lines: Line[], banks: readonly BankRef[]) {
  let bank: Found<BankRef> = null;
  lines.forEach((l, i) => {
    const b = bankIn(l.text, banks);
    if (!b) return;
    const c = /\bbank\b/i.test(l.text) || ACCOUNT_LABEL.test(l.text) ? 0.97 : b.strong ? 0.85 : 0.5;
    if (!bank || c > bank.certainty) bank = { value: b.bank, certainty: c, line: i };
  });
  let account: Found<string> = null;
  lines.forEach((l, i) => {
    const t = digitsFixed(l.text);
    for (const m of t.matchAll(/(?<![\d+])(\d[\d -]{8,14}\d)(?!\d)/g)) {
      const digits = m[1].replace(/[ -]/g, '');
      if (digits.length !== 10) continue;
      const c = ACCOUNT_LABEL.test(l.text) || (i > 0 && ACCOUNT_LABEL.test(lines[i - 1].text)) ? 0.97 : 0.6;
      if (!account || c > account.certainty) account = { value: digits, certainty: c, line: i };
    }
  });
  return { bank: bank as Found<BankRef>, account: account as Found<string> };
}

function kindOf(lines: Line[]): { kind: DocumentKind; certainty: number } {
  const head = lines
    .slice(0, 10)
    .map((l) => l.text)
    .join('\n');
  const all = lines.map((l) => l.text).join('\n');
  if (/\breceipt\b/i.test(head) && !/\binvoice\b/i.test(head)) return { kind: 'receipt', certainty: 0.95 };
  if (/\binvoice\b/i.test(head)) return { kind: 'invoice', certainty: 0.95 };
  const r = (all.match(/\b(receipt|cash|change|paid|pos|thank you|cashier)\b/gi) ?? []).length;
  const v = (all.match(/\b(invoice|due|bill to|payable|terms)\b/gi) ?? []).length;
  return r > v ? { kind: 'receipt', certainty: 0.7 } : { kind: 'invoice', certainty: v ? 0.7 : 0.5 };
}

/** Reads the fields of a bill or receipt from its lines; `banks` is the bank list to match names against. */
export function parseDocument(input: Line[] | string, banks: readonly BankRef[]): ParsedDocument {
  const lines = (
    typeof input === 'string' ? input.split(/\r?\n/).map((text) => ({ text, confidence: 1 })) : input
  )
    .map((l) => ({ text: l.text.replace(/\u00a0/g, ' ').trim(), confidence: l.confidence }))
    .filter((l) => l.text);
  const text = lines.map((l) => l.text).join('\n');
  const conf: ParsedDocument['confidence'] = {};
  // A field's confidence: the rule's certainty × its line's OCR confidence (× 1 when a check
  // such as total = subtotal + VAT vouches for it, whatever the OCR thought of the glyphs).
  const put = <T>(
    field: DocumentField,
    f: Found<T>,
    certainty = f?.certainty ?? 0,
    sure = false,
  ): T | null => {
    if (!f) return null;
    conf[field] = round(certainty * (sure ? 1 : (lines[f.line]?.confidence ?? 1)));
    return f.value;
  };
  const t = totals(lines);
  const totalMinor = put('total', t.total, t.tc, t.checked)?.minor ?? null;
  const vatMinor = put('vat', t.vat, t.vc, t.checked)?.minor ?? null;
  const marked = t.total?.value.currency ?? t.sub?.value.currency ?? t.vat?.value.currency ?? null;
  const currency = marked ?? currencyWords(text) ?? (totalMinor !== null ? 'NGN' : null);
  if (currency) conf.currency = marked && marked !== 'NGN' ? 0.95 : marked || currencyWords(text) ? 0.9 : 0.6;
  const { bank, account } = bankAndAccount(lines, banks);
  const b = put('bankCode', bank);
  let accountNumber: string | null = null;
  if (b && account && checkNuban(account.value, b).ok) accountNumber = put('accountNumber', account);
  const k = kindOf(lines);
  return {
    kind: k.kind,
    vendorName: put('vendorName', vendor(lines)),
    invoiceNumber: put('invoiceNumber', invoiceNumber(lines)),
    date: put('date', docDate(lines)),
    currency,
    totalMinor,
    vatMinor,
    bankCode: b?.code ?? null,
    bankName: b?.name ?? null,
    accountNumber,
    confidence: conf,
  };
}

const round = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
