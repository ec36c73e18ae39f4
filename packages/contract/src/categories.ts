import { z } from 'zod';
import { AMOUNT_TEXT_MAX } from './money';

// Payout categories and budgets (001 §7 Payout categories; issue 21 §3). A budget is per calendar
// month (Africa/Lagos); the AP policy's overBudget decides block or warn.

export const CATEGORY_MSG = {
  nameRequired: 'Name is required',
  exists: 'A category with this name already exists',
  overBudget: (name: string) => `This expense would exceed the budget of ${name}`,
  budgetSet: 'Budget updated successfully',
  created: 'Category created successfully',
  updated: 'Category updated successfully',
  deleted: 'Category deleted successfully',
  inUse: 'This category has subcategories; delete them first',
} as const;

/** PUT /payout/category/{id}/subcategory: rename `subcategoryId`, or add a subcategory without it. */
export const subcategoryBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  subcategoryId: z.string().uuid('Subcategory not found').optional().nullable(),
});

export const categoryBody = z.object({
  name: z.string({ error: CATEGORY_MSG.nameRequired }).trim().min(1, CATEGORY_MSG.nameRequired).max(100),
  parentId: z.string().uuid('Parent must be a category id').optional().nullable(),
});

/** Budget in whole or decimal naira; null removes it. */
export const budgetBody = z.object({
  budget: z
    .union([z.number(), z.string().max(AMOUNT_TEXT_MAX)])
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
      if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'Budget must be a number with at most 2 decimal places' });
        return z.NEVER;
      }
      const [w, f = ''] = s.split('.');
      return Number(w) * 100 + Number(f.padEnd(2, '0'));
    }),
});

export const categorySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  parentId: z.string().nullable(),
  budget: z.string().nullable(),
  budgetMinor: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PayoutCategory = z.infer<typeof categorySchema>;

export const budgetInsightSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** The parent category of a subcategory; null for a top-level category. */
  parentId: z.string().nullable(),
  period: z.string(),
  budget: z.string().nullable(),
  budgetMinor: z.number().int().nullable(),
  spent: z.string(),
  spentMinor: z.number().int(),
  committed: z.string(),
  committedMinor: z.number().int(),
  remaining: z.string().nullable(),
  remainingMinor: z.number().int().nullable(),
});
export type BudgetInsight = z.infer<typeof budgetInsightSchema>;
