// Pay someone (000 §4.3, 001 §4; issue 23 §3): a payout to a new or existing recipient, in NGN to a
// NUBAN account or in USD/GBP to a foreign bank (a wire). It is a payout like any other: created by
// createPayout (approval type `payout`, Idempotency-Key, balance and limit checks), held and paid
// at the final approval by the same path. What this file adds: the recipient (found or created),
// the reseller's sender details, and the wire purpose rules.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PAY_SOMEONE_MSG,
  PAYOUT_MSG,
  TRANSFER_MSG,
  type paySomeoneBody,
  type transferBody,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { fieldError, notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { payees } from '../../platform/schema';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { getWallet } from '../money';
import { addPayees, type NewPayee } from '../payees';
import { createPayout } from './create';

type Body = z.output<typeof paySomeoneBody>;
type TransferBody = z.output<typeof transferBody>;
type AfterCommit = (fn: () => Promise<void> | void) => void;

/** A new recipient, checked before any transaction (the NUBAN lookup is a call to the rails). */
export type PreparedRecipient = {
  name: string;
  email: string;
  currency: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  foreignBank: NewPayee['foreignBank'];
};

/**
 * The request's rules that need no transaction: one recipient, sender details exactly for
 * reseller accounts, a wire purpose for USD and GBP, the recipient's bank for its currency
 * (NUBAN-checked and its name resolved for NGN; the resolved name wins).
 */
export async function prepareRecipient(
  deps: AppDeps,
  tenant: TenantContext,
  body: Body,
): Promise<PreparedRecipient | null> {
  if (!body.payeeId === !body.recipient) throw fieldError('payeeId', PAY_SOMEONE_MSG.recipientRequired);
  const reseller = tenant.accountType === 'reseller';
  if (reseller && !body.senderDetails) throw fieldError('senderDetails.name', PAY_SOMEONE_MSG.senderRequired);
  if (!reseller && body.senderDetails) throw fieldError('senderDetails', PAY_SOMEONE_MSG.senderNotAllowed);
  if (body.currency !== 'NGN' && !body.wirePurpose)
    throw fieldError('wirePurpose.purpose', PAY_SOMEONE_MSG.wirePurposeRequired);
  const r = body.recipient;
  if (!r) return null;
  if (body.currency === 'NGN') {
    if (!r.bankCode || !r.accountNumber)
      throw fieldError('recipient.accountNumber', PAY_SOMEONE_MSG.ngnDetailsRequired);
    if (r.foreign) throw fieldError('recipient.foreign', 'Foreign bank details are for USD and GBP payments');
    const found = await resolveAccountName(deps, { bankCode: r.bankCode, accountNumber: r.accountNumber });
    if (!found.bank) throw fieldError('recipient.bankCode', UNKNOWN_BANK);
    if (!found.accountName) throw fieldError('recipient.accountNumber', ACCOUNT_NOT_VERIFIED);
    return {
      name: r.name,
      email: r.email ?? '',
      currency: 'NGN',
      bankCode: found.bank.code,
      bankName: found.bank.name,
      accountNumber: r.accountNumber,
      accountName: found.accountName,
      foreignBank: null,
    };
  }
  const f = r.foreign;
  if (!f) throw fieldError('recipient.foreign', PAY_SOMEONE_MSG.foreignDetailsRequired);
  if (r.bankCode || r.accountNumber)
    throw fieldError('recipient.accountNumber', 'A Nigerian bank account is for NGN payments');
  return {
    name: r.name,
    email: r.email ?? '',
    currency: body.currency,
    bankCode: f.swiftCode,
    bankName: f.bankName,
    accountNumber: f.accountNumber,
    accountName: f.accountName,
    foreignBank: {
      swiftCode: f.swiftCode,
      sortCode: f.sortCode || null,
      routingNumber: f.routingNumber || null,
      country: f.country,
      address: f.address,
    },
  };
}

/** The recipient's vendor: the company's vendor with that bank account, or a new one. */
async function recipientPayee(
  tx: Tx,
  p: { accountId: string; userId: string; r: PreparedRecipient; field?: string },
): Promise<string> {
  const { r } = p;
  const field = p.field ?? 'recipient.accountNumber';
  const [inserted] = await addPayees(
    tx,
    [
      {
        accountId: p.accountId,
        name: r.name,
        email: r.email,
        currency: r.currency,
        bankCode: r.bankCode,
        bankName: r.bankName,
        accountNumber: r.accountNumber,
        accountName: r.accountName,
        foreignBank: r.foreignBank,
        createdBy: p.userId,
      },
    ],
    'skip',
  );
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: payees.id, currency: payees.currency })
    .from(payees)
    .where(
      and(
        eq(payees.accountId, p.accountId),
        eq(payees.bankCode, r.bankCode),
        eq(payees.accountNumber, r.accountNumber),
      ),
    );
  if (!existing) throw fieldError(field, PAYOUT_MSG.payeeNotFound);
  if (existing.currency !== r.currency) throw fieldError(field, PAY_SOMEONE_MSG.recipientCurrency);
  return existing.id;
}

