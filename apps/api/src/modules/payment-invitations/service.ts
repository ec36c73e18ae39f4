// Payment invitations, the company's side (issue 23 §0): create (mails the payer a single-use link
// whose 128-bit reference is kept only as its SHA-256), list with the list kit, cancel, resend (a new
// reference: the old link stops working). Every query is scoped by the tenant's account.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatMoney,
  fromMinor,
  PAYMENT_INVITATION_MAX_DAYS,
  PAYMENT_INVITATION_MSG,
  PAYMENT_INVITATION_TTL_DAYS,
  type PaymentInvitation,
  type PaymentInvitationStatus,
  type paymentInvitationBody,
  type paymentInvitationListQuery,
} from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { preparedPage } from '../../platform/list';
import { accounts } from '../../platform/schema';
import { sha256 } from '../../platform/tokens';
import { escapeLike } from '../../platform/text';
import { getFundingAccount } from '../funding';
import { sendMail } from '../mail';
import { getWalletByCurrency } from '../money';
import { paymentInvitations } from './tables';

export type Row = typeof paymentInvitations.$inferSelect;
type Body = z.output<typeof paymentInvitationBody>;
type ListQuery = z.output<typeof paymentInvitationListQuery>;

const P = (name: string) => sql.placeholder(name);
const DAY_MS = 86_400_000;

/** 128 random bits, hex: the reference in the mailed link. Only its SHA-256 is stored. */
export const newRef = () => randomBytes(16).toString('hex');
export const hashRef = (ref: string) => sha256(ref);

const PAY_REF_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U
/**
 * The payment reference the payer writes in the transfer's narration: `PAY` + 10 base32 characters
 * (50 random bits, unique). Not a secret (it does not open the link); it is what a deposit is
 * matched by.
 */
export function newPayRef(): string {
  const b = randomBytes(10);
  return `PAY${[...b].map((x) => PAY_REF_ALPHABET[x % 32]).join('')}`;
}

/** A pending invitation past its expiry is `expired`; a payer-confirmed one waits for the money. */
export function effectiveStatus(
  r: Pick<Row, 'status' | 'expiresAt'>,
  now = Date.now(),
): PaymentInvitationStatus {
  return r.status === 'pending' && r.expiresAt.getTime() <= now ? 'expired' : r.status;
}

export const dto = (r: Row): PaymentInvitation => ({
  id: r.id,
  payerName: r.payerName,
  payerEmail: r.payerEmail,
  amount: fromMinor(r.amountMinor),
  amountMinor: r.amountMinor,
  currency: r.currency,
  note: r.note,
  status: effectiveStatus(r),
  method: r.method,
  wirePurpose: r.wirePurpose,
  narration: r.narration,
  paymentReference: r.payRef,
  transactionId: r.transactionId,
  expiresAt: r.expiresAt.toISOString(),
  confirmedAt: r.confirmedAt?.toISOString() ?? null,
  paidAt: r.paidAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export async function companyName(db: DbOrTx, accountId: string) {
  const [a] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return a?.name ?? '';
}

/** End of the given Lagos day (23:59:59.999 WAT), or now + the default TTL. */
function expiryOf(expiresAt: string | null | undefined): Date {
  if (!expiresAt) return new Date(Date.now() + PAYMENT_INVITATION_TTL_DAYS * DAY_MS);
  const end = new Date(new Date(`${expiresAt}T00:00:00+01:00`).getTime() + DAY_MS - 1);
  if (end.getTime() < Date.now() + DAY_MS / 24)
    throw fieldError('expiresAt', PAYMENT_INVITATION_MSG.expiresAtPast);
  if (end.getTime() > Date.now() + (PAYMENT_INVITATION_MAX_DAYS + 1) * DAY_MS)
    throw fieldError('expiresAt', PAYMENT_INVITATION_MSG.expiresAtTooFar);
  return end;
}

async function mailLink(deps: AppDeps, tx: DbOrTx, r: Row, ref: string) {
  const company = await companyName(tx, r.accountId);
  const amount = formatMoney(r.amountMinor, r.currency);
  const until = r.expiresAt.toLocaleDateString('en-GB', { timeZone: 'Africa/Lagos' });
  await sendMail(
    deps,
    {
      to: r.payerEmail,
      subject: `${company} requests a payment of ${amount}`,
      text: `Hello ${r.payerName},\n\n${company} asks you to pay ${amount}.${r.note ? `\n\nNote from ${company}: ${r.note}` : ''}\n\nPayment reference: ${r.payRef}. Put it in your transfer's narration: the payment is matched by it.\n\nSee how to pay and tell ${company} once you have sent the money (the link works for this payment only, until ${until}): ${deps.config.appUrl}/payment-invitation/${ref}\n\nOwo`,
    },
    tx,
  );
}

/**
 * USD/GBP: the payer pays into the wallet's receiving details, so the company needs a wallet in that
 * currency and the provider must issue them (they are issued here when the sweep has not yet).
 */
async function checkForeignReceiving(deps: AppDeps, accountId: string, currency: 'USD' | 'GBP') {
  const wallet = await getWalletByCurrency(deps.db, accountId, currency);
  if (!wallet) throw fieldError('currency', PAYMENT_INVITATION_MSG.foreignWalletMissing);
  try {
    await getFundingAccount(deps, accountId, wallet.id);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 422)
      throw fieldError('currency', PAYMENT_INVITATION_MSG.foreignUnavailable);
    throw err;
  }
}

/** POST /api/payment-invitations. USD/GBP need the wallet's receiving details (checkForeignReceiving). */
export async function createPaymentInvitation(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: Body },
): Promise<PaymentInvitation> {
  if (p.body.currency !== 'NGN') await checkForeignReceiving(deps, p.tenant.accountId, p.body.currency);
  const expiresAt = expiryOf(p.body.expiresAt);
  const ref = newRef();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentInvitations)
      .values({
        accountId: p.tenant.accountId,
        refHash: hashRef(ref),
        payRef: newPayRef(),
        payerName: p.body.payerName,
        payerEmail: p.body.payerEmail.toLowerCase(),
        amountMinor: p.body.amount,
        currency: p.body.currency,
        note: p.body.note || null,
        createdBy: p.userId,
        expiresAt,
      })
      .returning();
    await mailLink(deps, tx, row, ref);
    return dto(row);
  });
}

