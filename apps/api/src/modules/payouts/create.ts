// POST /api/payouts (issue 23 §0, §3), and the pay-someone and bill flows that create a payout:
// checked (wallet, vendor, dates, allocation, price), inserted with its recurrence, schedule and
// bill link, and submitted for approval; nothing is held until the final approval.
import { and, eq } from 'drizzle-orm';
import { PAY_SOMEONE_MSG, PAYOUT_MSG, PAYOUT_RECURRENCE_MSG, type WirePurpose } from '@owo/contract';
import type { z } from 'zod';
import type { payoutBody } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { newReference } from '../../platform/text';
import { lagosToday } from '../../platform/dates';
import { submitForApproval } from '../approvals';
import { requireActiveProject } from '../projects';
import { getWallet } from '../money';
import { occurrenceDate } from './recurring';
import {
  type AfterCommit,
  assertFutureDate,
  checkAssets,
  checkCategory,
  type PayoutWallet,
  priceFromWallet,
} from './shared';
import { payoutQuotes, payoutRecurrences, payoutSchedules, payouts } from './tables';
import { payees } from '../../platform/schema';

type Body = z.output<typeof payoutBody>;

/** What flows other than a direct payout add to a payout (pay-someone). */
export type PayoutExtras = {
  channel?: 'direct' | 'paySomeone' | 'bill' | 'request' | 'transfer';
  /** Pay-someone: USD/GBP recipients (a wire), from the NGN wallet or a wallet in that currency. */
  wires?: boolean;
  wirePurpose?: { purpose: WirePurpose; narration: string } | null;
  senderDetails?: { name: string; address: string; country: string; phone?: string | null } | null;
};

/** The wallet it is paid from: NGN to a bank account; for a wire, NGN or the wire's currency. */
async function payingWallet(tx: Tx, accountId: string, body: Body, extras: PayoutExtras) {
  const wallet = await getWallet(tx, accountId, body.walletId);
  if (!wallet) throw fieldError('walletId', PAYOUT_MSG.selectWallet);
  if (!extras.wires) {
    if (wallet.currency !== body.currency)
      throw fieldError('currency', `The selected wallet holds ${wallet.currency}, not ${body.currency}`);
    if (wallet.currency !== 'NGN')
      throw fieldError('walletId', 'Payouts to a bank account are paid from the NGN wallet');
  } else if (wallet.currency !== 'NGN' && wallet.currency !== body.currency)
    throw fieldError('walletId', `Pay ${body.currency} from the NGN wallet or a ${body.currency} wallet`);
  return wallet;
}

/** The company's vendor, paid in its own currency (with a wire purpose for USD and GBP). */
async function payingVendor(tx: Tx, accountId: string, body: Body, extras: PayoutExtras) {
  const [vendor] = await tx
    .select({ id: payees.id, currency: payees.currency })
    .from(payees)
    .where(and(eq(payees.id, body.payeeId), eq(payees.accountId, accountId)));
  if (!vendor) throw fieldError('payeeId', PAYOUT_MSG.payeeNotFound);
  if (vendor.currency !== body.currency) throw fieldError('payeeId', PAY_SOMEONE_MSG.recipientCurrency);
  // The wire purpose is required for USD and GBP, whatever the flow (000 §4.3).
  if (body.currency !== 'NGN' && !extras.wirePurpose)
    throw fieldError('wirePurpose.purpose', PAY_SOMEONE_MSG.wirePurposeRequired);
  return vendor;
}

/** A future date, and a recurrence (NGN to a vendor) that ends after it starts. */
function checkDates(body: Body, extras: PayoutExtras) {
  if (body.scheduledDate) assertFutureDate(body.scheduledDate);
  if (body.recurrence) {
    if (body.currency !== 'NGN' || extras.wires)
      throw fieldError('recurrence', 'Recurring payouts are paid in NGN to a vendor');
    const start = body.scheduledDate ?? lagosToday();
    if (body.recurrence.endDate && body.recurrence.endDate <= start)
      throw fieldError('recurrence.endDate', PAYOUT_RECURRENCE_MSG.endBeforeStart);
  }
}

/** The category, project and assets it is booked to: the company's own, as its option requires. */
async function checkAllocation(tx: Tx, accountId: string, body: Body) {
  if (body.categoryId) await checkCategory(tx, accountId, body.categoryId);
  if (body.payoutOption === 'project' && !body.projectId)
    throw fieldError('projectId', PAYOUT_MSG.projectRequired);
  if (body.payoutOption === 'asset' && !body.assets?.length)
    throw fieldError('assets', PAYOUT_MSG.assetsRequired);
  if (body.projectId) await requireActiveProject(tx, accountId, body.projectId);
  if (body.assets?.length) await checkAssets(tx, accountId, body.assets);
}

