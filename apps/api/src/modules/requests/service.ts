// Fund requests (issue 23 §0 "Requests"; 000 §4.4): a member asks the company to pay money out for
// a purpose, to a vendor or to themselves. Approved through the approvals engine as type `request`.
// The approver's choice (pay, approve only, schedule) is stored inside the engine's decision
// transaction (`decide`'s `within`), and the final approval acts on it: pay or schedule creates a
// payout through the payouts module (`createApprovedPayout`), which holds through the money core.
// "Request more info" is the engine's rejection; the maker answers it with the engine's resolve.
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  formatMoney,
  fromMinor,
  REQUEST_MSG,
  REQUEST_STATUSES,
  type FundRequest,
  type FundRequestDetail,
  type RequestStatus,
} from '@owo/contract';
import type { z } from 'zod';
import type { fundRequestBody, fundRequestDecisionBody, fundRequestListQuery } from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { preparedPage } from '../../platform/list';
import { users, approvalItems } from '../../platform/schema';
import { escapeLike, newReference } from '../../platform/text';
import { lagosToday } from '../../platform/dates';
import { approvalOf, decide, registerApprovable, submitForApproval, type HandlerContext } from '../approvals';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { getWallet, outflowManifest, type OutflowDraft } from '../money';
import { createNotification } from '../notifications';
import { createApprovedPayout, payoutStatuses } from '../payouts';
import { payees } from '../payees/tables';
import { fundRequests } from './tables';

type Row = typeof fundRequests.$inferSelect;
type Body = z.output<typeof fundRequestBody>;
type DecisionBody = z.output<typeof fundRequestDecisionBody>;
type ListQuery = z.output<typeof fundRequestListQuery>;

const P = (name: string) => sql.placeholder(name);

async function notify(tx: DbOrTx, r: Row, topic: string, value: string, userIds?: string[]) {
  await createNotification(tx, {
    accountId: r.accountId,
    topic,
    value,
    props: { requestReference: r.reference },
    category: 'approvals',
    ...(userIds ? { userIds } : {}),
  });
}

async function lockRequest(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [r] = await tx
    .select()
    .from(fundRequests)
    .where(and(eq(fundRequests.id, id), eq(fundRequests.accountId, accountId)))
    .for('update');
  if (!r) throw notFound('Request');
  return r;
}

/** The vendor a self-payee request pays: the company's vendor with that bank account, else a new one. */
async function selfPayeeId(tx: Tx, r: Row): Promise<string> {
  const [maker] = await tx.select({ email: users.email }).from(users).where(eq(users.id, r.makerUserId));
  await tx
    .insert(payees)
    .values({
      accountId: r.accountId,
      name: r.accountName,
      email: maker?.email ?? '',
      bankCode: r.bankCode,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
      createdBy: r.makerUserId,
    })
    .onConflictDoNothing();
  const [v] = await tx
    .select({ id: payees.id })
    .from(payees)
    .where(
      and(
        eq(payees.accountId, r.accountId),
        eq(payees.bankCode, r.bankCode),
        eq(payees.accountNumber, r.accountNumber),
      ),
    );
  return v.id;
}

/**
 * What a request pays (money/outflow.ts): the amount, wallet and bank account the approvers saw on
 * it, dated by the approver's choice. Its final approval digests this; its payout pays exactly it.
 */
function requestDraft(r: Row, decision: Row['decision'], scheduledDate: string | null): OutflowDraft {
  return {
    amountMinor: r.amountMinor,
    currency: r.currency,
    walletId: r.walletId,
    bankCode: r.bankCode,
    bankName: r.bankName,
    accountNumber: r.accountNumber,
    accountName: r.accountName,
    payee: r.payeeKind === 'vendor' ? r.payeeId : null,
    date: decision === 'schedule' ? scheduledDate : null,
  };
}

