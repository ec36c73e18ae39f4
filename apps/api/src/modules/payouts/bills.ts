// Bills (issue 23 §2): a bill is requested from an email (the mailed link carries a link token,
// platform/tokens.ts, kind `bill-request`: never the bill's reference, which staff can list), filled in
// by the vendor on the public send-bill pages (which learn nothing of the company but its name), then
// reviewed and sent for payment as a `payout` (approvals engine).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { BILL_DRAFT_MSG, BILL_MSG, fromMinor, LINK_STATUS, type Bill, type BillStatus } from '@owo/contract';
import type { z } from 'zod';
import type { billDraftBody, billListQuery, sendBillFields } from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { fetchPage } from '../../platform/list';
import { accounts, payees } from '../../platform/schema';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { storeUpload } from '../files';
import { sendMail } from '../mail';
import { addPayees } from '../payees';
import { createPayout } from './create';
import { payoutQuotes } from './tables';
import { storageOf } from '../../platform/storage';
import { issueLink, spendLink, type LinkPrincipal } from '../../platform/tokens';
import { escapeLike } from '../../platform/text';

type Row = typeof payoutQuotes.$inferSelect;
type AfterCommit = (fn: () => Promise<void> | void) => void;

/** The bill's reference (shown to staff; NOT a secret: the send-bill link carries its own token). */
const newBillRef = () => randomBytes(16).toString('hex');
/** The send-bill link's kind (`needsLink(BILL_REQUEST_LINK, 'submit')`) and how long it lives. */
export const BILL_REQUEST_LINK = 'bill-request';
export const BILL_LINK_TTL_DAYS = 30;

function dto(r: Row, payeeName: string | null): Bill {
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    email: r.email,
    note: r.note,
    payeeId: r.payeeId,
    payeeName,
    amount: r.amountMinor === null ? null : fromMinor(r.amountMinor),
    amountMinor: r.amountMinor,
    description: r.description,
    invoiceNumber: r.invoiceNumber,
    dueDate: r.dueDate,
    bankName: r.bankName,
    accountNumber: r.accountNumber,
    accountName: r.accountName,
    fileName: r.fileName,
    payoutId: r.payoutId,
    createdAt: r.createdAt.toISOString(),
    submittedAt: r.submittedAt?.toISOString() ?? null,
  };
}

/** POST /api/payout/quote/request: a bill requested for a vendor's email is that vendor's bill. */
export async function requestBill(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; email: string; note?: string },
): Promise<Bill> {
  return deps.db.transaction(async (tx) => {
    const [vendor] = await tx
      .select({ id: payees.id, name: payees.name })
      .from(payees)
      .where(and(eq(payees.accountId, p.tenant.accountId), eq(payees.email, p.email)))
      .limit(1);
    const [row] = await tx
      .insert(payoutQuotes)
      .values({
        accountId: p.tenant.accountId,
        reference: newBillRef(),
        email: p.email,
        note: p.note || null,
        payeeId: vendor?.id ?? null,
        requestedBy: p.userId,
      })
      .returning();
    const token = await issueLink(tx, {
      kind: BILL_REQUEST_LINK,
      action: 'submit',
      objectId: row.id,
      accountId: p.tenant.accountId,
      expiresAt: sql`now() + make_interval(days => ${BILL_LINK_TTL_DAYS})`,
    });
    const [a] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, p.tenant.accountId));
    await sendMail(
      deps,
      {
        to: p.email,
        subject: `${a.name} requests a bill from you`,
        text: `Hello,\n\n${a.name} asks you to send your bill through Owo.${p.note ? `\n\nTheir note: ${p.note}` : ''}\n\nSend it here (the link works once and expires in ${BILL_LINK_TTL_DAYS} days): ${deps.config.appUrl}/send-bill/welcome/${token}\n\nOwo`,
      },
      tx,
    );
    return dto(row, vendor?.name ?? null);
  });
}

/** The link's bill, still waiting for the vendor (the guard checked the link itself). */
async function byLink(db: DbOrTx, link: LinkPrincipal, lock = false): Promise<Row> {
  const q = db.select().from(payoutQuotes).where(eq(payoutQuotes.id, link.objectId));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw new AppError(404, 'not-found', BILL_MSG.unknown);
  if (r.status !== 'requested') throw new AppError(410, LINK_STATUS.used, BILL_MSG.used);
  return r;
}

/** GET /api/verify/payout/quote/{token} (public): the company name and the email, nothing else. */
export async function sendBillInfo(db: Db, link: LinkPrincipal) {
  const r = await byLink(db, link);
  const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, r.accountId));
  return { companyName: a.name, email: r.email };
}

