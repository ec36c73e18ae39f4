// Payout categories and monthly budgets (issue 21 §3); the AP policy's overBudget (block | warn)
// is applied by areas through `budgetCheck`.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { CATEGORY_MSG, fromMinor, type BudgetInsight, type PayoutCategory } from '@owo/contract';
import type { DbOrTx, Tx } from '../../platform/db';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors';
import { payoutCategories } from './tables';

type Row = typeof payoutCategories.$inferSelect;
const dto = (r: Row): PayoutCategory => ({
  id: r.id,
  name: r.name,
  parentId: r.parentId,
  budget: r.budgetMinor === null ? null : fromMinor(r.budgetMinor),
  budgetMinor: r.budgetMinor,
  createdAt: r.createdAt.toISOString(),
});

export async function findCategory(db: DbOrTx, accountId: string, id: string): Promise<Row | null> {
  const [r] = await db
    .select()
    .from(payoutCategories)
    .where(and(eq(payoutCategories.id, id), eq(payoutCategories.accountId, accountId)));
  return r ?? null;
}

async function requireCategory(db: DbOrTx, accountId: string, id: string) {
  const r = await findCategory(db, accountId, id);
  if (!r) throw notFound('Category');
  return r;
}

export async function listCategories(db: DbOrTx, accountId: string, subcategories = false) {
  const rows = await db
    .select()
    .from(payoutCategories)
    .where(
      and(
        eq(payoutCategories.accountId, accountId),
        subcategories ? sql`${payoutCategories.parentId} is not null` : isNull(payoutCategories.parentId),
      ),
    )
    .orderBy(asc(payoutCategories.name));
  return rows.map(dto);
}

async function assertUniqueName(
  tx: Tx,
  accountId: string,
  name: string,
  parentId: string | null,
  except?: string,
) {
  const [dup] = await tx
    .select({ id: payoutCategories.id })
    .from(payoutCategories)
    .where(
      and(
        eq(payoutCategories.accountId, accountId),
        sql`lower(${payoutCategories.name}) = lower(${name})`,
        parentId ? eq(payoutCategories.parentId, parentId) : isNull(payoutCategories.parentId),
        except ? ne(payoutCategories.id, except) : undefined,
      ),
    );
  if (dup) throw conflict(CATEGORY_MSG.exists, { name: [CATEGORY_MSG.exists] });
}

export async function createCategory(
  tx: Tx,
  p: { accountId: string; name: string; parentId?: string | null },
): Promise<PayoutCategory> {
  // Serialise per account so two concurrent creates cannot both pass the name check.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`categories:${p.accountId}`}))`);
  if (p.parentId) {
    const parent = await findCategory(tx, p.accountId, p.parentId);
    if (!parent || parent.parentId) throw fieldError('parentId', 'Parent must be a top-level category');
  }
  await assertUniqueName(tx, p.accountId, p.name, p.parentId ?? null);
  const [r] = await tx
    .insert(payoutCategories)
    .values({ accountId: p.accountId, name: p.name, parentId: p.parentId ?? null })
    .returning();
  return dto(r);
}