/** Creates and pays (or schedules) the request's payout: the final approval's path and "pay now". */
async function payRequest(
  tx: Tx,
  deps: AppDeps,
  r: Row,
  decision: 'pay' | 'schedule',
  scheduledDate: string | null,
  afterCommit: (fn: () => Promise<void> | void) => void,
) {
  const payeeId = r.payeeKind === 'vendor' && r.payeeId ? r.payeeId : await selfPayeeId(tx, r);
  const payout = await createApprovedPayout(tx, deps, {
    accountId: r.accountId,
    subsidiaryId: r.subsidiaryId,
    makerUserId: r.makerUserId,
    payeeId,
    walletId: r.walletId,
    currency: r.currency,
    amountMinor: r.amountMinor,
    narration: r.narration,
    scheduledDate: decision === 'schedule' ? scheduledDate : null,
    afterCommit,
    authority: { approval: 'request', resourceId: r.id, draft: requestDraft(r, decision, scheduledDate) },
  });
  const status: RequestStatus =
    payout.status === 'scheduled' ? 'scheduled' : payout.status === 'failed' ? 'failed' : 'paying';
  await tx
    .update(fundRequests)
    .set({ status, decision, payoutId: payout.id, updatedAt: sql`now()` })
    .where(eq(fundRequests.id, r.id));
  const money = formatMoney(r.amountMinor, r.currency);
  await notify(
    tx,
    r,
    status === 'scheduled' ? 'Request Scheduled' : status === 'failed' ? 'Request Failed' : 'Request Paid',
    status === 'scheduled'
      ? `Your request ${r.reference} for ${money} was approved; payment is scheduled for ${scheduledDate}.`
      : status === 'failed'
        ? `Your request ${r.reference} for ${money} was approved but the payment could not be made.`
        : `Your request ${r.reference} for ${money} was approved and the payment is on its way.`,
    [r.makerUserId],
  );
}

/** POST /api/requests/{ref}/pay: pays an "Approve only" request now, once (row lock + status). */
export async function payApprovedRequest(
  deps: AppDeps,
  p: { tenant: TenantContext; ref: string },
): Promise<{ afterCommit: (() => Promise<void> | void)[] }> {
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: fundRequests.id })
      .from(fundRequests)
      .where(and(eq(fundRequests.reference, p.ref), eq(fundRequests.accountId, p.tenant.accountId)));
    if (!found) throw notFound('Request');
    const r = await lockRequest(tx, p.tenant.accountId, found.id);
    if (r.status !== 'approved' || r.payoutId) throw conflict(REQUEST_MSG.notApprovedOnly);
    await payRequest(tx, deps, r, 'pay', null, (fn) => after.push(fn));
  });
  return { afterCommit: after };
}

export function registerRequestApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'request',
    // Digested at each approving decision, after the approver's choice (`within`) is stored.
    manifest: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(fundRequests)
        .where(and(eq(fundRequests.id, id), eq(fundRequests.accountId, accountId)));
      return r ? outflowManifest(db, accountId, requestDraft(r, r.decision, r.scheduledDate)) : null;
    },
    load: async (db, accountId, id) => {
      const [r] = await db
        .select()
        .from(fundRequests)
        .where(and(eq(fundRequests.id, id), eq(fundRequests.accountId, accountId)));
      if (!r) return null;
      return {
        amountMinor: r.amountMinor,
        currency: r.currency,
        payee: `${r.accountName} (${r.bankName} ${r.accountNumber})`,
        description: r.narration,
        categoryId: null,
        subsidiaryId: r.subsidiaryId,
        makerUserId: r.makerUserId,
        reference: r.reference,
      };
    },
    onFinalApproval: async ({ tx, deps: d, item, afterCommit }: HandlerContext) => {
      const r = await lockRequest(tx, item.accountId, item.resourceId);
      if (r.status !== 'pending' || r.payoutId) return;
      // An auto-approval (AP policy) or a plain engine approval carries no choice: approve only.
      const decision = r.decision ?? 'approve';
      if (decision === 'approve') {
        await tx
          .update(fundRequests)
          .set({ status: 'approved', decision, updatedAt: sql`now()` })
          .where(eq(fundRequests.id, r.id));
        await notify(tx, r, 'Request Approved', `Your request ${r.reference} was approved.`, [r.makerUserId]);
        return;
      }
      await payRequest(tx, d, r, decision === 'schedule' ? 'schedule' : 'pay', r.scheduledDate, afterCommit);
    },
    onRejection: async ({ tx, item }) => {
      const r = await lockRequest(tx, item.accountId, item.resourceId);
      await tx
        .update(fundRequests)
        .set({ status: 'moreInfo', decision: null, scheduledDate: null, updatedAt: sql`now()` })
        .where(eq(fundRequests.id, r.id));
      await notify(tx, r, 'Request More Info', `More information is needed on your request ${r.reference}.`, [
        r.makerUserId,
      ]);
    },
    onResolve: async ({ tx, item }) => {
      await tx
        .update(fundRequests)
        .set({ status: 'pending', updatedAt: sql`now()` })
        .where(and(eq(fundRequests.id, item.resourceId), eq(fundRequests.accountId, item.accountId)));
    },
  });
}

