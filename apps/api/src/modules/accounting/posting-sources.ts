// What the books post: a paid record (`PaidRecord`) and its sources by the money core's
// `source_type` (the `postingSource` seam): expenses, payouts and bills, payroll runs, and a payroll
// row paid on retry after its run was posted. They read the areas' tables and change nothing there.
import { and, eq, sql } from 'drizzle-orm';
import type { JournalAccountKey, PostingDocument, PostingRecord } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { expenses, payees, payoutQuotes, payouts, payrollRows, payrolls } from '../../platform/schema';

/** What a paid record becomes in the books (before the account choices are applied). */
export type PaidRecord = {
  record: PostingRecord;
  document: PostingDocument;
  reference: string;
  amountMinor: number;
  currency: string;
  paidOn: string;
  vendorName: string | null;
  categoryId: string | null;
  description: string;
  attachments: { fileName: string; url: string }[];
  link: string;
  /** Payroll: salaries go to the payroll account. */
  payroll?: boolean;
  /**
   * A JournalEntry's lines by role (payroll): each names the account choice it goes to, its side
   * and amount. Debits equal credits to the kobo (`documentFor` checks before sending).
   */
  journal?: JournalLine[];
  /** Transfer fees Owo charged for the payment (a Purchase gets a bank charges line). */
  feeMinor?: number;
};

/** Where a journal line goes: the payroll (salaries) account, the bank, or a journal account key. */
export type JournalLine = {
  account: 'payroll' | 'bank' | JournalAccountKey;
  postingType: 'Debit' | 'Credit';
  amountMinor: number;
  description: string;
};

/**
 * A source of paid records, by the money core's `source_type`. `load` answers null while the
 * record is not (fully) paid: the `postingSource` seam (accounting/seams.ts). Areas add theirs
 * with `deps.seams.on('postingSource', …)`; the ones built in
 * read the areas' tables (their public schema) and change nothing in them.
 */
export type PostingSource = {
  sourceType: string;
  load(db: DbOrTx, accountId: string, sourceId: string, appUrl: string): Promise<PaidRecord | null>;
};

/** The transfer fees of a record's paid payouts (what Owo charged for paying it). */
async function paidFees(db: DbOrTx, accountId: string, sourceType: string, id: string) {
  const [r] = await db
    .execute<{ fee: string }>(
      sql`
      select coalesce(sum(fee), 0)::bigint as fee from transactions
       where account_id = ${accountId}::uuid and source_type = ${sourceType} and source_id = ${id}
         and type = 'payout' and status = 'success'`,
    )
    .then((x) => x.rows);
  return Number(r?.fee ?? 0);
}

const lagosDay = (d: Date) => new Date(d.getTime() + 3600_000).toISOString().slice(0, 10);

const expenseSource: PostingSource = {
  sourceType: 'expense',
  async load(db, accountId, id, appUrl) {
    const [e] = await db
      .select()
      .from(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.accountId, accountId)));
    if (!e) return null;
    return {
      record: 'expense',
      document: 'Purchase',
      reference: e.reference,
      amountMinor: e.amountMinor,
      currency: e.currency,
      paidOn: lagosDay(e.updatedAt),
      vendorName: e.bankAccountName,
      categoryId: e.purpose.service,
      description: e.purpose.description ?? `Expense ${e.reference}`,
      attachments: [
        ...e.attachments.map((a) => ({
          fileName: a.fileName,
          url: `${appUrl}/api/files/${encodeURIComponent(a.fileName)}`,
        })),
        ...e.products
          .filter((l) => l.attachment)
          .map((l) => ({
            fileName: l.attachment!,
            url: `${appUrl}/api/files/${encodeURIComponent(l.attachment!)}`,
          })),
      ],
      link: `${appUrl}/expense/${e.id}`,
      // Owo's transfer fee for paying it: a bank charges line, as a payout's
      feeMinor: await paidFees(db, accountId, 'expense', id),
    };
  },
};

