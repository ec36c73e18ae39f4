// The printable invoice (issue 24 §1): built with the money PDFs' pieces (`newPdf`, `drawHeader`,
// `money`), as payslips are. Company, customer, products, discount, total, installments with
// their status, what is paid and due, and how to pay (the invoice's own account and pay link).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { accounts } from '../../platform/tenancy-tables';
import { drawHeader, lagosDate, money, newPdf, pdfToBuffer, type Pdf } from '../money';
import { invoiceRow, payLinkOf } from './invoice-read';
import { invoiceInstallments } from './tables';

const STATUS: Record<string, string> = {
  pending: 'Pending',
  partlyPaid: 'Partly paid',
  paid: 'Paid',
  fullyPaid: 'Fully paid',
  cancelled: 'Cancelled',
  draft: 'Draft',
};

type InvoiceRow = Awaited<ReturnType<typeof invoiceRow>>;
type Installment = typeof invoiceInstallments.$inferSelect;
type RowOpts = { bold?: boolean; color?: string };

/** The invoice's page: its parts drawn top to bottom on one document. */
export async function invoicePdf(deps: AppDeps, db: Db, accountId: string, id: string): Promise<Buffer> {
  const inv = await invoiceRow(db, accountId, id);
  const [acc] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  const inst = await db
    .select()
    .from(invoiceInstallments)
    .where(eq(invoiceInstallments.invoiceId, inv.id))
    .orderBy(asc(invoiceInstallments.seq));
  const doc = newPdf(`Invoice ${inv.reference}`);
  drawHeader(doc, 'Invoice', `${acc?.name ?? ''} · ${inv.reference}`);
  drawParties(doc, inv, acc?.name ?? '');
  drawProductsAndTotals(doc, inv);
  if (inst.length) drawTerms(doc, inst);
  if (inv.vaNumber && inv.status !== 'cancelled') drawPayBox(doc, inv, payLinkOf(deps, inv));
  return pdfToBuffer(doc);
}

const contentWidth = (doc: Pdf) => doc.page.width - 96;
const figure = (doc: Pdf, minor: number) => money(minor, 'NGN', doc.owo.hasNaira);

/** One table line: cells across the page by fractions of its width, the first left, the rest right. */
function row(doc: Pdf, cells: string[], widths: number[], opts: RowOpts = {}) {
  const w = contentWidth(doc);
  const y = doc.y;
  let x = 48;
  doc
    .font(opts.bold ? doc.owo.bold : doc.owo.regular)
    .fontSize(10)
    .fillColor(opts.color ?? '#111827');
  cells.forEach((c, i) => {
    doc.text(c, x, y, { width: widths[i] * w, align: i === 0 ? 'left' : 'right' });
    x += widths[i] * w;
  });
  doc.y = Math.max(doc.y, y + 14);
  doc.moveDown(0.3);
}

/** The company, the invoice's reference, date and status, and whom it bills. */
function drawParties(doc: Pdf, inv: InvoiceRow, companyName: string) {
  doc.font(doc.owo.bold).fontSize(16).fillColor('#111827').text(companyName, 48, doc.y);
  doc.moveDown(0.3);
  doc
    .font(doc.owo.regular)
    .fontSize(10)
    .fillColor('#4b5563')
    .text(
      `Invoice ${inv.reference} · issued ${lagosDate(inv.createdAt)} · ${STATUS[inv.status] ?? inv.status}`,
    );
  doc.moveDown(0.8);
  doc.font(doc.owo.bold).fontSize(11).fillColor('#0b7a4b').text('Bill to', 48, doc.y);
  doc.font(doc.owo.regular).fontSize(10).fillColor('#111827').text(inv.customerName).text(inv.customerEmail);
  doc.moveDown(0.8);
}

/** The product lines, then subtotal, discount, total, paid and balance. */
function drawProductsAndTotals(doc: Pdf, inv: InvoiceRow) {
  const m = (minor: number) => figure(doc, minor);
  const cols = [0.46, 0.18, 0.12, 0.24];
  row(doc, ['Product', 'Price', 'Qty', 'Amount'], cols, { bold: true, color: '#0b7a4b' });
  for (const l of inv.products)
    row(doc, [l.name, m(l.priceMinor), String(l.quantity), m(l.amountMinor)], cols);
  doc.moveDown(0.3);
  const sum = [0.7, 0.3];
  row(doc, ['Subtotal', m(inv.initialAmountMinor)], sum);
  if (inv.discountMinor > 0) row(doc, ['Discount', `-${m(inv.discountMinor)}`], sum);
  row(doc, ['Total', m(inv.amountMinor)], sum, { bold: true });
  row(doc, ['Paid', m(inv.amountPaidMinor)], sum);
  row(doc, ['Balance', m(Math.max(0, inv.amountMinor - inv.amountPaidMinor))], sum, { bold: true });
}

/** The installments with their due date, amount and status. */
function drawTerms(doc: Pdf, inst: Installment[]) {
  doc.moveDown(0.8);
  doc.font(doc.owo.bold).fontSize(11).fillColor('#0b7a4b').text('Payment terms', 48, doc.y);
  doc.moveDown(0.3);
  const ic = [0.34, 0.2, 0.22, 0.24];
  row(doc, ['Term', 'Due date', 'Amount', 'Status'], ic, { bold: true });
  for (const i of inst)
    row(
      doc,
      [
        i.name,
        i.dueDate ? lagosDate(i.dueDate) : '—',
        figure(doc, i.amountMinor),
        STATUS[i.status] ?? i.status,
      ],
      ic,
    );
}

/** How to pay: the invoice's own account and its pay link, on a tinted box. */
function drawPayBox(doc: Pdf, inv: InvoiceRow, payLink: string) {
  const w = contentWidth(doc);
  doc.moveDown(1);
  const y = doc.y;
  doc.save().rect(48, y, w, 58).fill('#ecfdf5').restore();
  doc
    .font(doc.owo.bold)
    .fontSize(11)
    .fillColor('#065f46')
    .text(`Pay by bank transfer to ${inv.vaNumber} · ${inv.vaBankName ?? ''}`, 60, y + 10, {
      width: w - 24,
    });
  doc
    .font(doc.owo.regular)
    .fontSize(9)
    .text(`Account name: ${inv.vaAccountName ?? ''} · ${payLink}`, 60, y + 30, {
      width: w - 24,
    });
  doc.y = y + 70;
}