// ---- commands ----

/** POST /api/requests. Bank lookups run before the transaction (never inside one). */
export async function createFundRequest(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: Body },
): Promise<{ reference: string; afterCommit: (() => Promise<void> | void)[] }> {
  const { body, tenant } = p;
  const accountId = tenant.accountId;
  let own: { bankCode: string; bankName: string; accountNumber: string; accountName: string } | null = null;
  if (!body.payeeId) {
    const r = await resolveAccountName(deps, {
      accountNumber: body.accountNumber!,
      bankCode: body.bankCode!,
    });
    if (!r.bank) throw fieldError('bankCode', UNKNOWN_BANK);
    if (!r.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
    own = {
      bankCode: r.bank.code,
      bankName: r.bank.name,
      accountNumber: body.accountNumber!,
      accountName: r.accountName,
    };
  }
  const after: (() => Promise<void> | void)[] = [];
  const reference = await deps.db.transaction(async (tx) => {
    const wallet = await getWallet(tx, accountId, body.walletId);
    if (!wallet) throw fieldError('walletId', REQUEST_MSG.selectWallet);
    if (wallet.currency !== body.currency)
      throw fieldError('currency', `The selected wallet holds ${wallet.currency}, not ${body.currency}`);
    if (wallet.currency !== 'NGN') throw fieldError('walletId', REQUEST_MSG.ngnOnly);
    let payee: { id: string | null; name: string } & NonNullable<typeof own>;
    if (body.payeeId) {
      const [v] = await tx
        .select()
        .from(payees)
        .where(and(eq(payees.id, body.payeeId), eq(payees.accountId, accountId)));
      if (!v) throw fieldError('payeeId', REQUEST_MSG.payeeNotFound);
      payee = { ...v, id: v.id };
    } else {
      payee = { ...own!, id: null, name: own!.accountName };
    }
    const [maker] = await tx
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, p.userId));
    const [row] = await tx
      .insert(fundRequests)
      .values({
        accountId,
        subsidiaryId: subsidiaryForWrite(tenant),
        reference: newReference('req'),
        makerUserId: p.userId,
        makerName: `${maker?.first ?? ''} ${maker?.last ?? ''}`.trim(),
        walletId: wallet.id,
        currency: wallet.currency,
        amountMinor: body.amount,
        purpose: body.purpose,
        narration: body.narration,
        payeeKind: body.payeeId ? 'vendor' : 'self',
        payeeId: payee.id,
        payeeName: payee.name,
        bankCode: payee.bankCode,
        bankName: payee.bankName,
        accountNumber: payee.accountNumber,
        accountName: payee.accountName,
      })
      .returning();
    await notify(
      tx,
      row,
      'Fund Request',
      `${row.makerName || 'A member'} requested ${formatMoney(row.amountMinor, row.currency)}: ${row.narration}`,
    );
    await submitForApproval(tx, deps, {
      accountId,
      type: 'request',
      resourceId: row.id,
      afterCommit: (fn) => after.push(fn),
    });
    return row.reference;
  });
  return { reference, afterCommit: after };
}

