// The document a paid record becomes in the books (Purchase, Bill or JournalEntry), with the
// company's account choices applied (the payment tags).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { BooksDocument } from './provider/port';
import type { JournalLine, PaidRecord } from './posting-sources';
import { accountingCategoryMappings, accountingConnections } from './tables';

const ACCOUNT_LABEL: Record<JournalLine['account'], string> = {
  payroll: 'salaries expense',
  bank: 'bank',
  employerPensionAccountId: 'employer pension expense',
  nsitfExpenseAccountId: 'NSITF expense',
  payePayableAccountId: 'PAYE payable',
  pensionPayableAccountId: 'pension payable',
  nhfPayableAccountId: 'NHF payable',
  nsitfPayableAccountId: 'NSITF payable',
  otherDeductionsAccountId: 'other deductions',
  bankChargesAccountId: 'bank charges',
};

type Conn = typeof accountingConnections.$inferSelect;
type Lines = BooksDocument['lines'];

const unmapped = (what: string) =>
  new AppError(409, 'accounting-unmapped', `Choose the ${what} account in Import payment tags first`);

/** Builds the document from the record and the company's account choices. */
export async function documentFor(db: DbOrTx, conn: Conn, rec: PaidRecord): Promise<BooksDocument> {
  const { accountId, classId } = await expenseAccountOf(db, conn, rec);
  if (!accountId || !conn.bankAccountId)
    throw new AppError(
      409,
      'accounting-unmapped',
      'Choose the bank and expense accounts in Import payment tags first',
    );
  const memo = `Owo ${rec.record} ${rec.reference}${rec.vendorName ? ` — ${rec.vendorName}` : ''}`;
  const { lines, bankCharges } = rec.journal
    ? { lines: journalLines(conn, accountId, rec.journal), bankCharges: null }
    : paymentLines(conn, accountId, classId, rec);
  return {
    kind: rec.document,
    docNumber: rec.reference.slice(0, 21),
    txnDate: rec.paidOn,
    currency: rec.currency,
    bankAccountId: conn.bankAccountId,
    vendorName: rec.vendorName,
    lines,
    memo,
    link: rec.link,
    attachments: rec.attachments,
    ...(bankCharges ? { bankCharges } : {}),
  };
}

/** The record's account (payroll's or the default expense one, else its category's) and class. */
async function expenseAccountOf(db: DbOrTx, conn: Conn, rec: PaidRecord) {
  let accountId = rec.payroll ? conn.payrollAccountId : conn.defaultExpenseAccountId;
  let classId: string | null = null;
  if (rec.categoryId && /^[0-9a-f-]{36}$/.test(rec.categoryId)) {
    const [m] = await db
      .select()
      .from(accountingCategoryMappings)
      .where(
        and(
          eq(accountingCategoryMappings.accountId, conn.accountId),
          eq(accountingCategoryMappings.categoryId, rec.categoryId),
        ),
      );
    if (m?.providerAccountId) accountId = m.providerAccountId;
    classId = m?.classId ?? null;
  }
  return { accountId, classId };
}

/** A journal's lines on the chosen accounts; it must balance to the kobo. */
function journalLines(conn: Conn, accountId: string, journal: JournalLine[]): Lines {
  const lines = journal.map((l) => {
    const id =
      l.account === 'payroll' ? accountId : l.account === 'bank' ? conn.bankAccountId : conn[l.account];
    if (!id) throw unmapped(ACCOUNT_LABEL[l.account]);
    return {
      amountMinor: l.amountMinor,
      accountId: id,
      classId: null,
      description: l.description,
      postingType: l.postingType,
    };
  });
  const side = (t: string) => lines.filter((l) => l.postingType === t).reduce((a, l) => a + l.amountMinor, 0);
  if (side('Debit') !== side('Credit'))
    throw new AppError(409, 'accounting-unbalanced', 'The journal does not balance; nothing was posted');
  return lines;
}

/** A Purchase's or Bill's line, and Owo's transfer fee: a bank charges line, or a Bill's own charge. */
function paymentLines(conn: Conn, accountId: string, classId: string | null, rec: PaidRecord) {
  const lines: Lines = [
    { amountMinor: rec.amountMinor, accountId, classId, description: rec.description.slice(0, 500) },
  ];
  let bankCharges: BooksDocument['bankCharges'] = null;
  if (rec.document === 'Bill' && rec.feeMinor) {
    if (!conn.bankChargesAccountId) throw unmapped(ACCOUNT_LABEL.bankChargesAccountId);
    bankCharges = {
      amountMinor: rec.feeMinor,
      accountId: conn.bankChargesAccountId,
      description: 'Transfer fee',
    };
  }
  if (rec.document === 'Purchase' && rec.feeMinor) {
    if (!conn.bankChargesAccountId) throw unmapped(ACCOUNT_LABEL.bankChargesAccountId);
    lines.push({
      amountMinor: rec.feeMinor,
      accountId: conn.bankChargesAccountId,
      classId: null,
      description: 'Transfer fee',
    });
  }
  return { lines, bankCharges };
}
