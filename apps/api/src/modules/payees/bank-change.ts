// A vendor's bank change (issue 23 §1, guarded ★): it waits for a second person's approval through
// the approvals engine (type payeeBankChange, four eyes always), the vendor's previous email is told
// at once, and payouts to the vendor go back to approval at once (and again when it is approved).
import { and, eq, sql } from 'drizzle-orm';
import { PAYEE_MSG } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { newReference } from '../../platform/text';
import { sendMail } from '../mail';
import {
  registerApprovable,
  submitForApproval,
  type ApprovalSubject,
  type HandlerContext,
} from '../approvals';
import { returnPayoutsToApproval } from '../payouts';
import { maskedBank } from '../audit';
import { isUniqueViolation } from './shared';
import { payeeBankChanges, payees, type PayeeLinkDetails } from './tables';

type Row = typeof payees.$inferSelect;
type ChangeRow = typeof payeeBankChanges.$inferSelect;
type AfterCommit = (fn: () => Promise<void> | void) => void;

type BankAccount = { bankCode: string; bankName: string; accountNumber: string; accountName: string };

async function lockChange(tx: DbOrTx, accountId: string, id: string): Promise<ChangeRow> {
  const [c] = await tx
    .select()
    .from(payeeBankChanges)
    .where(and(eq(payeeBankChanges.id, id), eq(payeeBankChanges.accountId, accountId)))
    .for('update');
  if (!c) throw notFound('Bank change');
  return c;
}

/** The change as the approvals engine shows it: the vendor, the new account, what changes. */
async function bankChangeSubject(db: DbOrTx, accountId: string, id: string): Promise<ApprovalSubject | null> {
  const [r] = await db
    .select({ c: payeeBankChanges, name: payees.name, oldBank: payees.bankName })
    .from(payeeBankChanges)
    .innerJoin(payees, eq(payees.id, payeeBankChanges.payeeId))
    .where(and(eq(payeeBankChanges.id, id), eq(payeeBankChanges.accountId, accountId)));
  if (!r) return null;
  return {
    amountMinor: 0,
    currency: 'NGN',
    payee: `${r.name}: ${r.c.accountName} (${r.c.bankName} ${r.c.accountNumber})`,
    description: [
      r.c.bankCode !== r.c.previousBankCode || r.c.accountNumber !== r.c.previousAccountNumber
        ? `Bank account change from ${r.oldBank} ${r.c.previousAccountNumber} to ${r.c.bankName} ${r.c.accountNumber}`
        : null,
      r.c.details
        ? `Details change (from the vendor's link): ${r.c.details.name}, ${r.c.details.email}${r.c.details.phone ? `, ${r.c.details.phone}` : ''}${r.c.details.billingAddress ? `, ${r.c.details.billingAddress}` : ''}`
        : null,
    ]
      .filter(Boolean)
      .join('; '),
    categoryId: null,
    subsidiaryId: null,
    makerUserId: r.c.requestedBy,
    reference: r.c.reference,
  };
}