/** POST /api/requests/{ref}/decision: the approver's choice, recorded with the engine's decision. */
export async function decideFundRequest(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; ref: string; body: DecisionBody },
): Promise<{ afterCommit: (() => Promise<void> | void)[] }> {
  const { body } = p;
  const accountId = p.tenant.accountId;
  const [r] = await deps.db
    .select({ id: fundRequests.id, item: approvalItems.id, itemStatus: approvalItems.status })
    .from(fundRequests)
    .leftJoin(
      approvalItems,
      and(
        eq(approvalItems.accountId, fundRequests.accountId),
        eq(approvalItems.type, 'request'),
        eq(approvalItems.resourceId, fundRequests.id),
      ),
    )
    .where(and(eq(fundRequests.reference, p.ref), eq(fundRequests.accountId, accountId)));
  if (!r) throw notFound('Request');
  if (!r.item || r.itemStatus !== 'pending') throw conflict(REQUEST_MSG.notPending);
  if (body.decision === 'schedule' && body.scheduledDate! <= lagosToday())
    throw fieldError('scheduledDate', REQUEST_MSG.scheduledDatePast);
  const res = await decide(deps, {
    accountId,
    userId: p.userId,
    approvalId: r.item,
    approvalStatus: body.decision === 'moreInfo' ? 'rejected' : 'approved',
    comments: body.comments,
    within: async (tx) => {
      const row = await lockRequest(tx, accountId, r.id);
      if (row.status !== 'pending') throw conflict(REQUEST_MSG.notPending);
      if (body.decision === 'moreInfo') return;
      // The choice of the last approver decides; an earlier level's choice is overwritten.
      await tx
        .update(fundRequests)
        .set({
          decision: body.decision,
          scheduledDate: body.decision === 'schedule' ? body.scheduledDate! : null,
          updatedAt: sql`now()`,
        })
        .where(eq(fundRequests.id, row.id));
    },
  });
  return { afterCommit: res.afterCommit };
}

// ---- reading ----