export async function renameCategory(tx: Tx, p: { accountId: string; id: string; name: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`categories:${p.accountId}`}))`);
  const r = await requireCategory(tx, p.accountId, p.id);
  await assertUniqueName(tx, p.accountId, p.name, r.parentId, r.id);
  const [u] = await tx
    .update(payoutCategories)
    .set({ name: p.name, updatedAt: sql`now()` })
    .where(eq(payoutCategories.id, r.id))
    .returning();
  return dto(u);
}

export async function deleteCategory(tx: Tx, p: { accountId: string; id: string }) {
  const r = await requireCategory(tx, p.accountId, p.id);
  const [child] = await tx
    .select({ id: payoutCategories.id })
    .from(payoutCategories)
    .where(and(eq(payoutCategories.accountId, p.accountId), eq(payoutCategories.parentId, r.id)))
    .limit(1);
  if (child) throw conflict(CATEGORY_MSG.inUse);
  await tx.delete(payoutCategories).where(eq(payoutCategories.id, r.id));
  return dto(r);
}

export async function setBudget(tx: Tx, p: { accountId: string; id: string; budgetMinor: number | null }) {
  if (p.budgetMinor !== null && p.budgetMinor > 100_000_000_000_000)
    throw badRequest('Budget is too large', { budget: ['Budget is too large'] });
  const r = await requireCategory(tx, p.accountId, p.id);
  const [u] = await tx
    .update(payoutCategories)
    .set({ budgetMinor: p.budgetMinor, updatedAt: sql`now()` })
    .where(eq(payoutCategories.id, r.id))
    .returning();
  return dto(u);
}

/** This Lagos calendar month's spent (paying, completed, retired) and committed (pending, approved) per category. */
async function usage(db: DbOrTx, accountId: string, categoryId?: string, excludeExpenseId?: string) {
  // Expenses, and electricity (marketplace vendings carry the category): spent = paid or vended,
  // committed = awaiting approval or being vended; failed, rejected and released spend nothing.
  const rows = await db.execute<{ category: string; spent: string; committed: string }>(sql`
    select category, sum(spent)::bigint as spent, sum(committed)::bigint as committed from (
      select e.purpose->>'service' as category,
        coalesce(sum(e.amount_minor) filter (where e.status in ('paying', 'completed', 'retired')
          and coalesce(t.status, '') not in ('failed', 'reversed')), 0)::bigint as spent,
        coalesce(sum(e.amount_minor) filter (where e.status in ('pending', 'approved')), 0)::bigint as committed
      from expenses e left join transactions t on t.id = e.transaction_id
      where e.account_id = ${accountId}::uuid
        and e.created_at >= date_trunc('month', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'
        and e.purpose->>'service' is not null
        ${categoryId ? sql`and e.purpose->>'service' = ${categoryId}` : sql``}
        ${excludeExpenseId ? sql`and e.id <> ${excludeExpenseId}::uuid` : sql``}
      group by 1
      union all
      select v.category_id::text,
        coalesce(sum(v.amount_minor) filter (where v.state = 'success'), 0)::bigint,
        coalesce(sum(v.amount_minor) filter (where v.state in ('held', 'vending')), 0)::bigint
      from vendings v
      where v.account_id = ${accountId}::uuid and v.category_id is not null
        and v.created_at >= date_trunc('month', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'
        ${categoryId ? sql`and v.category_id = ${categoryId}::uuid` : sql``}
      group by 1
    ) u group by 1`);
  return new Map(
    rows.rows.map((r) => [r.category, { spent: Number(r.spent), committed: Number(r.committed) }]),
  );
}

export const currentPeriod = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' }).format(
    new Date(),
  );

export async function budgetInsight(db: DbOrTx, accountId: string): Promise<BudgetInsight[]> {
  const cats = await db
    .select()
    .from(payoutCategories)
    .where(eq(payoutCategories.accountId, accountId))
    .orderBy(asc(payoutCategories.name));
  const use = await usage(db, accountId);
  return cats.map((c) => {
    const u = use.get(c.id) ?? { spent: 0, committed: 0 };
    const remaining = c.budgetMinor === null ? null : c.budgetMinor - u.spent - u.committed;
    return {
      id: c.id,
      name: c.name,
      parentId: c.parentId,
      period: currentPeriod(),
      budget: c.budgetMinor === null ? null : fromMinor(c.budgetMinor),
      budgetMinor: c.budgetMinor,
      spent: fromMinor(u.spent),
      spentMinor: u.spent,
      committed: fromMinor(u.committed),
      committedMinor: u.committed,
      remaining: remaining === null ? null : fromMinor(remaining),
      remainingMinor: remaining,
    };
  });
}

/**
 * Would `amountMinor` take the category over its monthly budget? `stage` 'submit' counts what is
 * spent and committed; 'pay' (at final approval) counts only what is spent.
 */
export async function budgetCheck(
  db: DbOrTx,
  p: {
    accountId: string;
    categoryId: string;
    amountMinor: number;
    stage: 'submit' | 'pay';
    excludeExpenseId?: string;
  },
): Promise<{ category: Row; exceeds: boolean }> {
  const category = await findCategory(db, p.accountId, p.categoryId);
  if (!category) throw fieldError('purpose.service', 'Category not found');
  if (category.budgetMinor === null) return { category, exceeds: false };
  const u = (await usage(db, p.accountId, category.id, p.excludeExpenseId)).get(category.id) ?? {
    spent: 0,
    committed: 0,
  };
  const used = p.stage === 'submit' ? u.spent + u.committed : u.spent;
  return { category, exceeds: used + p.amountMinor > category.budgetMinor };
}

async function requireSubcategory(tx: Tx, accountId: string, parentId: string, subId: string) {
  const parent = await requireCategory(tx, accountId, parentId);
  const sub = await findCategory(tx, accountId, subId);
  if (!sub || sub.parentId !== parent.id) throw notFound('Subcategory');
  return sub;
}

/**
 * PUT /payout/category/{id}/subcategory: with `subcategoryId`, renames that subcategory of the
 * category; without it, adds a subcategory under the category.
 */
export async function putSubcategory(
  tx: Tx,
  p: { accountId: string; parentId: string; name: string; subcategoryId?: string | null },
): Promise<{ created: boolean; data: PayoutCategory }> {
  if (!p.subcategoryId) {
    await requireCategory(tx, p.accountId, p.parentId);
    return { created: true, data: await createCategory(tx, { ...p, parentId: p.parentId }) };
  }
  await requireSubcategory(tx, p.accountId, p.parentId, p.subcategoryId);
  return { created: false, data: await renameCategory(tx, { ...p, id: p.subcategoryId }) };
}

export async function deleteSubcategory(tx: Tx, p: { accountId: string; parentId: string; subId: string }) {
  const sub = await requireSubcategory(tx, p.accountId, p.parentId, p.subId);
  await tx.delete(payoutCategories).where(eq(payoutCategories.id, sub.id));
  return dto(sub);
}