const payoutSource: PostingSource = {
  sourceType: 'payout',
  async load(db, accountId, id, appUrl) {
    const [p] = await db
      .select({ p: payouts, payee: payees.name, bill: payoutQuotes })
      .from(payouts)
      .leftJoin(payees, eq(payees.id, payouts.payeeId))
      .leftJoin(payoutQuotes, eq(payoutQuotes.payoutId, payouts.id))
      .where(and(eq(payouts.id, id), eq(payouts.accountId, accountId)));
    if (!p) return null;
    const bill = p.bill;
    const fee = await paidFees(db, accountId, 'payout', id);
    return {
      record: bill ? 'bill' : 'payout',
      document: bill ? 'Bill' : 'Purchase',
      reference: bill?.invoiceNumber || p.p.reference,
      amountMinor: p.p.amountMinor,
      currency: p.p.currency,
      paidOn: lagosDay(p.p.updatedAt),
      vendorName: p.payee,
      categoryId: p.p.categoryId,
      description: bill?.description || p.p.narration,
      attachments: bill?.fileName
        ? [{ fileName: bill.fileName, url: `${appUrl}/api/files/${encodeURIComponent(bill.fileName)}` }]
        : [],
      link: bill ? `${appUrl}/bills/${bill.reference}` : `${appUrl}/payouts/${p.p.id}`,
      // a Purchase's fee is a bank charges line; a Bill's is its own Purchase (`bankCharges`)
      feeMinor: fee,
    };
  },
};

/**
 * The payroll journal of the paid rows matching `rows` (a SQL condition over `r`, the row, and
 * `t`, its transaction): gross pay and employer costs against net pay, statutory payables, other
 * deductions and the rows' transfer fees. Null when no row matches (never an empty journal).
 */
async function payrollJournal(
  db: DbOrTx,
  accountId: string,
  payrollId: string,
  rows: ReturnType<typeof sql>,
) {
  // The paid rows only (a failed row paid nobody and owes nobody): what they cost, withheld and paid.
  const [s] = (
    await db.execute<Record<string, string>>(sql`
      select coalesce(sum(r.gross_minor), 0)::bigint as gross,
             coalesce(sum(r.net_minor), 0)::bigint as net,
             coalesce(-sum((r.breakdown->>'PAYE')::bigint), 0)::bigint as paye,
             coalesce(-sum((r.breakdown->>'Pension (employee)')::bigint), 0)::bigint as pension_ee,
             coalesce(-sum((r.breakdown->>'NHF')::bigint), 0)::bigint as nhf,
             coalesce(sum((r.employer_costs->>'Pension (employer)')::bigint), 0)::bigint as pension_er,
             coalesce(sum((r.employer_costs->>'NSITF')::bigint), 0)::bigint as nsitf,
             coalesce(sum(t.fee), 0)::bigint as fee
        from payroll_rows r
        join transactions t on t.id = r.transaction_id
       where r.payroll_id = ${payrollId}::uuid and r.account_id = ${accountId}::uuid
         -- a row's stored status stays 'paying'; paid is read from its transaction (as payroll does)
         and t.type = 'payout' and (r.status = 'paid' or (r.status = 'paying' and t.status = 'success'))
         and ${rows}`)
  ).rows;
  const t = payrollTotals(s);
  if (t.gross <= 0) return null; // nothing paid yet: no journal (never an empty one)
  return { net: t.net, fee: t.fee, journal: payrollJournalLines(t) };
}

type PayrollTotals = Record<
  'gross' | 'net' | 'paye' | 'pensionEe' | 'nhf' | 'pensionEr' | 'nsitf' | 'fee',
  number
>;

function payrollTotals(s: Record<string, string> | undefined): PayrollTotals {
  const n = (k: string) => Number(s?.[k] ?? 0);
  const [gross, net, paye, pensionEe, nhf, pensionEr, nsitf, fee] = [
    'gross',
    'net',
    'paye',
    'pension_ee',
    'nhf',
    'pension_er',
    'nsitf',
    'fee',
  ].map(n);
  return { gross, net, paye, pensionEe, nhf, pensionEr, nsitf, fee };
}

/**
 * Gross pay and employer costs against net pay, statutory payables, other deductions and the
 * transfer fees; lines of zero left out.
 */