/** The final approval: the vendor takes the new account (and details); unpaid payouts go back to approval. */
async function applyBankChange({ tx, deps: d, item, afterCommit, auditChange }: HandlerContext) {
  const c = await lockChange(tx, item.accountId, item.resourceId);
  if (c.status !== 'pending') return;
  const [old] = await tx.select().from(payees).where(eq(payees.id, c.payeeId));
  // the approval's audit row: the vendor's bank account before and after, masked
  auditChange?.({ payeeId: c.payeeId, bank: maskedBank(old) }, { payeeId: c.payeeId, bank: maskedBank(c) });
  try {
    await tx.transaction(async (sp) => {
      await sp
        .update(payees)
        .set({
          bankCode: c.bankCode,
          bankName: c.bankName,
          accountNumber: c.accountNumber,
          accountName: c.accountName,
          ...(c.details
            ? {
                name: c.details.name,
                email: c.details.email,
                phone: c.details.phone,
                billingAddress: c.details.billingAddress,
              }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(payees.id, c.payeeId));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PAYEE_MSG.duplicateAccount);
    throw err;
  }
  await tx
    .update(payeeBankChanges)
    .set({ status: 'approved', decidedAt: sql`now()` })
    .where(eq(payeeBankChanges.id, c.id));
  // Payouts not yet paid are approved again against the new account.
  if (c.bankCode === c.previousBankCode && c.accountNumber === c.previousAccountNumber) return;
  await returnPayoutsToApproval(tx, d, {
    accountId: item.accountId,
    payeeId: c.payeeId,
    userId: c.requestedBy,
    comments: 'The vendor’s new bank account was approved',
    afterCommit,
  });
}

export function registerPayeeApprovals(deps: AppDeps) {
  registerApprovable(deps, {
    type: 'payeeBankChange',
    alwaysFourEyes: true,
    load: bankChangeSubject,
    onFinalApproval: applyBankChange,
    onRejection: async ({ tx, item }) => {
      await tx
        .update(payeeBankChanges)
        .set({ status: 'rejected', decidedAt: sql`now()` })
        .where(and(eq(payeeBankChanges.id, item.resourceId), eq(payeeBankChanges.accountId, item.accountId)));
    },
    onResolve: async ({ tx, item }) => {
      const c = await lockChange(tx, item.accountId, item.resourceId);
      const [other] = await tx
        .select({ id: payeeBankChanges.id })
        .from(payeeBankChanges)
        .where(and(eq(payeeBankChanges.payeeId, c.payeeId), eq(payeeBankChanges.status, 'pending')));
      if (other) throw conflict(PAYEE_MSG.bankChangePending);
      await tx
        .update(payeeBankChanges)
        .set({ status: 'pending', decidedAt: null })
        .where(eq(payeeBankChanges.id, c.id));
    },
  });
}

/** The vendor's previous email hears of the requested change at once. */
async function tellPreviousEmail(
  tx: Tx,
  deps: AppDeps,
  p: { row: Row; bank: BankAccount; details?: PayeeLinkDetails; previousEmail: string; newBank: boolean },
) {
  const { row, bank, newBank } = p;
  const last4 = (n: string) => `******${n.slice(-4)}`;
  const what = [
    newBank
      ? `the bank account your payments are sent to, from ${row.bankName} ${last4(row.accountNumber)} to ${bank.bankName} ${last4(bank.accountNumber)}`
      : null,
    p.details ? `your details as the company holds them (name, email, phone, billing address)` : null,
  ]
    .filter(Boolean)
    .join(', and ');
  await sendMail(
    deps,
    {
      to: p.previousEmail,
      subject: newBank
        ? 'A change to your bank details was requested'
        : 'A change to your details was requested',
      text: `Hello ${row.name},\n\nSomeone asked to change ${what}. The change takes effect only after a second person at the company approves it.\n\nIf you did not ask for this, contact the company at once.\n\nOwo`,
    },
    tx,
  );
}

export async function requestBankChange(
  tx: Tx,
  deps: AppDeps,
  p: {
    row: Row;
    bank: BankAccount;
    /** The vendor's other details sent from a public link: they wait for the approval too. */
    details?: PayeeLinkDetails;
    userId: string;
    previousEmail: string;
    afterCommit: AfterCommit;
  },
) {
  const { row, bank } = p;
  const newBank = bank.bankCode !== row.bankCode || bank.accountNumber !== row.accountNumber;
  const [dup] = newBank
    ? await tx
        .select({ id: payees.id })
        .from(payees)
        .where(
          and(
            eq(payees.accountId, row.accountId),
            eq(payees.bankCode, bank.bankCode),
            eq(payees.accountNumber, bank.accountNumber),
          ),
        )
    : [];
  if (dup) throw fieldError('accountNumber', PAYEE_MSG.duplicateAccount);
  let change: ChangeRow;
  try {
    [change] = await tx.transaction((sp) =>
      sp
        .insert(payeeBankChanges)
        .values({
          accountId: row.accountId,
          payeeId: row.id,
          reference: newReference('pbc', 5),
          ...bank,
          previousBankCode: row.bankCode,
          previousAccountNumber: row.accountNumber,
          details: p.details ?? null,
          requestedBy: p.userId,
        })
        .returning(),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PAYEE_MSG.bankChangePending);
    throw err;
  }
  await submitForApproval(tx, deps, {
    accountId: row.accountId,
    type: 'payeeBankChange',
    resourceId: change.id,
    afterCommit: p.afterCommit,
  });
  await tellPreviousEmail(tx, deps, { ...p, newBank });
  if (!newBank) return;
  await returnPayoutsToApproval(tx, deps, {
    accountId: row.accountId,
    payeeId: row.id,
    userId: p.userId,
    comments: 'The vendor’s bank account is being changed',
    afterCommit: p.afterCommit,
  });
}
