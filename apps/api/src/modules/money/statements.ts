// Wallet statements (000 §6: transactions post prints them). Balances come from the ledger, not from
// the transaction records: opening = the wallet's postings before `from`, then every posting in the
// range with its running balance, closing = opening + movements (= postings up to `to`). Read in one
// REPEATABLE READ snapshot so a movement committed mid-way cannot make the figures disagree.
import { csvCell } from '../../platform/csv';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { fromMinor, type StatementBody } from '@owo/contract';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { accounts } from '../../platform/tenancy-tables';
import {
  drawHeader,
  lagosDate,
  lagosDateTime,
  money,
  newPdf,
  pdfToBuffer,
  typeLabel,
  type Pdf,
} from './documents';
import { endOfDayExclusive, startOfDay } from './history';
import { journalEntries, postings, transactions, wallets } from './tables';

export type StatementLine = {
  at: Date;
  reference: string;
  type: string;
  description: string;
  /** Signed minor units on the wallet: credit > 0, debit < 0. */
  amount: number;
  balance: number;
};
export type Statement = {
  accountName: string;
  walletName: string;
  currency: string;
  from: string;
  to: string;
  opening: number;
  closing: number;
  totalCredits: number;
  totalDebits: number;
  lines: StatementLine[];
};

const KIND_TEXT: Record<string, string> = {
  'payout.hold': 'Transfer',
  'payout.release': 'Failed transfer returned',
  'payout.reversal': 'Transfer reversed',
  deposit: 'Deposit',
};

function describeMovement(
  kind: string,
  narration: string | null,
  cp: Record<string, string | undefined> | null,
): string {
  const who = cp?.accountName ?? cp?.name;
  if (kind === 'deposit') return narration ?? (who ? `Deposit from ${who}` : 'Deposit');
  const head = `${KIND_TEXT[kind] ?? kind}${who ? ` to ${who}` : ''}`;
  return narration && narration !== head ? `${head} - ${narration}` : head;
}

