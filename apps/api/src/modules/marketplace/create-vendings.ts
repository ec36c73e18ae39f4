// Buying electricity (issue 26 §2): one service for vendings/create and electricity/asset/bulk. The
// order's vendings are held through the money core at creation (money/outflow.ts `reserveOutflow`)
// and the order is sent to the approvals engine (type `marketplace`, one approval per order).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MARKETPLACE_MSG as MSG, type VendingCreateInput } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound, unprocessable } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { newReference } from '../../platform/text';
import { budgetCheck } from '../categories';
import { getWallet } from '../money';
import { submitForApproval } from '../approvals';
import { checkAmount, hold, type MeterRow } from './shared';
import { meters, vendingOrders, vendings, type VendingMeta } from './tables';

type Asset = VendingCreateInput['assets'][number];

export async function createVendings(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; body: VendingCreateInput },
): Promise<{ orderId: string; afterCommit: (() => Promise<void> | void)[] }> {
  const { accountId } = p.tenant;
  const wallet = await getWallet(deps.db, accountId, p.body.walletId);
  if (!wallet || wallet.currency !== 'NGN')
    throw unprocessable(MSG.ngnWalletNotFound, { walletId: [MSG.ngnWalletNotFound] });
  const byId = await checkedMeters(deps, accountId, p.body.assets);
  // The marketplace budget: the payout category's monthly budget counts this spend like any other.
  const categoryId = p.body.categoryId ?? null;
  if (categoryId) await checkBudget(deps, accountId, categoryId, p.body.assets);

  const after: (() => Promise<void> | void)[] = [];
  const orderId = await deps.db.transaction((tx) =>
    insertOrder(tx, deps, {
      accountId,
      walletId: wallet.id,
      userId: p.userId,
      assets: p.body.assets,
      byId,
      categoryId,
      afterCommit: (fn) => after.push(fn),
    }),
  );
  return { orderId, afterCommit: after };
}

/** Each meter once, each amount within the limits, every meter the company's own: by id. */
async function checkedMeters(deps: AppDeps, accountId: string, assets: Asset[]) {
  const ids = assets.map((a) => a.assetId);
  const seen = new Set<string>();
  assets.forEach((a, i) => {
    if (seen.has(a.assetId))
      throw badRequest(MSG.duplicateMeter, { [`assets.${i}.assetId`]: [MSG.duplicateMeter] });
    seen.add(a.assetId);
    checkAmount(deps, a.amount, `assets.${i}.amount`);
  });
  const found = await deps.db
    .select()
    .from(meters)
    .where(and(eq(meters.accountId, accountId), inArray(meters.id, ids)));
  const byId = new Map(found.map((m) => [m.id, m]));
  assets.forEach((a, i) => {
    if (!byId.has(a.assetId)) throw notFoundField(`assets.${i}.assetId`);
  });
  return byId;
}

async function checkBudget(deps: AppDeps, accountId: string, categoryId: string, assets: Asset[]) {
  const total = assets.reduce((s, a) => s + a.amount, 0);
  let b: Awaited<ReturnType<typeof budgetCheck>>;
  try {
    b = await budgetCheck(deps.db, { accountId, categoryId, amountMinor: total, stage: 'submit' });
  } catch {
    throw notFound('Category');
  }
  if (b.exceeds)
    throw unprocessable(MSG.overBudget(b.category.name), { categoryId: [MSG.overBudget(b.category.name)] });
}

type NewOrder = {
  accountId: string;
  walletId: string;
  userId: string;
  assets: Asset[];
  byId: Map<string, MeterRow>;
  categoryId: string | null;
  afterCommit: (fn: () => Promise<void> | void) => void;
};

/** The order, one vending per meter, each held (attempt 1), and the order sent to approval. */
async function insertOrder(tx: Tx, deps: AppDeps, o: NewOrder): Promise<string> {
  const [order] = await tx
    .insert(vendingOrders)
    .values({
      accountId: o.accountId,
      reference: newReference('vno'),
      walletId: o.walletId,
      currency: 'NGN',
      makerUserId: o.userId,
    })
    .returning();
  const rows = await tx
    .insert(vendings)
    .values(o.assets.map((a) => vendingValues(o, order.id, a)))
    .returning();
  const held: { id: string; transactionId: string }[] = [];
  for (const v of rows) held.push(await hold(tx, deps, v, o.walletId, o.userId, 1, { deferUpdate: true }));
  // One statement links every vending to its hold (attempt 1).
  await tx.execute(sql`
    update vendings set attempt = 1, transaction_id = h.tid, updated_at = now()
    from (values ${sql.join(
      held.map((h) => sql`(${h.id}::uuid, ${h.transactionId}::uuid)`),
      sql`, `,
    )}) as h(id, tid)
    where vendings.id = h.id`);
  await submitForApproval(tx, deps, {
    accountId: o.accountId,
    type: 'marketplace',
    resourceId: order.id,
    afterCommit: o.afterCommit,
  });
  return order.id;
}

/** A vending's row: its meter's details as they are now (the meter may later change or go). */
function vendingValues(o: NewOrder, orderId: string, a: Asset) {
  const m = o.byId.get(a.assetId)!;
  const meta: VendingMeta = {
    vertical: 'ELECTRICITY',
    meter: m.meterNo,
    name: m.name,
    address: m.address,
    disco: m.disco,
    vendType: m.vendType,
    label: m.label,
    phoneNo: m.phoneNo,
  };
  return {
    accountId: o.accountId,
    orderId,
    meterId: m.id,
    reference: newReference('vnd'),
    amountMinor: a.amount,
    currency: 'NGN',
    meta,
    categoryId: o.categoryId,
    attempt: 0,
  };
}

const notFoundField = (field: string) =>
  new AppError(404, 'not-found', MSG.meterNotFound, { [field]: [MSG.meterNotFound] });