async function ownRow(db: DbOrTx, accountId: string, id: string, lock = false): Promise<Row> {
  const q = db
    .select()
    .from(paymentInvitations)
    .where(and(eq(paymentInvitations.id, id), eq(paymentInvitations.accountId, accountId)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw notFound('Payment invitation');
  return r;
}

export async function getPaymentInvitation(db: Db, accountId: string, id: string) {
  return dto(await ownRow(db, accountId, id));
}

/** POST /api/payment-invitations/{id}/cancel: pending (even expired) or payer-confirmed only. */
export async function cancelPaymentInvitation(db: Db, accountId: string, id: string) {
  return db.transaction(async (tx) => {
    const r = await ownRow(tx, accountId, id, true);
    if (r.status !== 'pending' && r.status !== 'payerConfirmed')
      throw conflict(PAYMENT_INVITATION_MSG.notCancellable);
    const [u] = await tx
      .update(paymentInvitations)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(paymentInvitations.id, r.id))
      .returning();
    return dto(u);
  });
}

/**
 * POST /api/payment-invitations/{id}/resend: a pending invitation (even expired) gets a NEW
 * reference (the old link stops working: only its hash was kept) and a fresh default expiry.
 */
export async function resendPaymentInvitation(deps: AppDeps, accountId: string, id: string) {
  const ref = newRef();
  return deps.db.transaction(async (tx) => {
    const r = await ownRow(tx, accountId, id, true);
    if (r.status !== 'pending') throw conflict(PAYMENT_INVITATION_MSG.notResendable);
    const expiresAt = new Date(
      Math.max(r.expiresAt.getTime(), Date.now() + PAYMENT_INVITATION_TTL_DAYS * DAY_MS),
    );
    const [u] = await tx
      .update(paymentInvitations)
      .set({ refHash: hashRef(ref), expiresAt, updatedAt: new Date() })
      .where(eq(paymentInvitations.id, r.id))
      .returning();
    await mailLink(deps, tx, u, ref);
    return dto(u);
  });
}

// ---- list (the list kit: one query for the page and its CSV) ----

const t = paymentInvitations;
const LIST = {
  where: and(
    eq(t.accountId, P('accountId')),
    sql`(${P('status')}::text is null or (case when ${t.status} = 'pending' and ${t.expiresAt} <= now() then 'expired' else ${t.status} end) = ${P('status')}::text)`,
    sql`(${P('like')}::text is null or ${t.payerName} ilike ${P('like')} or ${t.payerEmail} ilike ${P('like')} or ${t.note} ilike ${P('like')})`,
    sql`(${P('from')}::timestamptz is null or ${t.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${t.createdAt} < ${P('to')}::timestamptz)`,
  )!,
  orderBy: [desc(t.createdAt), desc(t.id)],
  columns: getTableColumns(t),
};
const invitationsPage = preparedPage('payment_invitations', t, LIST);
const invitationsCsvRows = preparedCsv('payment_invitations', t, LIST);

const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);
const PERIOD_MS = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS } as const;
const STATUSES = ['pending', 'payerConfirmed', 'paid', 'expired', 'cancelled'];

/** The list kit's `where` JSON ({ status? }) folded into the query. */
function statusOf(q: ListQuery): string | null {
  if (q.status) return q.status;
  if (!q.where?.trim()) return null;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status } = w as { status?: unknown };
  if (status === undefined || status === null || status === '') return null;
  if (typeof status !== 'string' || !STATUSES.includes(status)) throw fieldError('where', 'Unknown status');
  return status;
}

function listParams(accountId: string, q: ListQuery) {
  const since = q.period ? new Date(Date.now() - PERIOD_MS[q.period]) : null;
  const from = q.from ? lagosStart(q.from) : null;
  const start = since && (!from || since > from) ? since : from;
  return {
    accountId,
    status: statusOf(q),
    like: q.search ? `%${escapeLike(q.search)}%` : null,
    from: start ? start.toISOString() : null,
    to: q.to
      ? q.to.length === 10
        ? new Date(lagosStart(q.to).getTime() + DAY_MS).toISOString()
        : new Date(q.to).toISOString()
      : null,
  };
}

export async function listPaymentInvitations(db: Db, accountId: string, q: ListQuery) {
  const { rows, total } = await invitationsPage(db, listParams(accountId, q), q);
  return { items: (rows as Row[]).map(dto), total };
}

const CSV: CsvColumn<PaymentInvitation>[] = [
  { header: 'Payer', value: (r) => r.payerName },
  { header: 'Email', value: (r) => r.payerEmail },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Status', value: (r) => r.status },
  { header: 'Note', value: (r) => r.note ?? '' },
  { header: 'Transaction', value: (r) => r.transactionId ?? '' },
  { header: 'Expires', value: (r) => r.expiresAt },
  { header: 'Paid', value: (r) => r.paidAt ?? '' },
  { header: 'Created', value: (r) => r.createdAt },
];

export const paymentInvitationsCsv = (db: Db, accountId: string, q: ListQuery) =>
  invitationsCsvRows(db, listParams(accountId, q), (r) => dto(r as Row), CSV);