export async function buildStatement(
  db: Db,
  accountId: string,
  body: Pick<StatementBody, 'walletId' | 'from' | 'to'>,
): Promise<Statement> {
  const fromAt = startOfDay(body.from);
  const toAt = endOfDayExclusive(body.to);
  return db.transaction(
    async (tx) => {
      const [w] = await tx
        .select({
          name: wallets.name,
          currency: wallets.currency,
          ledgerAccountId: wallets.ledgerAccountId,
          accountName: accounts.name,
        })
        .from(wallets)
        .innerJoin(accounts, eq(accounts.id, wallets.accountId))
        .where(and(eq(wallets.id, body.walletId), eq(wallets.accountId, accountId)));
      if (!w) throw notFound('Wallet');
      const [{ opening }] = await tx
        .select({ opening: sql<string>`coalesce(sum(${postings.amount}), 0)` })
        .from(postings)
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .where(and(eq(postings.ledgerAccountId, w.ledgerAccountId), lt(journalEntries.createdAt, fromAt)));
      const rows = await tx
        .select({
          at: journalEntries.createdAt,
          kind: journalEntries.kind,
          amount: postings.amount,
          reference: transactions.reference,
          type: transactions.type,
          narration: transactions.narration,
          counterparty: transactions.counterparty,
        })
        .from(postings)
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .leftJoin(transactions, eq(transactions.id, journalEntries.transactionId))
        .where(
          and(
            eq(postings.ledgerAccountId, w.ledgerAccountId),
            gte(journalEntries.createdAt, fromAt),
            lt(journalEntries.createdAt, toAt),
          ),
        )
        .orderBy(asc(journalEntries.createdAt), asc(postings.id));
      let balance = Number(opening);
      let totalCredits = 0;
      let totalDebits = 0;
      const lines = rows.map((r): StatementLine => {
        balance += r.amount;
        if (r.amount > 0) totalCredits += r.amount;
        else totalDebits -= r.amount;
        return {
          at: r.at,
          reference: r.reference ?? '',
          type: r.type ?? r.kind,
          amount: r.amount,
          balance,
          description: describeMovement(r.kind, r.narration, r.counterparty),
        };
      });
      return {
        accountName: w.accountName,
        walletName: w.name,
        currency: w.currency,
        from: body.from,
        to: body.to,
        opening: Number(opening),
        closing: balance,
        totalCredits,
        totalDebits,
        lines,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** RFC 4180 field with the formula-injection guard: the one in platform/csv.ts (every list's export). */
export { csvCell };

const amount = (minor: number) => fromMinor(minor);

export function statementCsv(s: Statement): string {
  const rows: (string | number)[][] = [
    ['Date', 'Reference', 'Type', 'Description', 'Debit', 'Credit', 'Balance', 'Currency'],
  ];
  rows.push([lagosDate(s.from), '', '', 'Opening balance', '', '', amount(s.opening), s.currency]);
  for (const l of s.lines) {
    rows.push([
      lagosDateTime(l.at),
      l.reference,
      typeLabel(l.type),
      l.description,
      l.amount < 0 ? amount(-l.amount) : '',
      l.amount > 0 ? amount(l.amount) : '',
      amount(l.balance),
      s.currency,
    ]);
  }
  rows.push([
    lagosDate(s.to),
    '',
    '',
    'Closing balance',
    amount(s.totalDebits),
    amount(s.totalCredits),
    amount(s.closing),
    s.currency,
  ]);
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const COLS = [
  { key: 'date', label: 'Date', width: 92, align: 'left' },
  { key: 'reference', label: 'Reference', width: 170, align: 'left' },
  { key: 'description', label: 'Description', width: 212, align: 'left' },
  { key: 'debit', label: 'Debit', width: 90, align: 'right' },
  { key: 'credit', label: 'Credit', width: 90, align: 'right' },
  { key: 'balance', label: 'Balance', width: 92, align: 'right' },
] as const;

function tableRow(doc: Pdf, cells: Record<string, string>, opts: { bold?: boolean; shade?: boolean } = {}) {
  const y = doc.y;
  doc.font(opts.bold ? doc.owo.bold : doc.owo.regular).fontSize(8);
  const height =
    Math.max(...COLS.map((c) => doc.heightOfString(cells[c.key] ?? '', { width: c.width - 6 }))) + 8;
  if (y + height > doc.page.height - 56) {
    doc.addPage();
    return tableRow(doc, cells, opts);
  }
  if (opts.shade)
    doc
      .save()
      .rect(
        48,
        y,
        COLS.reduce((a, c) => a + c.width, 0),
        height,
      )
      .fill('#f3f4f6')
      .restore();
  let x = 48;
  doc.fillColor('#111827');
  for (const c of COLS) {
    doc.text(cells[c.key] ?? '', x + 3, y + 4, { width: c.width - 6, align: c.align });
    x += c.width;
  }
  doc.y = y + height;
}

export async function statementPdf(s: Statement): Promise<Buffer> {
  const doc = newPdf(`Owo statement ${s.walletName} ${s.from} to ${s.to}`, { layout: 'landscape' });
  const m = (minor: number) => money(minor, s.currency, doc.owo.hasNaira);
  drawHeader(doc, 'Account Statement', `${lagosDate(s.from)} - ${lagosDate(s.to)}`);
  doc.font(doc.owo.bold).fontSize(13).text(s.accountName, 48, doc.y);
  doc
    .font(doc.owo.regular)
    .fontSize(9)
    .fillColor('#6b7280')
    .text(`${s.walletName} (${s.currency}) - generated ${lagosDateTime(new Date())} WAT`);
  doc.moveDown(0.8);
  doc
    .fillColor('#111827')
    .fontSize(10)
    .text(
      `Opening balance: ${m(s.opening)}     Total credits: ${m(s.totalCredits)}     Total debits: ${m(s.totalDebits)}     Closing balance: ${m(s.closing)}`,
    );
  doc.moveDown(0.8);
  tableRow(doc, Object.fromEntries(COLS.map((c) => [c.key, c.label])), { bold: true, shade: true });
  tableRow(doc, { date: lagosDate(s.from), description: 'Opening balance', balance: m(s.opening) });
  for (const l of s.lines) {
    tableRow(doc, {
      date: lagosDateTime(l.at),
      reference: l.reference,
      description: l.description,
      debit: l.amount < 0 ? m(-l.amount) : '',
      credit: l.amount > 0 ? m(l.amount) : '',
      balance: m(l.balance),
    });
  }
  tableRow(
    doc,
    {
      date: lagosDate(s.to),
      description: 'Closing balance',
      debit: m(s.totalDebits),
      credit: m(s.totalCredits),
      balance: m(s.closing),
    },
    { bold: true, shade: true },
  );
  if (!s.lines.length) {
    doc.moveDown(1);
    doc
      .font(doc.owo.regular)
      .fontSize(9)
      .fillColor('#6b7280')
      .text('No movements in this period.', 48, doc.y);
  }
  return pdfToBuffer(doc);
}
