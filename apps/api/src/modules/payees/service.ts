// Vendors (issue 23 §1): the spec's payees. A bank change is guarded (★): it waits for a second
// person's approval through the approvals engine (type payeeBankChange, four eyes always), the
// vendor's previous email is told at once, and payouts to the vendor go back to approval at once.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  fromMinor,
  PAYEE_MSG,
  type Payee,
  type PayeeDetail,
  type PayeeInput,
  type PayeeListQuery,
  type PayeeUpdate,
} from '@owo/contract';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { preparedPage } from '../../platform/list';
import { escapeLike } from '../../platform/text';
import { approvalOf } from '../approvals';
import { requestBankChange } from './bank-change';
import { isUniqueViolation, resolveBank } from './shared';
import { payeeOpenBills, payeePayments } from '../payouts';
import { payeeBankChanges, payees } from './tables';

type Row = typeof payees.$inferSelect;
type ChangeRow = typeof payeeBankChanges.$inferSelect;

const P = (name: string) => sql.placeholder(name);

function dto(r: Row, change: ChangeRow | null, requesterName: string | null): Payee {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    billingAddress: r.billingAddress,
    bankCode: r.bankCode,
    bankName: r.bankName,
    accountNumber: r.accountNumber,
    accountName: r.accountName,
    currency: r.currency,
    pendingBankChange: change
      ? {
          id: change.id,
          bankCode: change.bankCode,
          bankName: change.bankName,
          accountNumber: change.accountNumber,
          accountName: change.accountName,
          requestedAt: change.createdAt.toISOString(),
          requestedBy: requesterName ?? '',
        }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// ---- commands ----

export async function createPayee(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: PayeeInput & { email: string } },
): Promise<string> {
  const bank = await resolveBank(deps, p.body.bankCode, p.body.accountNumber);
  try {
    const [row] = await deps.db
      .insert(payees)
      .values({
        accountId: p.tenant.accountId,
        name: p.body.name,
        email: p.body.email,
        phone: p.body.phone || null,
        billingAddress: p.body.billingAddress || null,
        ...bank,
        createdBy: p.userId,
      })
      .returning({ id: payees.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('accountNumber', PAYEE_MSG.duplicateAccount);
    throw err;
  }
}

async function lockPayee(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [r] = await tx
    .select()
    .from(payees)
    .where(and(eq(payees.id, id), eq(payees.accountId, accountId)))
    .for('update');
  if (!r) throw notFound('Vendor');
  return r;
}

/**
 * PUT /api/payee/{id}: name, phone, billingAddress and email apply at once; a new bank account
 * (NUBAN-checked and resolved first) waits for approval. Answers whether a bank change was requested.
 */
export async function updatePayee(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; id: string; body: PayeeUpdate },
): Promise<{ bankChangeRequested: boolean; afterCommit: (() => Promise<void> | void)[] }> {
  const accountId = p.tenant.accountId;
  const [current] = await deps.db
    .select()
    .from(payees)
    .where(and(eq(payees.id, p.id), eq(payees.accountId, accountId)));
  if (!current) throw notFound('Vendor');
  const b = p.body;
  const wantsBank =
    b.bankCode !== undefined &&
    b.accountNumber !== undefined &&
    (b.bankCode !== current.bankCode || b.accountNumber !== current.accountNumber);
  const bank = wantsBank ? await resolveBank(deps, b.bankCode!, b.accountNumber!) : null;
  const after: (() => Promise<void> | void)[] = [];
  await deps.db.transaction(async (tx) => {
    const row = await lockPayee(tx, accountId, p.id);
    const previousEmail = row.email;
    await tx
      .update(payees)
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.email !== undefined ? { email: b.email } : {}),
        ...(b.phone !== undefined ? { phone: b.phone || null } : {}),
        ...(b.billingAddress !== undefined ? { billingAddress: b.billingAddress || null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(payees.id, row.id));
    if (!bank) return;
    if (bank.bankCode === row.bankCode && bank.accountNumber === row.accountNumber) return;
    await requestBankChange(tx, deps, {
      row: { ...row, name: b.name ?? row.name },
      bank,
      userId: p.userId,
      previousEmail,
      afterCommit: (fn) => after.push(fn),
    });
  });
  return { bankChangeRequested: !!bank, afterCommit: after };
}

// ---- reading ----

const PAYEE_LIST = {
  where: and(
    eq(payees.accountId, P('accountId')),
    sql`(${P('like')}::text is null or ${payees.name} ilike ${P('like')} or ${payees.email} ilike ${P('like')} or ${payees.accountNumber} ilike ${P('like')})`,
  )!,
  orderBy: [desc(payees.createdAt), desc(payees.id)],
  columns: {
    id: payees.id,
    accountId: payees.accountId,
    name: payees.name,
    email: payees.email,
    phone: payees.phone,
    billingAddress: payees.billingAddress,
    bankCode: payees.bankCode,
    bankName: payees.bankName,
    accountNumber: payees.accountNumber,
    accountName: payees.accountName,
    currency: payees.currency,
    foreignBank: payees.foreignBank,
    createdBy: payees.createdBy,
    createdAt: payees.createdAt,
    updatedAt: payees.updatedAt,
  },
};
const payeesPage = preparedPage('payees', payees, PAYEE_LIST);
const payeesCsvRows = preparedCsv('payees', payees, PAYEE_LIST);
const listParams = (accountId: string, q: PayeeListQuery) => ({
  accountId,
  like: q.search ? `%${escapeLike(q.search)}%` : null,
});

async function pendingChanges(db: DbOrTx, payeeIds: string[]) {
  if (!payeeIds.length) return new Map<string, ChangeRow>();
  const rows = await db
    .select()
    .from(payeeBankChanges)
    .where(and(inArray(payeeBankChanges.payeeId, payeeIds), eq(payeeBankChanges.status, 'pending')));
  return new Map(rows.map((r) => [r.payeeId, r]));
}

export async function listPayees(db: Db, accountId: string, q: PayeeListQuery) {
  const { rows, total } = await payeesPage(db, listParams(accountId, q), q);
  const changes = await pendingChanges(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => dto(r, changes.get(r.id) ?? null, null)), total };
}