/** PUT /api/verify/payout/quote/{token} (public, multipart): the vendor's bill, once (the link is spent). */
export async function submitBill(
  deps: AppDeps,
  p: {
    link: LinkPrincipal;
    fields: z.output<typeof sendBillFields>;
    file: { name: string; bytes: Buffer } | null;
  },
) {
  const first = await byLink(deps.db, p.link);
  if (!p.file) throw fieldError('file', BILL_MSG.fileRequired);
  const resolved = await resolveAccountName(deps, {
    accountNumber: p.fields.accountNumber,
    bankCode: p.fields.bankCode,
  });
  if (!resolved.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!resolved.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
  const stored = await storeUpload(deps.db, {
    storage: storageOf(deps.config),
    accountId: first.accountId,
    userId: first.requestedBy,
    originalName: p.file.name,
    bytes: p.file.bytes,
  });
  await deps.db.transaction(async (tx) => {
    const r = await byLink(tx, p.link, true);
    await spendLink(tx, p.link, BILL_MSG);
    await tx
      .update(payoutQuotes)
      .set({
        status: 'submitted',
        amountMinor: p.fields.amount,
        description: p.fields.description,
        invoiceNumber: p.fields.invoiceNumber,
        dueDate: p.fields.dueDate,
        bankCode: resolved.bank!.code,
        bankName: resolved.bank!.name,
        accountNumber: p.fields.accountNumber,
        accountName: resolved.accountName,
        fileName: stored.fileName,
        submittedAt: sql`now()`,
      })
      .where(eq(payoutQuotes.id, r.id));
  });
}

export async function getBill(db: Db, p: { accountId: string; ref: string }): Promise<Bill> {
  const [r] = await db
    .select({ q: payoutQuotes, name: payees.name })
    .from(payoutQuotes)
    .leftJoin(payees, eq(payees.id, payoutQuotes.payeeId))
    .where(and(eq(payoutQuotes.accountId, p.accountId), eq(payoutQuotes.reference, p.ref)));
  if (!r) throw notFound('Bill');
  return dto(r.q, r.name);
}

export async function listBills(db: Db, accountId: string, q: z.output<typeof billListQuery>) {
  const where = and(
    eq(payoutQuotes.accountId, accountId),
    q.status ? eq(payoutQuotes.status, q.status) : undefined,
    q.search
      ? sql`(${payoutQuotes.email} ilike ${`%${escapeLike(q.search)}%`} or ${payoutQuotes.invoiceNumber} ilike ${`%${escapeLike(q.search)}%`})`
      : undefined,
  );
  const { rows, total } = await fetchPage(db, payoutQuotes, {
    where,
    orderBy: [desc(payoutQuotes.createdAt), desc(payoutQuotes.id)],
    page: q.page,
    limit: q.limit,
  });
  return { items: rows.map((r) => dto(r as Row, null)), total };
}

/** Bills the vendor has not yet been sent for payment: a vendor's bill names it or is of its email. */
const OPEN_BILL_STATUSES: BillStatus[] = ['requested', 'draft', 'submitted'];

/** A vendor's open bills (vendor detail), newest first. */
export async function payeeOpenBills(
  db: DbOrTx,
  p: { accountId: string; payeeId: string; email: string; limit: number },
) {
  const rows = await db
    .select()
    .from(payoutQuotes)
    .where(
      and(
        eq(payoutQuotes.accountId, p.accountId),
        inArray(payoutQuotes.status, OPEN_BILL_STATUSES),
        or(
          eq(payoutQuotes.payeeId, p.payeeId),
          and(isNull(payoutQuotes.payeeId), sql`lower(${payoutQuotes.email}) = lower(${p.email})`),
        ),
      ),
    )
    .orderBy(desc(payoutQuotes.createdAt), desc(payoutQuotes.id))
    .limit(p.limit);
  return rows.map((r) => {
    const b = dto(r, null);
    return {
      id: b.id,
      reference: b.reference,
      status: b.status,
      amount: b.amount,
      amountMinor: b.amountMinor,
      invoiceNumber: b.invoiceNumber,
      dueDate: b.dueDate,
      createdAt: b.createdAt,
    };
  });
}

/** The bill's vendor: the one it names or of its email (same bank account), else by account, else new. */
async function billPayeeId(tx: Tx, r: typeof payoutQuotes.$inferSelect, userId: string): Promise<string> {
  // An imported (or inbox) bill names its vendor; a requested one is the vendor of its email.
  const [byEmail] = r.payeeId
    ? await tx
        .select()
        .from(payees)
        .where(and(eq(payees.accountId, r.accountId), eq(payees.id, r.payeeId)))
    : await tx
        .select()
        .from(payees)
        .where(and(eq(payees.accountId, r.accountId), eq(payees.email, r.email)))
        .limit(1);
  if (byEmail) {
    if (byEmail.bankCode !== r.bankCode || byEmail.accountNumber !== r.accountNumber)
      throw conflict(BILL_MSG.bankDiffers);
    return byEmail.id;
  } else {
    const [byAccount] = await tx
      .select({ id: payees.id })
      .from(payees)
      .where(
        and(
          eq(payees.accountId, r.accountId),
          eq(payees.bankCode, r.bankCode!),
          eq(payees.accountNumber, r.accountNumber!),
        ),
      );
    if (byAccount) return byAccount.id;
    else {
      // The vendor as the bill states it (its account was NUBAN-checked and resolved on submit).
      const [v] = await addPayees(
        tx,
        [
          {
            accountId: r.accountId,
            name: r.accountName!,
            email: r.email,
            bankCode: r.bankCode!,
            bankName: r.bankName!,
            accountNumber: r.accountNumber!,
            accountName: r.accountName!,
            createdBy: userId,
          },
        ],
        'fail',
      );
      return v.id;
    }
  }
}

/**
 * POST /api/payout/quote/{ref}/payout: the reviewed bill becomes a payout (approval type `payout`)
 * to the vendor of its email; a vendor is created from the bill when there is none. A bill whose
 * bank account differs from the vendor's is refused: that change is the guarded bank change.
 */
export async function billToPayout(
  tx: Tx,
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    ref: string;
    walletId: string;
    categoryId?: string | null;
    scheduledDate?: string | null;
    afterCommit: AfterCommit;
  },
): Promise<string> {
  const [r] = await tx
    .select()
    .from(payoutQuotes)
    .where(and(eq(payoutQuotes.accountId, p.tenant.accountId), eq(payoutQuotes.reference, p.ref)))
    .for('update');
  if (!r) throw notFound('Bill');
  if (r.status === 'sent') throw conflict(BILL_MSG.alreadySent);
  if (r.status !== 'submitted') throw conflict(BILL_MSG.notSubmitted);
  const payeeId = await billPayeeId(tx, r, p.userId);
  const payoutId = await createPayout(tx, deps, {
    tenant: p.tenant,
    userId: p.userId,
    body: {
      payoutOption: 'standard',
      walletId: p.walletId,
      payeeId,
      amount: r.amountMinor!,
      currency: 'NGN',
      narration: `Bill ${r.invoiceNumber}`.slice(0, 100),
      categoryId: p.categoryId ?? null,
      scheduledDate: p.scheduledDate ?? null,
    },
    afterCommit: p.afterCommit,
    billId: r.id,
    extras: { channel: 'bill' },
  });
  await tx.update(payoutQuotes).set({ status: 'sent', payeeId, payoutId }).where(eq(payoutQuotes.id, r.id));
  return payoutId;
}