function payrollJournalLines(t: PayrollTotals): JournalLine[] {
  const { gross, net, paye, pensionEe, nhf, pensionEr, nsitf, fee } = t;
  // Other salary deductions (loans, dues): what gross pay did not pay out or withhold by statute.
  const other = gross - net - paye - pensionEe - nhf;
  return [
    { account: 'payroll', postingType: 'Debit', amountMinor: gross, description: 'Gross pay' },
    {
      account: 'employerPensionAccountId',
      postingType: 'Debit',
      amountMinor: pensionEr,
      description: 'Employer pension contribution',
    },
    { account: 'nsitfExpenseAccountId', postingType: 'Debit', amountMinor: nsitf, description: 'NSITF' },
    { account: 'bank', postingType: 'Credit', amountMinor: net, description: 'Net pay paid' },
    {
      account: 'payePayableAccountId',
      postingType: 'Credit',
      amountMinor: paye,
      description: 'PAYE withheld',
    },
    {
      account: 'pensionPayableAccountId',
      postingType: 'Credit',
      amountMinor: pensionEe + pensionEr,
      description: 'Pension (employee + employer)',
    },
    {
      account: 'nhfPayableAccountId',
      postingType: 'Credit',
      amountMinor: nhf,
      description: 'NHF withheld',
    },
    { account: 'nsitfPayableAccountId', postingType: 'Credit', amountMinor: nsitf, description: 'NSITF' },
    {
      account: 'otherDeductionsAccountId',
      postingType: other >= 0 ? 'Credit' : 'Debit',
      amountMinor: Math.abs(other),
      description: 'Other salary deductions',
    },
    {
      account: 'bankChargesAccountId',
      postingType: 'Debit',
      amountMinor: fee,
      description: 'Transfer fees',
    },
    { account: 'bank', postingType: 'Credit', amountMinor: fee, description: 'Transfer fees' },
  ].filter((l): l is JournalLine => l.amountMinor > 0);
}

/**
 * When the run's own posting was written: its journal holds the rows paid by then; a row paid
 * later (a retry) is posted by the `payroll-row` source as its own follow-up journal.
 */
const runPostedAt = (payrollId: string) =>
  sql`coalesce((select p.created_at from accounting_postings p
                 where p.source_type = 'payroll' and p.source_id = ${payrollId}::uuid), now())`;

const payrollSource: PostingSource = {
  sourceType: 'payroll',
  async load(db, accountId, id, appUrl) {
    const [pr] = await db
      .select()
      .from(payrolls)
      .where(and(eq(payrolls.id, id), eq(payrolls.accountId, accountId)));
    if (!pr) return null;
    const j = await payrollJournal(db, accountId, id, sql`t.updated_at <= ${runPostedAt(id)}`);
    if (!j) return null;
    return {
      record: 'payroll',
      document: 'JournalEntry',
      reference: pr.reference,
      amountMinor: j.net,
      currency: 'NGN',
      paidOn: lagosDay(pr.updatedAt),
      vendorName: null,
      categoryId: null,
      description: `Salaries: ${pr.name}`,
      attachments: [],
      link: `${appUrl}/payroll/${pr.id}/details`,
      payroll: true,
      journal: j.journal,
      feeMinor: j.fee,
    };
  },
};

/**
 * A payroll row paid (by a retry) after its run was posted: a follow-up JournalEntry of that row
 * alone, posted once under its own posting (source `payroll-row`, the row's id), reference
 * `<run reference>-<row no>`. Found by `sweepPayrollRetries`.
 */
const payrollRowSource: PostingSource = {
  sourceType: 'payroll-row',
  async load(db, accountId, rowId, appUrl) {
    const [r] = await db
      .select({ row: payrollRows, pr: payrolls })
      .from(payrollRows)
      .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
      .where(and(eq(payrollRows.id, rowId), eq(payrollRows.accountId, accountId)));
    if (!r) return null;
    const j = await payrollJournal(
      db,
      accountId,
      r.pr.id,
      sql`r.id = ${rowId}::uuid and t.updated_at > ${runPostedAt(r.pr.id)}`,
    );
    if (!j) return null;
    return {
      record: 'payroll',
      document: 'JournalEntry',
      reference: `${r.pr.reference}-${r.row.rowNo}`,
      amountMinor: j.net,
      currency: 'NGN',
      paidOn: lagosDay(new Date()),
      vendorName: null,
      categoryId: null,
      description: `Salaries: ${r.pr.name} (row ${r.row.rowNo}, paid on retry)`,
      attachments: [],
      link: `${appUrl}/payroll/${r.pr.id}/details`,
      payroll: true,
      journal: j.journal,
      feeMinor: j.fee,
    };
  },
};

/** The sources built in, registered on the app's `postingSource` seam by `registerAccounting`. */
export const BUILT_IN_POSTING_SOURCES: readonly PostingSource[] = [
  expenseSource,
  payoutSource,
  payrollSource,
  payrollRowSource,
];
