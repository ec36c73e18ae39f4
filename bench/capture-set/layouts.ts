// Drawing a document (docs.ts) onto a page in one of several layouts and fonts, and the photo-like
// variant of a page (tilted, blurred, noisy, grey paper, JPEG quality 60). @napi-rs/canvas only.
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { pick, type Doc, type Rng } from './docs';

const FONTS: Record<string, string> = {
  'DejaVu Sans': '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  'DejaVu Sans Bold': '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  'DejaVu Serif': '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
  'DejaVu Sans Mono': '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
  'DejaVu Sans Condensed': '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf',
  'Liberation Sans': '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  'Liberation Serif': '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
};
for (const [name, file] of Object.entries(FONTS)) GlobalFonts.registerFromPath(file, name);

export const MAIN_FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'DejaVu Sans Condensed'];
export const HELD_FONTS = ['Liberation Sans', 'Liberation Serif'];

class Page {
  readonly c: Canvas;
  readonly g: SKRSContext2D;
  constructor(
    readonly width: number,
    height: number,
    readonly font: string,
  ) {
    this.c = createCanvas(width, height);
    this.g = this.c.getContext('2d');
    this.g.fillStyle = '#fff';
    this.g.fillRect(0, 0, width, height);
    this.g.fillStyle = '#000';
  }
  text(
    s: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center' } = {},
  ) {
    this.g.font = `${o.bold ? 'bold ' : ''}${o.size ?? 20}px "${this.font}"`;
    this.g.textAlign = o.align ?? 'left';
    this.g.fillText(s, x, y);
  }
  rule(y: number, x0 = 50, x1 = this.width - 50) {
    this.g.fillRect(x0, y, x1 - x0, 2);
  }
  /** The used height, cropped. */
  done(height: number): Canvas {
    const out = createCanvas(this.width, Math.ceil(height));
    out.getContext('2d').drawImage(this.c, 0, 0);
    return out;
  }
}

const title = (d: Doc) => (d.expected.kind === 'invoice' ? 'INVOICE' : 'RECEIPT');

function itemsTable(p: Page, d: Doc, y: number, cols: number[]): number {
  const [x0, xq, xu, xa] = cols;
  p.text('Description', x0, y, { bold: true });
  p.text('Qty', xq, y, { bold: true, align: 'right' });
  p.text('Unit Price', xu, y, { bold: true, align: 'right' });
  p.text('Amount', xa, y, { bold: true, align: 'right' });
  p.rule(y + 12, x0, xa);
  for (const it of d.items) {
    y += 40;
    p.text(it.name, x0, y);
    p.text(String(it.qty), xq, y, { align: 'right' });
    p.text(d.money(it.unitMinor), xu, y, { align: 'right' });
    p.text(d.money(it.qty * it.unitMinor), xa, y, { align: 'right' });
  }
  p.rule(y + 16, x0, xa);
  return y + 50;
}

function totalsBlock(p: Page, d: Doc, y: number, xl: number, xr: number, totalLabel: string): number {
  const rows: [string, number | null][] = [
    ['Subtotal', d.subMinor],
    ['VAT (7.5%)', d.vatMinor],
    [totalLabel, d.totalMinor],
  ];
  for (const [label, v] of rows) {
    if (v === null) continue;
    const bold = label === totalLabel;
    p.text(label, xl, y, { bold });
    p.text(d.money(v), xr, y, { bold, align: 'right' });
    y += 38;
  }
  return y;
}

function bankBlock(p: Page, d: Doc, y: number, x: number, style: number): number {
  if (!d.bankText || !d.expected.accountNumber) return y;
  const lines =
    style === 0
      ? [
          `Bank: ${d.bankText}`,
          `Account Name: ${d.expected.vendorName}`,
          `Account No: ${d.expected.accountNumber}`,
        ]
      : style === 1
        ? ['Payment details', `${d.bankText}`, `Account Number: ${d.expected.accountNumber}`]
        : [`Pay to: ${d.bankText}, A/C ${d.expected.accountNumber}`];
  for (const l of lines) {
    p.text(l, x, y);
    y += 36;
  }
  return y;
}

/** Vendor top left, title right, Bill To, a table, totals at right, bank at the foot. */
function classic(d: Doc, font: string): Canvas {
  const p = new Page(1150, 1500, font);
  p.text(d.expected.vendorName, 60, 90, { size: 34, bold: true });
  p.text(d.address, 60, 130);
  p.text(`Tel: ${d.phone}`, 60, 162);
  p.text(title(d), 1090, 90, { size: 36, bold: true, align: 'right' });
  p.text(`${d.numberLabel} ${d.expected.invoiceNumber}`, 1090, 140, { align: 'right' });
  p.text(`Date: ${d.dateText}`, 1090, 172, { align: 'right' });
  p.text('Bill To:', 60, 240, { bold: true });
  p.text(d.customer, 60, 272);
  let y = itemsTable(p, d, 340, [60, 640, 850, 1090]);
  y = totalsBlock(p, d, y + 10, 700, 1090, 'Total');
  y = bankBlock(p, d, y + 40, 60, 0);
  return p.done(y + 40);
}