type Checked = {
  wallet: PayoutWallet;
  vendorId: string;
  amountMinor: number;
  fee: number;
  rate: string | null;
};

async function insertPayout(
  tx: Tx,
  p: { tenant: TenantContext; userId: string; body: Body; extras: PayoutExtras },
  c: Checked,
): Promise<string> {
  const { body, extras } = p;
  const [row] = await tx
    .insert(payouts)
    .values({
      accountId: p.tenant.accountId,
      subsidiaryId: subsidiaryForWrite(p.tenant),
      reference: newReference('pay'),
      payoutOption: body.payoutOption,
      makerUserId: p.userId,
      payeeId: c.vendorId,
      walletId: c.wallet.id,
      currency: c.wallet.currency,
      amountMinor: c.amountMinor,
      feeMinor: c.fee,
      narration: body.narration,
      channel: extras.channel ?? 'direct',
      recipientCurrency: c.rate ? body.currency : null,
      recipientAmountMinor: c.rate ? body.amount : null,
      fxRate: c.rate,
      wirePurpose: extras.wirePurpose?.purpose ?? null,
      wireNarration: extras.wirePurpose?.narration ?? null,
      senderDetails: extras.senderDetails ?? null,
      categoryId: body.categoryId ?? null,
      projectId: body.projectId ?? null,
      assets: (body.assets ?? []).map((a) => ({ id: a.id, quantity: a.quantity ?? null })),
      scheduledDate: body.scheduledDate ?? null,
    })
    .returning({ id: payouts.id });
  return row.id;
}

/** The payout's series, its schedule, and the bill it pays (linked before submission). */
async function insertSeriesScheduleAndBill(
  tx: Tx,
  p: { accountId: string; payoutId: string; body: Body; billId?: string },
) {
  const { accountId, body } = p;
  if (body.recurrence) {
    const start = body.scheduledDate ?? lagosToday();
    const next = occurrenceDate(start, body.recurrence.frequency, 1);
    const end = body.recurrence.endDate ?? null;
    await tx.insert(payoutRecurrences).values({
      accountId,
      payoutId: p.payoutId,
      frequency: body.recurrence.frequency,
      startDate: start,
      nextDate: next,
      endDate: end,
      status: end && end < next ? 'ended' : 'active',
    });
  }
  if (body.scheduledDate)
    await tx.insert(payoutSchedules).values({
      accountId,
      payoutId: p.payoutId,
      scheduledDate: body.scheduledDate,
      status: 'scheduled',
    });
  if (p.billId)
    await tx
      .update(payoutQuotes)
      .set({ payoutId: p.payoutId })
      .where(and(eq(payoutQuotes.id, p.billId), eq(payoutQuotes.accountId, accountId)));
}

/** POST /api/payouts, inside the idempotent request's transaction. */
export async function createPayout(
  tx: Tx,
  deps: AppDeps,
  p: {
    tenant: TenantContext;
    userId: string;
    body: Body;
    afterCommit: AfterCommit;
    /** The bill this payout pays: linked before submission, so the bill tiers route its approval. */
    billId?: string;
    extras?: PayoutExtras;
  },
): Promise<string> {
  const { body, tenant } = p;
  const extras = p.extras ?? {};
  const accountId = tenant.accountId;
  const wallet = await payingWallet(tx, accountId, body, extras);
  const vendor = await payingVendor(tx, accountId, body, extras);
  checkDates(body, extras);
  await checkAllocation(tx, accountId, body);
  // The $10,000 cap (USD/GBP) and the KYC cap (NGN) by KYB tier: checkPayoutLimit, here or in the quote.
  const price = await priceFromWallet(tx, deps, {
    accountId,
    wallet,
    amount: body.amount,
    currency: body.currency,
  });
  const rate = price.exchanged ? price.rate : body.currency !== 'NGN' ? '1' : null;
  const payoutId = await insertPayout(
    tx,
    { tenant, userId: p.userId, body, extras },
    { wallet, vendorId: vendor.id, amountMinor: price.amountMinor, fee: price.fee, rate },
  );
  await insertSeriesScheduleAndBill(tx, { accountId, payoutId, body, billId: p.billId });
  await submitForApproval(tx, deps, {
    accountId,
    type: 'payout',
    resourceId: payoutId,
    afterCommit: p.afterCommit,
  });
  return payoutId;
}
