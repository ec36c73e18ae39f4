// Shared pieces of the money PDFs (receipts, statements): fonts, en-NG money and Lagos dates.
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { CURRENCY_INFO, type Currency } from '@owo/contract';

export const BRAND_GREEN = '#0b7a4b';

// PDF base fonts (Helvetica) have no naira sign; a Unicode TrueType font does. DejaVu ships with
// most Linux images (Debian/Ubuntu package fonts-dejavu-core); without it amounts read "NGN 1,234.50".
const FONT_CANDIDATES = [
  {
    regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  },
  { regular: '/usr/share/fonts/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf' },
];
// The font files are read once (each is ~700 KB; a payroll's payslips would read them per PDF).
let fontCache: { regular: Buffer; bold: Buffer } | null | undefined;
function unicodeFont() {
  if (fontCache === undefined) {
    const f = FONT_CANDIDATES.find((c) => fs.existsSync(c.regular) && fs.existsSync(c.bold));
    fontCache = f ? { regular: fs.readFileSync(f.regular), bold: fs.readFileSync(f.bold) } : null;
  }
  return fontCache;
}

export type Pdf = PDFKit.PDFDocument & { owo: { regular: string; bold: string; hasNaira: boolean } };

export function newPdf(title: string, opts: { layout?: 'portrait' | 'landscape' } = {}): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    layout: opts.layout ?? 'portrait',
    info: { Title: title, Author: 'Owo', Creator: 'Owo' },
  }) as Pdf;
  const f = unicodeFont();
  if (f) {
    doc.registerFont('owo', f.regular);
    doc.registerFont('owo-bold', f.bold);
    reuseParsedFonts(doc);
    doc.owo = { regular: 'owo', bold: 'owo-bold', hasNaira: true };
  } else {
    doc.owo = { regular: 'Helvetica', bold: 'Helvetica-Bold', hasNaira: false };
  }
  doc.font(doc.owo.regular);
  return doc;
}

// pdfkit parses a TrueType font anew for every document (fontkit decoding its tables: two thirds of
// a payslip's time). The parsed font is immutable and the subset pdfkit embeds is per document, so
// the first document's parsed fonts are kept and later documents get a font object of their own
// around them (pdfkit 0.15 internals: `_fontFamilies`, `_fontCount`, the EmbeddedFont class; a
// pdfkit upgrade that changes them falls back to parsing, see the guard).
type FontInternals = {
  _font: { font: unknown; constructor: new (doc: unknown, font: unknown, id: string) => unknown };
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
};
let parsedFonts: { ctor: FontInternals['_font']['constructor']; fonts: Map<string, unknown> } | null = null;
function reuseParsedFonts(doc: Pdf) {
  const d = doc as unknown as FontInternals;
  if (typeof d._fontCount !== 'number' || typeof d._fontFamilies !== 'object') return;
  if (!parsedFonts) {
    const fonts = new Map<string, unknown>();
    let ctor: FontInternals['_font']['constructor'] | null = null;
    for (const name of ['owo', 'owo-bold']) {
      doc.font(name);
      if (!d._font?.font) return;
      fonts.set(name, d._font.font);
      ctor = d._font.constructor;
    }
    parsedFonts = { ctor: ctor!, fonts };
    return;
  }
  for (const [name, font] of parsedFonts.fonts)
    d._fontFamilies[name] = new parsedFonts.ctor(doc, font, `F${++d._fontCount}`);
}

export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const grouped = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Exact en-NG amount from minor units: ₦1,234.50 (or "NGN 1,234.50" when the font has no ₦). */
export function money(minor: number, currency: string, hasSymbolFont = true): string {
  const abs = Math.abs(minor);
  // Integer part through Intl on an integer (exact), fraction from the minor units.
  const whole = grouped.format(Math.trunc(abs / 100)).replace(/\.\d+$/, '');
  const body = `${whole}.${String(abs % 100).padStart(2, '0')}`;
  const symbol = CURRENCY_INFO[currency as Currency]?.symbol;
  const prefix = symbol && (hasSymbolFont || currency !== 'NGN') ? symbol : `${currency} `;
  return `${minor < 0 ? '-' : ''}${prefix}${body}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const inLagos = (d: Date) => new Date(d.getTime() + 3_600_000);
/** DD/MM/YYYY HH:mm in Lagos time (WAT, UTC+1). */
export function lagosDateTime(d: Date): string {
  const l = inLagos(d);
  return `${pad(l.getUTCDate())}/${pad(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}`;
}
/** DD/MM/YYYY of a Lagos day, from a Date or a YYYY-MM-DD string. */
export function lagosDate(d: Date | string): string {
  if (typeof d === 'string') {
    const [y, m, day] = d.split('-');
    return `${day}/${m}/${y}`;
  }
  const l = inLagos(d);
  return `${pad(l.getUTCDate())}/${pad(l.getUTCMonth() + 1)}/${l.getUTCFullYear()}`;
}

/** 0123456785 -> 012****785: enough to recognise, not enough to reuse. */
export function maskAccountNumber(n: string | undefined | null): string {
  if (!n) return '';
  if (n.length <= 6) return `${n.slice(0, 1)}${'*'.repeat(Math.max(0, n.length - 2))}${n.slice(-1)}`;
  return `${n.slice(0, 3)}${'*'.repeat(n.length - 6)}${n.slice(-3)}`;
}

const TYPE_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  payout: 'Payout',
  payout_fund_reversal: 'Payout reversal',
  fee: 'Fee',
  exchange: 'Exchange',
  collection_reversal: 'Collection reversal',
  adjustment: 'Adjustment',
  card_funding: 'Card funding',
  card_unload: 'Card balance returned',
  card_spend: 'Card spend',
  card_refund: 'Card refund',
};
export const typeLabel = (t: string) => TYPE_LABELS[t] ?? t;
export const statusLabel = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The green Owo band at the top of every money document. */
export function drawHeader(doc: Pdf, title: string, subtitle: string) {
  const w = doc.page.width;
  doc.save().rect(0, 0, w, 86).fill(BRAND_GREEN).restore();
  doc.fillColor('#ffffff').font(doc.owo.bold).fontSize(24).text('Owo', 48, 28, { lineBreak: false });
  doc
    .font(doc.owo.regular)
    .fontSize(10)
    .text(title, 48, 32, { width: w - 96, align: 'right' });
  doc.fontSize(9).text(subtitle, 48, 50, { width: w - 96, align: 'right' });
  doc.fillColor('#111827').font(doc.owo.regular);
  doc.y = 110;
  doc.x = 48;
}
