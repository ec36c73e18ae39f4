import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  ACCOUNTING_MSG,
  fromMinor,
  type JournalAccountKey,
  type Posting,
  type PostingDocument,
  type PostingRecord,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/errors';
import { sendJob, sendJobSoon } from '../../platform/jobs';
import type { BooksDocument } from './provider/port';
import { connectionOf, withProvider } from './service';
import { accountingCategoryMappings, accountingConnections, accountingPostings } from './tables';
import { expenses, payees, payoutQuotes, payouts, payrollRows, payrolls } from '../../platform/schema';

export const POST_QUEUE = 'accounting-post';
/** A claimed posting is not handed out again for this long (a worker killed mid-post is retried after). */
const LEASE_SECONDS = 120;
/** How far back the sweep looks for paid records (by transfer creation). */
export const POSTING_WINDOW_DAYS = 35;

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
  if (gross <= 0) return null; // nothing paid yet: no journal (never an empty one)
  // Other salary deductions (loans, dues): what gross pay did not pay out or withhold by statute.
  const other = gross - net - paye - pensionEe - nhf;
  const journal: JournalLine[] = [
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
  return { net, fee, journal };
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

/**
 * Finds records whose payouts are all final with at least one paid, for accounts with enabled
 * books, paid since the books were connected and not yet posted; writes one posting each (unique
 * per record) and queues it. Run by the `accounting-postings` ticker and woken by money's `recordPaid` seam.
 */
export async function sweepPaid(deps: AppDeps, accountId?: string, limit = 200): Promise<number> {
  const types = deps.seams.names('postingSource');
  const found = await deps.db.execute(sql`
    select t.account_id, t.source_type, t.source_id, c.provider
      from transactions t
      join accounting_connections c on c.account_id = t.account_id and c.enabled
     where t.type = 'payout' and t.source_type = any(${sql.raw(`array[${types.map((x) => `'${x}'`).join(',')}]`)}::text[])
       ${accountId ? sql`and t.account_id = ${accountId}::uuid` : sql``}
       -- the (account_id, created_at) index bounds the scan to recent payouts of connected accounts;
       -- a payout is created when it is paid out (schedules create theirs on the day), so a record
       -- settled more than POSTING_WINDOW_DAYS after its transfer started is left to a manual post
       and t.created_at >= now() - make_interval(days => ${POSTING_WINDOW_DAYS})
       and t.source_id ~ '^[0-9a-f-]{36}$'
       and not exists (select 1 from accounting_postings p
                        where p.account_id = t.account_id and p.source_type = t.source_type
                          and p.source_id = t.source_id::uuid)
     group by t.account_id, t.source_type, t.source_id, c.provider, c.connected_at
    having bool_and(t.status not in ('pending', 'processing')) and bool_or(t.status = 'success')
       and max(t.updated_at) >= c.connected_at
     limit ${limit}`);
  // Payroll rows paid (by a retry) after their run's posting was written: one follow-up each.
  const retried = await deps.db.execute(sql`
    select r.account_id, 'payroll-row' as source_type, r.id::text as source_id, c.provider
      from accounting_postings p
      join accounting_connections c on c.account_id = p.account_id and c.enabled
      join payroll_rows r on r.payroll_id = p.source_id and r.account_id = p.account_id
      join transactions t on t.id = r.transaction_id and t.status = 'success' and t.updated_at > p.created_at
     where p.source_type = 'payroll'
       ${accountId ? sql`and p.account_id = ${accountId}::uuid` : sql``}
       and p.created_at >= now() - make_interval(days => ${POSTING_WINDOW_DAYS})
       and not exists (select 1 from accounting_postings q
                        where q.account_id = r.account_id and q.source_type = 'payroll-row'
                          and q.source_id = r.id)
     limit ${limit}`);
  let queued = 0;
  for (const r of [...found.rows, ...retried.rows] as {
    account_id: string;
    source_type: string;
    source_id: string;
    provider: string;
  }[]) {
    const src = deps.seams.hook('postingSource', r.source_type)!;
    const rec = await src.load(deps.db, r.account_id, r.source_id, deps.config.appUrl);
    if (!rec) continue;
    const [row] = await deps.db
      .insert(accountingPostings)
      .values({
        accountId: r.account_id,
        sourceType: r.source_type,
        sourceId: r.source_id,
        record: rec.record,
        document: rec.document,
        reference: rec.reference,
        amountMinor: rec.amountMinor,
        currency: rec.currency,
        provider: r.provider as 'sandbox',
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .onConflictDoNothing()
      .returning({ id: accountingPostings.id });
    if (row) {
      await sendJob(deps, POST_QUEUE, { postingId: row.id });
      queued++;
    }
  }
  return queued;
}

/** Hands due pending postings to the queue with a lease (a killed worker's posting comes back). */
export async function dispatchDuePostings(deps: AppDeps, limit = 200) {
  const due = await deps.db
    .update(accountingPostings)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      sql`${accountingPostings.id} in (select id from ${accountingPostings} where ${accountingPostings.status} = 'pending' and ${lte(accountingPostings.nextAttemptAt, sql`now()`)} order by ${accountingPostings.nextAttemptAt} limit ${limit} for update skip locked)`,
    )
    .returning({ id: accountingPostings.id });
  for (const d of due) await sendJob(deps, POST_QUEUE, { postingId: d.id });
  return due.length;
}

/** Builds the document from the record and the company's account choices. */
async function documentFor(
  db: DbOrTx,
  conn: typeof accountingConnections.$inferSelect,
  rec: PaidRecord,
): Promise<BooksDocument> {
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
  if (!accountId || !conn.bankAccountId)
    throw new AppError(
      409,
      'accounting-unmapped',
      'Choose the bank and expense accounts in Import payment tags first',
    );
  const unmapped = (what: string) =>
    new AppError(409, 'accounting-unmapped', `Choose the ${what} account in Import payment tags first`);
  const memo = `Owo ${rec.record} ${rec.reference}${rec.vendorName ? ` — ${rec.vendorName}` : ''}`;
  let lines: BooksDocument['lines'];
  let bankCharges: BooksDocument['bankCharges'] = null;
  if (rec.journal) {
    lines = rec.journal.map((l) => {
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
    const side = (t: string) =>
      lines.filter((l) => l.postingType === t).reduce((a, l) => a + l.amountMinor, 0);
    if (side('Debit') !== side('Credit'))
      throw new AppError(409, 'accounting-unbalanced', 'The journal does not balance; nothing was posted');
  } else {
    lines = [
      { amountMinor: rec.amountMinor, accountId, classId, description: rec.description.slice(0, 500) },
    ];
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
  }
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

export type PostObserver = (stage: 'sent' | 'recorded') => void | Promise<void>;

/**
 * The posting job: locks the posting (a second worker skips it), builds the document and posts it
 * under the posting's id as the provider's request id, then records the outcome. Killed between
 * the provider's answer and the commit, the posting stays pending; the lease ends, the next attempt
 * sends the same request id and the provider answers the first document: one document per record.
 */
export async function postOne(deps: AppDeps, postingId: string, observe?: PostObserver) {
  await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(accountingPostings)
      .where(eq(accountingPostings.id, postingId))
      .for('update', { skipLocked: true });
    if (!p || p.status !== 'pending') return;
    const attempts = p.attempts + 1;
    let error: string | null = null;
    let final = false;
    let docId: string | null = null;
    let payload: Record<string, unknown> | null = null;
    try {
      const conn = await connectionOf(tx, p.accountId);
      if (!conn || !conn.enabled) throw new AppError(409, 'not-connected', ACCOUNTING_MSG.notConnected);
      const rec = await deps.seams
        .hook('postingSource', p.sourceType)!
        .load(tx, p.accountId, p.sourceId, deps.config.appUrl);
      if (!rec) throw new AppError(409, 'gone', 'The record no longer exists');
      const doc = await documentFor(tx, conn, rec);
      payload = doc as unknown as Record<string, unknown>;
      const posted = await withProvider(deps, p.accountId, async (prov, c) => {
        const d = await prov.postDocument(c, doc, p.id);
        return { ...d, url: prov.documentUrl(c, d) };
      });
      docId = posted.id;
      await observe?.('sent');
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // a bug or a lost database: the job fails and is retried
      error = err.message;
      // Provider down: retry with backoff. Refused (bad document, expired access, not mapped): show it.
      final = err.statusCode !== 503;
    }
    if (!error) {
      await tx
        .update(accountingPostings)
        .set({
          status: 'posted',
          attempts,
          lastError: null,
          providerDocumentId: docId,
          payload,
          postedAt: new Date(),
          nextAttemptAt: null,
        })
        .where(eq(accountingPostings.id, p.id));
      await observe?.('recorded');
      return;
    }
    const failed = final || attempts >= deps.config.ACCOUNTING_MAX_ATTEMPTS;
    const delay = deps.config.ACCOUNTING_RETRY_BASE_SECONDS * 2 ** (attempts - 1);
    await tx
      .update(accountingPostings)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError: error,
        nextAttemptAt: failed ? null : new Date(Date.now() + delay * 1000),
      })
      .where(eq(accountingPostings.id, p.id));
  });
}

// ------------------------------------------------------------------ list and retry

const postingDto = (p: typeof accountingPostings.$inferSelect, appUrl: string): Posting => ({
  id: p.id,
  record: p.record,
  recordId: p.sourceId,
  reference: p.reference,
  document: p.document,
  status: p.status,
  amount: fromMinor(p.amountMinor),
  amountMinor: p.amountMinor,
  currency: p.currency,
  attempts: p.attempts,
  lastError: p.lastError,
  providerDocumentId: p.providerDocumentId,
  // the link the document carries (a bill's page is by its reference); before the first attempt, by id
  link:
    typeof p.payload?.link === 'string'
      ? p.payload.link
      : p.record === 'expense'
        ? `${appUrl}/expense/${p.sourceId}`
        : p.record === 'payroll'
          ? `${appUrl}/payroll/${p.sourceId}/details`
          : `${appUrl}/payouts/${p.sourceId}`,
  createdAt: p.createdAt.toISOString(),
  postedAt: p.postedAt ? p.postedAt.toISOString() : null,
});

export async function listPostings(
  deps: AppDeps,
  accountId: string,
  q: { page: number; limit: number; status?: 'pending' | 'posted' | 'failed' },
) {
  const where = and(
    eq(accountingPostings.accountId, accountId),
    q.status ? eq(accountingPostings.status, q.status) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(accountingPostings)
      .where(where)
      .orderBy(desc(accountingPostings.createdAt), desc(accountingPostings.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountingPostings)
      .where(where),
  ]);
  return { items: rows.map((r) => postingDto(r, deps.config.appUrl)), total: n };
}

export async function retryPosting(deps: AppDeps, accountId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(accountingPostings)
    .where(and(eq(accountingPostings.id, id), eq(accountingPostings.accountId, accountId)));
  if (!row) throw notFound('Posting');
  if (row.status !== 'failed') throw conflict(ACCOUNTING_MSG.postingNotFailed);
  const [r] = await deps.db
    .update(accountingPostings)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(and(eq(accountingPostings.id, id), eq(accountingPostings.status, 'failed')))
    .returning();
  if (!r) throw conflict(ACCOUNTING_MSG.postingNotFailed);
  sendJobSoon(deps, POST_QUEUE, { postingId: id });
  return postingDto(r, deps.config.appUrl);
}

export const postingIdsOf = (db: DbOrTx, accountId: string, ids: string[]) =>
  db
    .select()
    .from(accountingPostings)
    .where(and(eq(accountingPostings.accountId, accountId), inArray(accountingPostings.id, ids)));
