// Overage refunds (issue 24 §2): paying an invoice's overpayment back through the money core.
import { and, eq } from 'drizzle-orm';
import { REFUND_MSG } from '@owo/contract';
import { ACCOUNT_NOT_VERIFIED, listBanks, resolveAccountName, UNKNOWN_BANK } from '../banks';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { dispatchSoon } from '../funding';
import { getWalletByCurrency, payOut } from '../money';
import { emitRefundStarted } from './hooks';
import { invoiceRow } from './invoice-read';
import type { AfterCommit } from './shared';
import { invoiceCollectionRefunds, invoicePayments } from './tables';
import { transactions } from '../../platform/schema';

/**
 * POST …/refunds/{refundId}/init: pays the overage back through the money core (one reference per
 * row and attempt). `useSourceAccount` pays the sender's own account, as the provider reported it
 * with the deposit (`invoice_payments.source_*`: bank code, else the bank's name matched against
 * the bank list); a deposit without it answers 422 (give `refundAccountDetails`).
 */
type RefundP = {
  accountId: string;
  invoiceId: string;
  refundId: string;
  userId: string;
  body: {
    useSourceAccount: boolean;
    refundAccountDetails?: { accountNumber: string; bankCode: string } | null;
  };
};
type Target = Awaited<ReturnType<typeof refundTarget>>;

/** The refund row and the verified account to pay it to, before any transaction. */
async function refundTarget(deps: AppDeps, p: RefundP) {
  const [found] = await deps.db
    .select({ row: invoiceCollectionRefunds, pay: invoicePayments })
    .from(invoiceCollectionRefunds)
    .innerJoin(invoicePayments, eq(invoicePayments.id, invoiceCollectionRefunds.paymentId))
    .where(
      and(
        eq(invoiceCollectionRefunds.id, p.refundId),
        eq(invoiceCollectionRefunds.invoiceId, p.invoiceId),
        eq(invoiceCollectionRefunds.accountId, p.accountId),
      ),
    );
  if (!found) throw new AppError(404, 'not-found', 'Refund not found');
  const row = found.row;
  const dest = p.body.refundAccountDetails;
  let target = dest ?? null;
  if (!target) {
    if (!p.body.useSourceAccount)
      throw new AppError(400, 'validation-error', REFUND_MSG.accountRequired, {
        refundAccountDetails: [REFUND_MSG.accountRequired],
      });
    const src = found.pay;
    let bankCode = src.sourceBankCode;
    if (!bankCode && src.sourceBankName) {
      const name = src.sourceBankName.trim().toLowerCase();
      bankCode = (await listBanks(deps)).find((b) => b.name.toLowerCase() === name)?.code ?? null;
    }
    if (!src.sourceAccountNumber || !bankCode)
      throw new AppError(422, 'unprocessable', REFUND_MSG.sourceUnknown, {
        useSourceAccount: [REFUND_MSG.sourceUnknown],
      });
    target = { accountNumber: src.sourceAccountNumber, bankCode };
  }
  const { accountName, bank } = await resolveAccountName(deps, target);
  if (!bank)
    throw new AppError(400, 'validation-error', UNKNOWN_BANK, {
      bankCode: [UNKNOWN_BANK],
    });
  if (!accountName)
    throw new AppError(400, 'validation-error', ACCOUNT_NOT_VERIFIED, {
      accountNumber: [ACCOUNT_NOT_VERIFIED],
    });
  return { row, target, bank, accountName };
}

/** The first attempt of a refund row tells the listeners (a commission on it is clawed back). */
async function tellRefundStarted(
  tx: Tx,
  deps: AppDeps,
  inv: { accountId: string; id: string },
  r: { id: string; paymentId: string },
  amount: number,
) {
  const [payRow] = await tx
    .select({ amount: invoicePayments.amountMinor })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, r.paymentId));
  await emitRefundStarted(tx, deps, {
    accountId: inv.accountId,
    invoiceId: inv.id,
    refundId: r.id,
    paymentId: r.paymentId,
    amountMinor: amount,
    paymentAmountMinor: payRow?.amount ?? amount,
  });
}

/** In the transaction: the invoice and the row locked, the payout started, the row updated. */
async function startRefund(tx: Tx, deps: AppDeps, p: RefundP, x: Target, after: AfterCommit) {
  const { row, target, bank, accountName } = x;
  const inv = await invoiceRow(tx, p.accountId, p.invoiceId, true);
  const [r] = await tx
    .select({ r: invoiceCollectionRefunds, txStatus: transactions.status })
    .from(invoiceCollectionRefunds)
    .leftJoin(transactions, eq(transactions.id, invoiceCollectionRefunds.transactionId))
    .where(eq(invoiceCollectionRefunds.id, row.id))
    .for('update', { of: invoiceCollectionRefunds });
  const live = r.r.transactionId && r.txStatus !== 'failed' && r.txStatus !== 'reversed';
  if (r.r.status === 'cancelled' || live) throw conflict(REFUND_MSG.notRefundable);
  const attempt = r.r.attempt + 1;
  const amount = r.r.refundableAmountMinor;
  const wallet = await getWalletByCurrency(tx, inv.accountId, 'NGN');
  if (!wallet) throw new AppError(422, 'no-wallet', 'The company has no NGN wallet');
  // The one entry point, under the declared refund authority (fee rule, limit, savepoint there).
  const out = await payOut(tx, deps, {
    accountId: inv.accountId,
    authority: { system: 'invoice-overpayment-refund', resourceId: r.r.id },
    draft: {
      amountMinor: amount,
      currency: 'NGN',
      walletId: wallet.id,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: target.accountNumber,
      accountName,
      payee: null,
      date: null,
    },
    narration: `Refund of overpayment on ${inv.reference}`,
    reference: `invref-${r.r.id.replace(/-/g, '')}-${attempt}`,
    initiatedBy: p.userId,
    sourceType: 'invoice-refund',
    sourceId: r.r.id,
  });
  if (!out.ok)
    throw out.code === 'validation-error'
      ? new AppError(400, out.code, out.reason, { amount: [out.reason] })
      : new AppError(422, out.code, out.reason);
  const t = out.transaction;
  const fee = t.fee;
  await tx
    .update(invoiceCollectionRefunds)
    .set({
      transactionId: t.id,
      attempt,
      feeMinor: fee,
      accountNumber: target.accountNumber,
      bankName: bank.name,
      accountName,
    })
    .where(eq(invoiceCollectionRefunds.id, r.r.id));
  if (attempt === 1) await tellRefundStarted(tx, deps, inv, r.r, amount);
  after.push(() => dispatchSoon(deps, t.reference));
}

export async function initRefund(deps: AppDeps, p: RefundP) {
  const x = await refundTarget(deps, p);
  const after: AfterCommit = [];
  await deps.db.transaction((tx) => startRefund(tx, deps, p, x, after));
  for (const fn of after) await Promise.resolve(fn()).catch(() => undefined);
}