/**
 * PUT /api/payout/quote/{ref}/draft: a draft bill (from the inbox) gets its amount, invoice, due date
 * and vendor; it is paid to the vendor's approved account (copied now) and becomes `submitted`.
 */
export async function completeDraftBill(
  db: Db,
  p: { accountId: string; ref: string; body: z.output<typeof billDraftBody> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(payoutQuotes)
      .where(and(eq(payoutQuotes.accountId, p.accountId), eq(payoutQuotes.reference, p.ref)))
      .for('update');
    if (!r) throw notFound('Bill');
    if (r.status !== 'draft') throw conflict(BILL_DRAFT_MSG.notDraft);
    const [v] = await tx
      .select()
      .from(payees)
      .where(and(eq(payees.accountId, p.accountId), eq(payees.id, p.body.payeeId)));
    if (!v) throw fieldError('payeeId', 'Vendor not found');
    await tx
      .update(payoutQuotes)
      .set({
        status: 'submitted',
        payeeId: v.id,
        amountMinor: p.body.amount,
        description: p.body.description,
        invoiceNumber: p.body.invoiceNumber,
        dueDate: p.body.dueDate,
        bankCode: v.bankCode,
        bankName: v.bankName,
        accountNumber: v.accountNumber,
        accountName: v.accountName,
      })
      .where(eq(payoutQuotes.id, r.id));
  });
}