/** Title top left, vendor block at the right, items as lines, "Amount Due". */
function headerRight(d: Doc, font: string): Canvas {
  const p = new Page(1100, 1400, font);
  p.text(title(d), 60, 100, { size: 44, bold: true });
  p.text(d.expected.vendorName, 1040, 80, { size: 28, bold: true, align: 'right' });
  p.text(d.address, 1040, 116, { align: 'right' });
  p.text(d.phone, 1040, 148, { align: 'right' });
  p.text(`${d.numberLabel} ${d.expected.invoiceNumber}`, 60, 220);
  p.text(`Issue Date: ${d.dateText}`, 60, 256);
  p.text(`Billed To: ${d.customer}`, 60, 292);
  let y = 370;
  for (const it of d.items) {
    p.text(`${it.qty} x ${it.name}`, 60, y);
    p.text(d.money(it.qty * it.unitMinor), 1040, y, { align: 'right' });
    y += 40;
  }
  p.rule(y - 20);
  y = totalsBlock(p, d, y + 20, 600, 1040, d.expected.kind === 'invoice' ? 'Amount Due' : 'Total Paid');
  y = bankBlock(p, d, y + 30, 60, 1);
  return p.done(y + 40);
}

/** Centred letterhead, Bill To left and the number and date right on the same rows. */
function twoColumn(d: Doc, font: string): Canvas {
  const p = new Page(1200, 1500, font);
  p.text(d.expected.vendorName.toUpperCase(), 600, 80, { size: 32, bold: true, align: 'center' });
  p.text(`${d.address} | ${d.phone}`, 600, 118, { align: 'center', size: 18 });
  p.rule(140);
  p.text(`TAX ${title(d)}`, 600, 200, { size: 30, bold: true, align: 'center' });
  p.text('Bill To:', 60, 260, { bold: true });
  p.text(d.customer, 60, 296);
  p.text(`${d.numberLabel} ${d.expected.invoiceNumber}`, 1140, 260, { align: 'right' });
  p.text(`Date: ${d.dateText}`, 1140, 296, { align: 'right' });
  let y = itemsTable(p, d, 380, [60, 700, 900, 1140]);
  y = totalsBlock(p, d, y + 10, 760, 1140, 'Grand Total');
  y = bankBlock(p, d, y + 40, 60, 2);
  return p.done(y + 40);
}

/** A narrow point-of-sale slip in a monospace font. */
function pos(d: Doc, _font: string): Canvas {
  const p = new Page(620, 1600, 'DejaVu Sans Mono');
  const c = 310;
  p.text(d.expected.vendorName.toUpperCase(), c, 60, { size: 24, bold: true, align: 'center' });
  p.text(d.address, c, 94, { size: 17, align: 'center' });
  p.text(`Tel: ${d.phone}`, c, 122, { size: 17, align: 'center' });
  p.text(title(d), c, 168, { size: 22, bold: true, align: 'center' });
  p.text(`${d.numberLabel} ${d.expected.invoiceNumber}`, 30, 210, { size: 18 });
  p.text(`Date: ${d.dateText}`, 30, 240, { size: 18 });
  p.text('-'.repeat(44), 30, 270, { size: 18 });
  let y = 300;
  for (const it of d.items) {
    p.text(`${it.name.slice(0, 22)} x${it.qty}`, 30, y, { size: 18 });
    p.text(d.money(it.qty * it.unitMinor), 590, y, { size: 18, align: 'right' });
    y += 32;
  }
  p.text('-'.repeat(44), 30, y, { size: 18 });
  y += 34;
  const rows: [string, number | null][] = [
    ['SUBTOTAL', d.subMinor],
    ['VAT 7.5%', d.vatMinor],
    ['TOTAL', d.totalMinor],
  ];
  for (const [l, v] of rows) {
    if (v === null) continue;
    p.text(l, 30, y, { size: 20, bold: l === 'TOTAL' });
    p.text(d.money(v), 590, y, { size: 20, bold: l === 'TOTAL', align: 'right' });
    y += 34;
  }
  y = bankBlock(p, d, y + 10, 30, 0);
  p.text('Thank you for your patronage', c, y + 30, { size: 17, align: 'center' });
  return p.done(y + 60);
}

export const LAYOUTS = { classic, headerRight, twoColumn, pos };
export type LayoutName = keyof typeof LAYOUTS;

/** Greyscale PNG of a clean page. */
export function cleanPng(page: Canvas): Buffer {
  return page.toBuffer('image/png');
}

/** A phone photo of the page: tilted ±1-5°, grey uneven paper, some blur or noise, JPEG quality 60. */
export function photoJpeg(page: Canvas, r: Rng): Buffer {
  const deg = (1 + r() * 4) * (r() < 0.5 ? -1 : 1);
  const rad = (Math.abs(deg) * Math.PI) / 180;
  const w = Math.ceil(page.width * Math.cos(rad) + page.height * Math.sin(rad)) + 60;
  const h = Math.ceil(page.height * Math.cos(rad) + page.width * Math.sin(rad)) + 60;
  const out = createCanvas(w, h);
  const g = out.getContext('2d');
  g.fillStyle = pick(r, ['#e8e8e8', '#dcdcdc', '#f0f0f0']);
  g.fillRect(0, 0, w, h);
  g.save();
  g.translate(w / 2, h / 2);
  g.rotate((deg * Math.PI) / 180);
  if (r() < 0.6) g.filter = `blur(${(0.6 + r() * 0.6).toFixed(2)}px)`;
  g.globalCompositeOperation = 'multiply';
  g.drawImage(page, -page.width / 2, -page.height / 2);
  g.restore();
  const img = g.getImageData(0, 0, w, h);
  const px = img.data;
  const noise = 10 + r() * 20;
  for (let i = 0; i < px.length; i += 4) {
    const shade = 1 - (0.12 * ((i / 4) % w)) / w; // light falls off across the page
    const v = Math.max(0, Math.min(255, px[i] * shade + (r() - 0.5) * noise));
    px[i] = px[i + 1] = px[i + 2] = v;
  }
  g.putImageData(img, 0, 0);
  return out.toBuffer('image/jpeg', 60);
}
