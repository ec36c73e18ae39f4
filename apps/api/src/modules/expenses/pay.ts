// Expenses: a payment attempt through the money core (`payOut`), exactly once per attempt.
import { and, eq, sql } from 'drizzle-orm';
import { CATEGORY_MSG, formatMoney } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { dispatchSoon } from '../funding';
import { sendMail } from '../mail';
import { isOutflowRefusal, payOut, type OutflowDraft, type OutflowResult } from '../money';
import { getApPolicy } from '../approvals';
import { budgetCheck } from '../categories';
import { expenseBeneficiaries, expenses } from './tables';
import type { AfterCommit, Row } from './shared';

const transferReference = (e: Pick<Row, 'reference' | 'paymentAttempt'>) =>
  `${e.reference}-${e.paymentAttempt}`;

/**
 * The draft of what an expense pays (money/outflow.ts): its amount, wallet and the bank account
 * typed on it. An occurrence of a schedule carries the scheduled expense's date, so it matches the
 * manifest the schedule's approval digested.
 */
export async function expenseDraft(db: DbOrTx, e: Row): Promise<OutflowDraft> {
  let date = e.scheduledDate;
  if (e.parentExpenseId) {
    const [parent] = await db
      .select({ scheduledDate: expenses.scheduledDate })
      .from(expenses)
      .where(and(eq(expenses.id, e.parentExpenseId), eq(expenses.accountId, e.accountId)));
    date = parent?.scheduledDate ?? date;
  }
  return {
    amountMinor: e.amountMinor,
    currency: e.currency,
    walletId: e.walletId,
    bankCode: e.bankCode,
    bankName: e.bankName,
    accountNumber: e.bankAccountNumber,
    accountName: e.bankAccountName,
    payee: e.beneficiaryId,
    date,
  };
}

/**
 * Pays this attempt through the one way money leaves (`payOut`): exactly the manifest the expense's
 * approval (a schedule's occurrence: the scheduled expense's) digested, with one transfer reference
 * per expense and attempt, so no retry or race can pay twice (transactions.reference is unique).
 * The wallet or a limit refusing marks the expense failed (the approval stands). An approval that
 * does not cover this manifest (edited since) marks it failed too, or, with `refusal: 'throw'` (a
 * retry asked for by a user), answers 409 with nothing changed.
 */
export async function startPayment(
  tx: Tx,
  deps: AppDeps,
  e: Row,
  afterCommit: AfterCommit,
  opts: { refusal?: 'fail' | 'throw' } = {},
): Promise<void> {
  if (await blockedByBudget(tx, e)) return;
  const outcome = await payAttempt(tx, deps, e, opts);
  if (!outcome.ok) {
    await tx
      .update(expenses)
      .set({
        status: 'failed',
        ...(outcome.manifest ? { feeMinor: outcome.manifest.feeMinor } : {}),
        failureReason: outcome.reason,
        updatedAt: sql`now()`,
      })
      .where(eq(expenses.id, e.id));
    return;
  }
  const t = outcome.transaction;
  await tx
    .update(expenses)
    .set({
      status: 'paying',
      transactionId: t.id,
      feeMinor: outcome.manifest.feeMinor,
      failureReason: null,
      updatedAt: sql`now()`,
    })
    .where(eq(expenses.id, e.id));
  await rememberBeneficiary(tx, e);
  if (e.notifyBeneficiary && e.beneficiaryEmail) await mailBeneficiary(tx, deps, e, e.beneficiaryEmail);
  afterCommit(() => dispatchSoon(deps, t.reference));
}

/** The category's budget at payment: over it with the AP policy's `block`, the expense fails. */
async function blockedByBudget(tx: Tx, e: Row): Promise<boolean> {
  if (e.purpose.service) {
    const policy = await getApPolicy(tx, e.accountId);
    const b = await budgetCheck(tx, {
      accountId: e.accountId,
      categoryId: e.purpose.service,
      amountMinor: e.amountMinor,
      stage: 'pay',
      excludeExpenseId: e.id,
    });
    if (b.exceeds && policy.overBudget === 'block') {
      await tx
        .update(expenses)
        .set({
          status: 'failed',
          failureReason: CATEGORY_MSG.overBudget(b.category.name),
          updatedAt: sql`now()`,
        })
        .where(eq(expenses.id, e.id));
      return true;
    }
  }
  return false;
}

type Attempt = OutflowResult | { ok: false; reason: string; manifest?: undefined };

/** The `payOut` call; a refusal is an outcome (or, with `refusal: 'throw'`, the 409 it was). */
async function payAttempt(
  tx: Tx,
  deps: AppDeps,
  e: Row,
  opts: { refusal?: 'fail' | 'throw' },
): Promise<Attempt> {
  try {
    return await payOut(tx, deps, {
      accountId: e.accountId,
      authority: { approval: 'expense', resourceId: e.parentExpenseId ?? e.id },
      draft: await expenseDraft(tx, e),
      narration: e.purpose.description ?? `Expense ${e.reference}`,
      reference: transferReference(e),
      initiatedBy: e.makerUserId,
      sourceType: 'expense',
      sourceId: e.id,
    });
  } catch (err) {
    if (!isOutflowRefusal(err) || opts.refusal === 'throw') throw err;
    return { ok: false, reason: err.message };
  }
}

/** The paid bank account joins the company's saved beneficiaries (or is marked used now). */
async function rememberBeneficiary(tx: Tx, e: Row) {
  await tx
    .insert(expenseBeneficiaries)
    .values({
      accountId: e.accountId,
      accountName: e.bankAccountName,
      bankName: e.bankName,
      accountNumber: e.bankAccountNumber,
      bankCode: e.bankCode,
      email: e.beneficiaryEmail,
    })
    .onConflictDoUpdate({
      target: [
        expenseBeneficiaries.accountId,
        expenseBeneficiaries.bankCode,
        expenseBeneficiaries.accountNumber,
      ],
      set: {
        accountName: e.bankAccountName,
        lastUsedAt: sql`now()`,
        email: sql`coalesce(excluded.email, ${expenseBeneficiaries.email})`,
      },
    });
}

/** Tells the beneficiary a payment is on its way (queued in the caller's transaction). */
async function mailBeneficiary(tx: Tx, deps: AppDeps, e: Row, to: string) {
  await sendMail(
    deps,
    {
      to,
      subject: 'A payment is on its way to you',
      text: `Hello ${e.bankAccountName},\n\nA payment of ${formatMoney(e.amountMinor, e.currency)} (reference ${e.reference}) has been sent to your account ${e.bankAccountNumber} at ${e.bankName}. Bank transfers usually arrive within minutes; some take up to 24 to 48 hours.\n\nOwo`,
    },
    tx,
  );
}
