// Text (with each line's OCR confidence) → the fields of a receipt or vendor invoice (issue 39 §1).
// Pure: no I/O, no OCR. Every field is chosen by its label first (Total over Subtotal, the
// document date over the due date, the issuer over "Bill To"), and its confidence is the line's
// OCR confidence times how sure the rule that found it is.
import { checkNuban, type DocumentField, type DocumentKind } from '@owo/contract';
import { bankIn, currencyWords, datesIn, digitsFixed, type BankRef } from './parse-tokens';
import { totals, type Found as Sure, type Line } from './parse-totals';

type Found<T> = Sure<T> | null;

export type { Line } from './parse-totals';
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

// A document's title ("TAX INVOICE", "Sales Receipt") anywhere on a line, but not a label
// ("Invoice No:", "Receipt #"); and where a second column starts on a merged OCR line.
const DOC_TITLE =
  /\b((tax|sales|proforma|pro-forma|commercial|payment|cash|official|pos)\s+)?(invoice|receipt|quotation|statement|inv[o0][il1][cg]e|re[cg][ef][il1]pt)\b(?!\s*(no\b|number|num|#|date|:|\.))/gi;
const COLUMN_START =
  /(^|\s+)\b(inv(oice)?\.?\s*(no|#|number)|receipt\s*(no|#)|date|issued?|tel|phone|due)\b.*$/i;
const NOT_VENDOR =
  /\b(bill(ed)?\s*to|ship\s*to|sold\s*to|customer|invoice|receipt|date|tel|phone|e-?mail|www|http|street|road|avenue|close|crescent|plot|estate|p\.?o\.?\s*box|rc\s*\d|tin|bank|account|a\/c|payment|thank|patronage|welcome|description|qty|amount|total|subtotal|vat|cashier|terminal)\b|@|\+?234|\d{3}/i;
const COMPANY =
  /\b(ltd|limited|plc|enterprises?|ventures?|nig(eria)?|stores?|services|company|co|global|industries|foods?|supermarket|mart|pharmacy|hotel|group|concepts|solutions|resources|integrated|logistics|studio|works|farms|hub)\b/i;
const FROM = /^\s*(from|issued\s*by|seller|vendor|supplier)\s*:?\s*/i;

/** The issuer's name: near the top, large, not a title, address, label or the customer. */
function vendor(lines: Line[]): Found<string> {
  const heights = lines
    .map((l) => l.height ?? 0)
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  let best: Found<string> = null;
  let billTo = -10;
  lines.slice(0, 12).forEach((l, i) => {
    if (/\b(bill(ed)?|ship|invoice(d)?|sold)\s*to\b/i.test(l.text)) billTo = i;
    const afterFrom = i > 0 && FROM.test(lines[i - 1].text) && !lines[i - 1].text.replace(FROM, '').trim();
    if (i - billTo <= 2 && !afterFrom) return;
    const t = l.text
      .replace(FROM, '')
      .replace(DOC_TITLE, ' ')
      .replace(COLUMN_START, '')
      .replace(/[^\p{L}\p{N}&.,'()\- ]/gu, '')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.,-]+|[\s,;:-]+$/g, '');
    if (t.length < 3 || !/\p{L}{3}/u.test(t) || NOT_VENDOR.test(t)) return;
    const tall = median && (l.height ?? 0) >= median * 1.25 ? 0.1 : 0;
    const certainty = Math.min(1, (afterFrom ? 0.98 : COMPANY.test(t) ? 0.88 : 0.75) + tall - i * 0.01);
    if (!best || certainty > best.certainty) best = { value: t, certainty, line: i };
  });
  return best ?? accountNameAsVendor(lines);
}

/** No name at the top: the account name printed with the bank details is the issuer's. */
function accountNameAsVendor(lines: Line[]): Found<string> {
  for (let i = 0; i < lines.length; i++) {
    const m = /\b(account|acct|a\/c)\s*name\s*[:.]?\s*(.+)$/i.exec(lines[i].text);
    if (m && /\p{L}{3}/u.test(m[2])) return { value: m[2].trim(), certainty: 0.6, line: i };
  }
  return null;
}

const ID_LABELS: [RegExp, number][] = [
  [/\b(invoice|inv)\.?\s*(no|number|num|#|ref|id)?\.?\s*[:#.]?\s*/gi, 0.97],
  [/\b(receipt|rcpt|rct)\.?\s*(no|number|num|#|id)?\.?\s*[:#.]?\s*/gi, 0.95],
  [/\b(bill|order|txn|transaction|trans|ref|reference)\s*(no|number|num|#|id|ref)?\.?\s*[:#.]?\s*/gi, 0.8],
  [/^\s*(no|number|#)\.?\s*[:#.]?\s*/gi, 0.7], // "No. 004512" at the head of a receipt
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
  const totalMinor = put('total', t.total, t.checked ? 0.97 : t.total?.certainty, t.checked)?.minor ?? null;
  const vatC = t.checked ? (t.vatIsStandard ? 1 : 0.95) : t.vat?.certainty;
  const vatMinor = put('vat', t.vat, vatC, t.checked)?.minor ?? null;
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
