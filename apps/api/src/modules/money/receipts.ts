// Transaction receipts (002 §4, §7): a short-lived signed link, and the PDF it serves.
// The link is public (a browser tab opens it without our headers) so it carries its own proof:
// HMAC-SHA256(sessionSecret, "receipt|<id>|<exp>"), compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isReceiptAvailable, TRANSACTION_MSG, type ReceiptLink } from '@owo/contract';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { accounts } from '../../platform/tenancy-tables';
import {
  drawHeader,
  lagosDateTime,
  maskAccountNumber,
  money,
  newPdf,
  pdfToBuffer,
  statusLabel,
  typeLabel,
  type Pdf,
} from './documents';
import { findTransaction } from './history';
import { transactions } from './tables';
import type { TransactionRow } from './transfers';

export const RECEIPT_LINK_TTL_SECONDS = 10 * 60;

function sign(secret: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`receipt|${id}|${exp}`).digest('base64url');
}

/** The receipt rule (002 §4) as an error: success/completed only, never a reversal. */
function assertReceiptAvailable(t: TransactionRow) {
  if (!isReceiptAvailable(t)) throw badRequest(TRANSACTION_MSG.receiptNotAvailable);
}

/** GET /api/transaction/reciept/:id -> { pdf_url } for a company's own eligible transaction. */
export async function createReceiptLink(
  db: DbOrTx,
  config: Config,
  accountId: string,
  id: string,
  now = Date.now(),
): Promise<ReceiptLink | null> {
  const t = await findTransaction(db, accountId, id);
  if (!t) return null;
  assertReceiptAvailable(t);
  const exp = Math.floor(now / 1000) + RECEIPT_LINK_TTL_SECONDS;
  const url = new URL(`/api/receipts/${t.id}.pdf`, config.appUrl);
  url.searchParams.set('exp', String(exp));
  url.searchParams.set('sig', sign(config.sessionSecret, t.id, exp));
  return { pdf_url: url.toString(), expiresAt: new Date(exp * 1000).toISOString() };
}

/** Checks a link: a wrong signature is 403, a right but old one 410 (ask for a fresh link). */
export function verifyReceiptLink(config: Config, id: string, exp: number, sig: string, now = Date.now()) {
  const expected = Buffer.from(sign(config.sessionSecret, id, exp));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden(TRANSACTION_MSG.receiptLinkInvalid);
  if (exp * 1000 < now) throw new AppError(410, 'expired', TRANSACTION_MSG.receiptLinkExpired);
}

/**
 * The receipt of a verified link. The rule is checked again (a payout may have been reversed since);
 * `render` makes the PDF, which the route keeps in storage (`receiptKey`) after the first download.
 */
export async function receiptDocument(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ t: transactions, accountName: accounts.name })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .where(eq(transactions.id, id));
  if (!row) throw forbidden(TRANSACTION_MSG.receiptLinkInvalid);
  assertReceiptAvailable(row.t);
  return {
    key: `generated/receipts/${row.t.accountId}/${row.t.id}.pdf`,
    filename: `owo-receipt-${row.t.reference}.pdf`,
    render: () => receiptPdf(row.t, row.accountName),
  };
}

export async function renderReceipt(db: DbOrTx, id: string): Promise<{ pdf: Buffer; filename: string }> {
  const d = await receiptDocument(db, id);
  return { pdf: await d.render(), filename: d.filename };
}

function line(doc: Pdf, label: string, value: string) {
  const y = doc.y;
  const w = doc.page.width - 96;
  doc
    .font(doc.owo.regular)
    .fontSize(10)
    .fillColor('#6b7280')
    .text(label, 48, y, { width: w * 0.38 });
  doc
    .font(doc.owo.bold)
    .fillColor('#111827')
    .text(value || '-', 48 + w * 0.4, y, { width: w * 0.6, align: 'right' });
  const bottom = Math.max(doc.y, y + 14) + 8;
  doc
    .save()
    .moveTo(48, bottom - 4)
    .lineTo(48 + w, bottom - 4)
    .lineWidth(0.5)
    .strokeColor('#e5e7eb')
    .stroke()
    .restore();
  doc.y = bottom + 4;
}

export async function receiptPdf(t: TransactionRow, accountName: string): Promise<Buffer> {
  const doc = newPdf(`Owo receipt ${t.reference}`);
  const sym = doc.owo.hasNaira;
  drawHeader(doc, 'Transaction Receipt', `Generated ${lagosDateTime(new Date())} (WAT)`);
  doc.font(doc.owo.regular).fontSize(10).fillColor('#6b7280').text('Amount', 48, doc.y, { align: 'center' });
  doc
    .font(doc.owo.bold)
    .fontSize(26)
    .fillColor('#111827')
    .text(money(t.amount, t.currency, sym), { align: 'center' });
  doc
    .font(doc.owo.regular)
    .fontSize(11)
    .fillColor(t.status === 'success' ? '#0b7a4b' : '#111827')
    .text(statusLabel(t.status), { align: 'center' });
  doc.moveDown(1.5);

  const cp = t.counterparty ?? {};
  const isCredit = t.type === 'deposit';
  line(doc, 'Account', accountName);
  line(doc, 'Transaction type', typeLabel(t.type));
  line(doc, 'Status', statusLabel(t.status));
  line(doc, 'Amount', money(t.amount, t.currency, sym));
  line(doc, 'Fee', money(t.fee, t.currency, sym));
  line(doc, 'Total', money(isCredit ? t.amount : t.amount + t.fee, t.currency, sym));
  line(doc, 'Reference', t.reference);
  line(doc, 'Date', lagosDateTime(t.createdAt));
  line(doc, isCredit ? 'Sender' : 'Beneficiary', cp.accountName ?? cp.name ?? '');
  if (cp.bankName || cp.bankCode) line(doc, 'Bank', cp.bankName ?? cp.bankCode ?? '');
  if (cp.accountNumber) line(doc, 'Account number', maskAccountNumber(cp.accountNumber));
  line(doc, 'Narration', t.narration ?? '');

  doc.moveDown(2);
  doc
    .font(doc.owo.regular)
    .fontSize(8)
    .fillColor('#6b7280')
    .text(
      'This receipt confirms a transaction recorded on your Owo wallet. Keep the reference for any enquiry. Times are West Africa Time.',
      48,
      doc.y,
      { width: doc.page.width - 96, align: 'center' },
    );
  return pdfToBuffer(doc);
}
