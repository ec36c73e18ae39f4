import { z } from 'zod';
import { AMOUNT_TEXT_MAX } from './money';

// Products and services (001 §3, §5 Products, §7 /products-and-services).

export const PRODUCT_CATEGORIES = ['Inflow', 'Outflow'] as const;
export const PRODUCT_MSG = {
  nameRequired: 'Name is required',
  categoryRequired: 'Category is required',
  priceMin: 'Price must be at least 0',
  created: 'New Products addedd successfully',
  updated: 'Product updated success!',
  deleted: 'Product deleted successfully',
  notFound: 'Product not found',
} as const;

const price = z.union([z.number(), z.string().max(AMOUNT_TEXT_MAX)]).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.priceMin });
    return z.NEVER;
  }
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
});

/** Products created inline default to Outflow with a quantity of 1 (001 §9). */
export const productBody = z.object({
  name: z.string({ error: PRODUCT_MSG.nameRequired }).trim().min(1, PRODUCT_MSG.nameRequired).max(120),
  description: z.string().trim().max(500).optional().nullable(),
  amount: price,
  category: z.enum(PRODUCT_CATEGORIES, { error: PRODUCT_MSG.categoryRequired }).default('Outflow'),
  quantity: z.number().int().min(0).max(1_000_000).default(1),
});

export const productSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.string(),
  amountMinor: z.number().int(),
  category: z.enum(PRODUCT_CATEGORIES),
  quantity: z.number().int(),
  total: z.string(),
  totalMinor: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const productQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// Payout assets with inventory (001 §3 payout asset, §5 Asset, §7 /payout-asset, §8 toasts).

export const ASSET_MSG = {
  typeRequired: 'Type is required',
  brandRequired: 'Brand is required',
  modelNoRequired: 'Model number is required',
  serialNoRequired: 'Serial number is required',
  locationRequired: 'Location is required',
  added: 'Asset added successfully',
  updated: 'Asset updated successfully',
  deleted: 'Asset deleted successfully',
  activated: 'Asset activated successfully',
  deactivated: 'Asset deactivated successfully',
  notFound: 'Asset not found',
  serialExists: 'An asset with this serial number already exists',
  duplicateProduct: 'Each product may appear once in the inventory',
} as const;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(120, 'At most 120 characters');

/** Every asset field is required (001 §5 Asset); inventory lines name products of the account. */
export const assetBody = z.object({
  type: required(ASSET_MSG.typeRequired),
  brand: required(ASSET_MSG.brandRequired),
  modelNo: required(ASSET_MSG.modelNoRequired),
  serialNo: required(ASSET_MSG.serialNoRequired),
  location: required(ASSET_MSG.locationRequired),
  inventory: z
    .array(
      z.object({
        productId: z.string({ error: PRODUCT_MSG.notFound }).uuid(PRODUCT_MSG.notFound),
        quantity: z.number().int().min(0, 'Quantity must be at least 0').max(1_000_000),
      }),
    )
    .max(100)
    .default([]),
});
export type AssetBody = z.input<typeof assetBody>;

export const assetActiveBody = z.object({ active: z.boolean({ error: 'Active must be true or false' }) });

export const assetInventoryLine = z.object({
  productId: z.string().uuid(),
  name: z.string(),
  quantity: z.number().int(),
  amount: z.string(),
  amountMinor: z.number().int(),
  total: z.string(),
  totalMinor: z.number().int(),
});

export const assetSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  brand: z.string(),
  modelNo: z.string(),
  serialNo: z.string(),
  location: z.string(),
  active: z.boolean(),
  inventory: z.array(assetInventoryLine),
  /** Inventory value: Σ product price × quantity. */
  value: z.string(),
  valueMinor: z.number().int(),
  createdAt: z.string(),
});
export type PayoutAsset = z.infer<typeof assetSchema>;

export const assetQuery = z.object({
  search: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