function dto(r: Row, payout?: { status: string; transactionId: string | null }): FundRequest {
  let status: RequestStatus = r.status;
  if (r.status === 'paying' && payout)
    status = payout.status === 'completed' ? 'completed' : payout.status === 'failed' ? 'failed' : 'paying';
  if (r.status === 'scheduled' && payout && ['paying', 'completed', 'failed'].includes(payout.status))
    status = payout.status as RequestStatus;
  return {
    id: r.id,
    reference: r.reference,
    status,
    approvalStatus: null,
    amount: fromMinor(r.amountMinor),
    amountMinor: r.amountMinor,
    currency: r.currency,
    walletId: r.walletId,
    purpose: r.purpose,
    narration: r.narration,
    payeeKind: r.payeeKind,
    payee: {
      id: r.payeeId,
      name: r.payeeName,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
    },
    decision: r.decision,
    scheduledDate: r.scheduledDate,
    payoutId: r.payoutId,
    transactionId: payout?.transactionId ?? null,
    maker: { id: r.makerUserId, name: r.makerName },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function withPayouts(db: DbOrTx, accountId: string, rows: Row[]): Promise<FundRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.payoutId).filter((x): x is string => !!x);
  const st = await payoutStatuses(db, accountId, ids);
  const items = await db
    .select({ resourceId: approvalItems.resourceId, status: approvalItems.status })
    .from(approvalItems)
    .where(
      and(
        eq(approvalItems.accountId, accountId),
        eq(approvalItems.type, 'request'),
        inArray(
          approvalItems.resourceId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const ap = new Map(items.map((i) => [i.resourceId, i.status]));
  return rows.map((r) => ({
    ...dto(r, r.payoutId ? st.get(r.payoutId) : undefined),
    approvalStatus: ap.get(r.id) ?? null,
  }));
}

const REQUEST_LIST = {
  where: and(
    eq(fundRequests.accountId, P('accountId')),
    sql`(${P('subsidiaryId')}::uuid is null or ${fundRequests.subsidiaryId} = ${P('subsidiaryId')}::uuid)`,
    sql`(${P('status')}::text is null or ${fundRequests.status} = ${P('status')})`,
    sql`(${P('like')}::text is null or ${fundRequests.reference} ilike ${P('like')} or ${fundRequests.narration} ilike ${P('like')} or ${fundRequests.payeeName} ilike ${P('like')} or ${fundRequests.makerName} ilike ${P('like')})`,
    sql`(${P('from')}::timestamptz is null or ${fundRequests.createdAt} >= ${P('from')}::timestamptz)`,
    sql`(${P('to')}::timestamptz is null or ${fundRequests.createdAt} < ${P('to')}::timestamptz)`,
  )!,
  orderBy: [desc(fundRequests.createdAt), desc(fundRequests.id)],
  columns: getTableColumns(fundRequests),
};
const requestsPage = preparedPage('fund_requests', fundRequests, REQUEST_LIST);
const requestsCsvRows = preparedCsv('fund_requests', fundRequests, REQUEST_LIST);

const lagosStart = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00+01:00` : d);
const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;

/** The list kit's `where` JSON ({ status? }) folded into the query. */
function whereStatus(q: ListQuery): ListQuery['status'] {
  if (q.status || !q.where?.trim()) return q.status;
  let w: unknown;
  try {
    w = JSON.parse(q.where);
  } catch {
    throw fieldError('where', 'where must be a JSON object');
  }
  if (!w || typeof w !== 'object' || Array.isArray(w))
    throw fieldError('where', 'where must be a JSON object');
  const { status } = w as { status?: unknown };
  if (status !== undefined && !(REQUEST_STATUSES as readonly unknown[]).includes(status))
    throw fieldError('where', 'Unknown status');
  return status as ListQuery['status'];
}

function listParams(tenant: TenantContext, q: ListQuery) {
  // Stored status: 'paying' covers requests whose payout has since completed or failed.
  const s = whereStatus(q);
  const status = s === 'completed' || s === 'failed' ? 'paying' : (s ?? null);
  const since = q.period ? new Date(Date.now() - PERIOD_MS[q.period]) : null;
  const from = q.from ? lagosStart(q.from) : null;
  const start = since && (!from || since > from) ? since : from;
  return {
    accountId: tenant.accountId,
    subsidiaryId: tenant.subsidiaryId ?? null,
    status,
    like: q.search ? `%${escapeLike(q.search)}%` : null,
    from: start ? start.toISOString() : null,
    to: q.to
      ? q.to.length === 10
        ? new Date(lagosStart(q.to).getTime() + 86_400_000).toISOString()
        : new Date(q.to).toISOString()
      : null,
  };
}

export async function listFundRequests(db: Db, tenant: TenantContext, q: ListQuery) {
  const { rows, total } = await requestsPage(db, listParams(tenant, q), q);
  return { items: await withPayouts(db, tenant.accountId, rows as Row[]), total };
}

const REQUEST_CSV: CsvColumn<FundRequest>[] = [
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Status', value: (r) => r.status },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Purpose', value: (r) => r.purpose },
  { header: 'Narration', value: (r) => r.narration },
  { header: 'Payee', value: (r) => r.payee.name },
  { header: 'Bank', value: (r) => r.payee.bankName },
  { header: 'Account number', value: (r) => r.payee.accountNumber },
  { header: 'Requested by', value: (r) => r.maker.name },
  { header: 'Created', value: (r) => r.createdAt },
];

export const fundRequestsCsv = (db: Db, tenant: TenantContext, q: ListQuery) =>
  requestsCsvRows(db, listParams(tenant, q), (r) => dto(r as Row), REQUEST_CSV);

export async function getFundRequest(
  db: Db,
  p: { tenant: TenantContext; ref: string; viewerId: string },
): Promise<FundRequestDetail> {
  const [r] = await db
    .select()
    .from(fundRequests)
    .where(
      and(
        eq(fundRequests.reference, p.ref),
        eq(fundRequests.accountId, p.tenant.accountId),
        p.tenant.subsidiaryId ? eq(fundRequests.subsidiaryId, p.tenant.subsidiaryId) : undefined,
      ),
    );
  if (!r) throw notFound('Request');
  const [out] = await withPayouts(db, p.tenant.accountId, [r]);
  return {
    ...out,
    approvalWorkflowPendingApprovalItem: await approvalOf(db, {
      accountId: p.tenant.accountId,
      type: 'request',
      resourceId: r.id,
      viewerId: p.viewerId,
    }),
  };
}
