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
