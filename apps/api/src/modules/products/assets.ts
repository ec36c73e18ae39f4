// Payout assets with inventory (001 §3, §5 Asset, §7 /payout-asset). An asset's inventory lists
// products of the same account; its value is Σ price × quantity, computed here, never by screens.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ASSET_MSG, fromMinor, PRODUCT_MSG, type PayoutAsset } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { fetchPage, type PageQuery } from '../../platform/list';
import { escapeLike } from '../../platform/text';
import { payoutAssetInventory, payoutAssets, productsAndServices } from './tables';

type AssetRow = typeof payoutAssets.$inferSelect;
export type AssetInput = {
  type: string;
  brand: string;
  modelNo: string;
  serialNo: string;
  location: string;
  inventory: { productId: string; quantity: number }[];
};

export const assetNotFound = () => new AppError(404, 'not-found', ASSET_MSG.notFound);
const isUnique = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

async function inventoryOf(db: DbOrTx, assetIds: string[]) {
  const byAsset = new Map<string, PayoutAsset['inventory']>();
  if (!assetIds.length) return byAsset;
  const rows = await db
    .select({
      assetId: payoutAssetInventory.assetId,
      productId: payoutAssetInventory.productId,
      quantity: payoutAssetInventory.quantity,
      name: productsAndServices.name,
      amountMinor: productsAndServices.amountMinor,
    })
    .from(payoutAssetInventory)
    .innerJoin(productsAndServices, eq(productsAndServices.id, payoutAssetInventory.productId))
    .where(inArray(payoutAssetInventory.assetId, assetIds))
    .orderBy(asc(productsAndServices.name));
  for (const r of rows) {
    const list = byAsset.get(r.assetId) ?? [];
    list.push({
      productId: r.productId,
      name: r.name,
      quantity: r.quantity,
      amount: fromMinor(r.amountMinor),
      amountMinor: r.amountMinor,
      total: fromMinor(r.amountMinor * r.quantity),
      totalMinor: r.amountMinor * r.quantity,
    });
    byAsset.set(r.assetId, list);
  }
  return byAsset;
}

const dto = (r: AssetRow, inventory: PayoutAsset['inventory']): PayoutAsset => {
  const valueMinor = inventory.reduce((s, l) => s + l.totalMinor, 0);
  return {
    id: r.id,
    type: r.type,
    brand: r.brand,
    modelNo: r.modelNo,
    serialNo: r.serialNo,
    location: r.location,
    active: r.active,
    inventory,
    value: fromMinor(valueMinor),
    valueMinor,
    createdAt: r.createdAt.toISOString(),
  };
};

/** Inventory lines must name distinct products of this account ('Product not found'). */
async function checkInventory(tx: Tx, accountId: string, lines: AssetInput['inventory']) {
  const ids = lines.map((l) => l.productId);
  if (new Set(ids).size !== ids.length)
    throw badRequest(ASSET_MSG.duplicateProduct, { inventory: [ASSET_MSG.duplicateProduct] });
  if (!ids.length) return;
  const found = await tx
    .select({ id: productsAndServices.id })
    .from(productsAndServices)
    .where(and(eq(productsAndServices.accountId, accountId), inArray(productsAndServices.id, ids)));
  const have = new Set(found.map((f) => f.id));
  const missing = lines.findIndex((l) => !have.has(l.productId));
  if (missing >= 0)
    throw badRequest(PRODUCT_MSG.notFound, { [`inventory.${missing}.productId`]: [PRODUCT_MSG.notFound] });
}

async function writeInventory(tx: Tx, assetId: string, lines: AssetInput['inventory']) {
  await tx.delete(payoutAssetInventory).where(eq(payoutAssetInventory.assetId, assetId));
  if (lines.length) await tx.insert(payoutAssetInventory).values(lines.map((l) => ({ assetId, ...l })));
}

const serialTaken = () => conflict(ASSET_MSG.serialExists, { serialNo: [ASSET_MSG.serialExists] });

export async function getAsset(db: DbOrTx, accountId: string, id: string): Promise<PayoutAsset> {
  const [row] = await db
    .select()
    .from(payoutAssets)
    .where(and(eq(payoutAssets.id, id), eq(payoutAssets.accountId, accountId)));
  if (!row) throw assetNotFound();
  return dto(row, (await inventoryOf(db, [row.id])).get(row.id) ?? []);
}

export async function createAsset(db: DbOrTx, accountId: string, input: AssetInput) {
  try {
    return await db.transaction(async (tx) => {
      await checkInventory(tx, accountId, input.inventory);
      const { inventory, ...fields } = input;
      const [row] = await tx
        .insert(payoutAssets)
        .values({ accountId, ...fields })
        .returning();
      await writeInventory(tx, row.id, inventory);
      return getAsset(tx, accountId, row.id);
    });
  } catch (err) {
    if (isUnique(err)) throw serialTaken();
    throw err;
  }
}

export async function updateAsset(db: DbOrTx, accountId: string, id: string, input: AssetInput) {
  try {
    return await db.transaction(async (tx) => {
      const { inventory, ...fields } = input;
      const [row] = await tx
        .update(payoutAssets)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(and(eq(payoutAssets.id, id), eq(payoutAssets.accountId, accountId)))
        .returning();
      if (!row) throw assetNotFound();
      await checkInventory(tx, accountId, inventory);
      await writeInventory(tx, row.id, inventory);
      return getAsset(tx, accountId, row.id);
    });
  } catch (err) {
    if (isUnique(err)) throw serialTaken();
    throw err;
  }
}

export async function setAssetActive(db: DbOrTx, accountId: string, id: string, active: boolean) {
  const [row] = await db
    .update(payoutAssets)
    .set({ active, updatedAt: sql`now()` })
    .where(and(eq(payoutAssets.id, id), eq(payoutAssets.accountId, accountId)))
    .returning({ id: payoutAssets.id });
  if (!row) throw assetNotFound();
  return getAsset(db, accountId, id);
}

export async function deleteAsset(db: DbOrTx, accountId: string, id: string) {
  const found = await getAsset(db, accountId, id);
  await db.delete(payoutAssets).where(and(eq(payoutAssets.id, id), eq(payoutAssets.accountId, accountId)));
  return found;
}

export async function listAssets(
  db: DbOrTx,
  accountId: string,
  q: PageQuery & { search?: string; active?: 'true' | 'false' },
) {
  const like = q.search ? `%${escapeLike(q.search)}%` : null;
  const where: SQL = and(
    eq(payoutAssets.accountId, accountId),
    q.active ? eq(payoutAssets.active, q.active === 'true') : undefined,
    like
      ? or(
          ilike(payoutAssets.type, like),
          ilike(payoutAssets.brand, like),
          ilike(payoutAssets.modelNo, like),
          ilike(payoutAssets.serialNo, like),
          ilike(payoutAssets.location, like),
        )
      : undefined,
  )!;
  const { rows, total } = await fetchPage(db, payoutAssets, {
    ...q,
    where,
    orderBy: [desc(payoutAssets.createdAt), desc(payoutAssets.id)],
  });
  const inv = await inventoryOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => dto(r as AssetRow, inv.get(r.id) ?? [])), total };
}
