// Making and deciding a fund request (issue 23 §0 "Requests"): POST /api/requests, submitted to the
// approvals engine as type `request`, and the approver's choice recorded with the engine's decision.
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, REQUEST_MSG } from '@owo/contract';
import type { z } from 'zod';
import type { fundRequestBody, fundRequestDecisionBody } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { approvalItems, payees, users } from '../../platform/schema';
import { newReference } from '../../platform/text';
import { lagosToday } from '../../platform/dates';
import { decide, submitForApproval } from '../approvals';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { getWallet } from '../money';
import { lockRequest, notify } from './shared';
import { fundRequests } from './tables';

type Body = z.output<typeof fundRequestBody>;
type DecisionBody = z.output<typeof fundRequestDecisionBody>;

type BankAccount = { bankCode: string; bankName: string; accountNumber: string; accountName: string };

/** A self-payee request's own bank account, verified with the bank (before the transaction); null: a vendor. */
async function ownAccount(deps: AppDeps, body: Body): Promise<BankAccount | null> {
  if (body.payeeId) return null;
  const r = await resolveAccountName(deps, {
    accountNumber: body.accountNumber!,
    bankCode: body.bankCode!,
  });
  if (!r.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!r.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
  return {
    bankCode: r.bank.code,
    bankName: r.bank.name,
    accountNumber: body.accountNumber!,
    accountName: r.accountName,
  };
}

/** Who the request pays: the account's vendor it names, else the maker's own account. */
async function requestPayee(
  tx: Tx,
  accountId: string,
  body: Body,
  own: BankAccount | null,
): Promise<{ id: string | null; name: string } & BankAccount> {
  if (body.payeeId) {
    const [v] = await tx
      .select()
      .from(payees)
      .where(and(eq(payees.id, body.payeeId), eq(payees.accountId, accountId)));
    if (!v) throw fieldError('payeeId', REQUEST_MSG.payeeNotFound);
    return { ...v, id: v.id };
  }
  return { ...own!, id: null, name: own!.accountName };
}

/** POST /api/requests. Bank lookups run before the transaction (never inside one). */
export async function createFundRequest(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: Body },
): Promise<{ reference: string; afterCommit: (() => Promise<void> | void)[] }> {
  const { body, tenant } = p;
  const accountId = tenant.accountId;
  const own = await ownAccount(deps, body);
  const after: (() => Promise<void> | void)[] = [];
  const reference = await deps.db.transaction(async (tx) => {
    const wallet = await getWallet(tx, accountId, body.walletId);
    if (!wallet) throw fieldError('walletId', REQUEST_MSG.selectWallet);
    if (wallet.currency !== body.currency)
      throw fieldError('currency', `The selected wallet holds ${wallet.currency}, not ${body.currency}`);
    if (wallet.currency !== 'NGN') throw fieldError('walletId', REQUEST_MSG.ngnOnly);
    const payee = await requestPayee(tx, accountId, body, own);
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