const PAYEE_CSV: CsvColumn<Payee>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Billing address', value: (r) => r.billingAddress },
  { header: 'Bank', value: (r) => r.bankName },
  { header: 'Account number', value: (r) => r.accountNumber },
  { header: 'Account name', value: (r) => r.accountName },
  { header: 'Created', value: (r) => r.createdAt },
];

export const payeesCsv = (db: Db, accountId: string, q: PayeeListQuery) =>
  payeesCsvRows(db, listParams(accountId, q), (r) => dto(r, null, null), PAYEE_CSV);

export async function getPayee(
  db: Db,
  p: { accountId: string; id: string; viewerId: string },
): Promise<PayeeDetail> {
  const [row] = await db
    .select()
    .from(payees)
    .where(and(eq(payees.id, p.id), eq(payees.accountId, p.accountId)));
  if (!row) throw notFound('Vendor');
  const change = (await pendingChanges(db, [row.id])).get(row.id) ?? null;
  let requester: string | null = null;
  if (change) {
    const r = await db.execute(
      sql`select trim(first_name || ' ' || last_name) as name from users where id = ${change.requestedBy}`,
    );
    requester = (r.rows[0] as { name?: string } | undefined)?.name ?? null;
  }
  const [lastChange] = await db
    .select({ id: payeeBankChanges.id })
    .from(payeeBankChanges)
    .where(eq(payeeBankChanges.payeeId, row.id))
    .orderBy(desc(payeeBankChanges.createdAt))
    .limit(1);
  const payments = await payeePayments(db, { accountId: p.accountId, payeeId: row.id, limit: 20 });
  return {
    ...dto(row, change, requester),
    payments: payments.map((x) => ({ ...x, amount: fromMinor(x.amountMinor) })),
    openBills: await payeeOpenBills(db, {
      accountId: p.accountId,
      payeeId: row.id,
      email: row.email,
      limit: 20,
    }),
    bankChangeApproval: lastChange
      ? await approvalOf(db, {
          accountId: p.accountId,
          type: 'payeeBankChange',
          resourceId: lastChange.id,
          viewerId: p.viewerId,
        })
      : null,
  };
}