/** POST /api/pay-someone, inside the idempotent request's transaction: one payout, to approval. */
export async function paySomeone(
  tx: Tx,
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    body: Body;
    recipient: PreparedRecipient | null;
    afterCommit: AfterCommit;
  },
): Promise<string> {
  const { body } = p;
  const payeeId = p.recipient
    ? await recipientPayee(tx, { accountId: p.tenant.accountId, userId: p.userId, r: p.recipient })
    : body.payeeId!;
  const narration = (body.wirePurpose?.narration ?? `Payment to ${p.recipient?.name ?? 'recipient'}`).slice(
    0,
    100,
  );
  return createPayout(tx, deps, {
    tenant: p.tenant,
    userId: p.userId,
    body: {
      payoutOption: 'standard',
      walletId: body.walletId,
      payeeId,
      amount: body.amount,
      currency: body.currency,
      narration,
      scheduledDate: body.scheduledDate ?? null,
    },
    afterCommit: p.afterCommit,
    extras: {
      channel: 'paySomeone',
      wires: true,
      wirePurpose: body.wirePurpose ?? null,
      senderDetails: body.senderDetails ?? null,
    },
  });
}

// ---- POST /api/transfers (operationId createBankTransfer) ----

/** A transfer's Nigerian bank account, NUBAN-checked and its name resolved (the resolved name wins). */
export async function prepareTransferRecipient(
  deps: AppDeps,
  body: Pick<TransferBody, 'bankCode' | 'accountNumber'>,
): Promise<PreparedRecipient> {
  const found = await resolveAccountName(deps, {
    bankCode: body.bankCode,
    accountNumber: body.accountNumber,
  });
  if (!found.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!found.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
  return {
    name: found.accountName,
    email: '',
    currency: 'NGN',
    bankCode: found.bank.code,
    bankName: found.bank.name,
    accountNumber: body.accountNumber,
    accountName: found.accountName,
    foreignBank: null,
  };
}

/**
 * POST /api/transfers, inside the idempotent request's transaction. A wallet-to-bank transfer is a
 * payout (approval type `payout`, channel `transfer`) to the vendor with that bank account (found or
 * created, as pay-someone does): nothing moves until its final approval, which pays it through the
 * one way money leaves (money/outflow.ts); an AP policy that auto-approves it pays it at once.
 */
export async function bankTransfer(
  tx: Tx,
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    body: TransferBody;
    recipient: PreparedRecipient;
    afterCommit: AfterCommit;
  },
): Promise<string> {
  const { body, tenant } = p;
  const wallet = await getWallet(tx, tenant.accountId, body.walletId);
  if (!wallet) throw notFound('Wallet');
  if (wallet.currency !== 'NGN') throw fieldError('walletId', TRANSFER_MSG.ngnWalletOnly);
  const payeeId = await recipientPayee(tx, {
    accountId: tenant.accountId,
    userId: p.userId,
    r: p.recipient,
    field: 'accountNumber',
  });
  return createPayout(tx, deps, {
    tenant,
    userId: p.userId,
    body: {
      payoutOption: 'standard',
      walletId: wallet.id,
      payeeId,
      amount: body.amount,
      currency: 'NGN',
      narration: (body.narration || `Transfer to ${p.recipient.accountName}`).slice(0, 100),
      scheduledDate: null,
    },
    afterCommit: p.afterCommit,
    extras: { channel: 'transfer' },
  });
}
