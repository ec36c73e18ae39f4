// The payment tags (mapping): the bank, expense, payroll and journal accounts, and each payout
// category's provider account and class.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACCOUNTING_MSG,
  JOURNAL_ACCOUNT_KEYS,
  type JournalAccountKey,
  type MappingAnswer,
  type MappingBody,
} from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { accountingCategoryMappings, accountingConnections } from './tables';
import { payoutCategories } from '../../platform/schema';
import { listRefs } from './chart';
import { connectionOf, notConnected } from './connection';

export async function getMapping(db: DbOrTx, accountId: string): Promise<MappingAnswer> {
  const conn = await connectionOf(db, accountId);
  const rows = await db
    .select({
      categoryId: payoutCategories.id,
      categoryName: payoutCategories.name,
      providerAccountId: accountingCategoryMappings.providerAccountId,
      classId: accountingCategoryMappings.classId,
      accountName: sql<
        string | null
      >`(select r.name from accounting_refs r where r.account_id = ${accountId}::uuid and r.kind = 'account' and r.provider_id = ${accountingCategoryMappings.providerAccountId})`,
      className: sql<
        string | null
      >`(select r.name from accounting_refs r where r.account_id = ${accountId}::uuid and r.kind = 'class' and r.provider_id = ${accountingCategoryMappings.classId})`,
    })
    .from(payoutCategories)
    .leftJoin(
      accountingCategoryMappings,
      and(
        eq(accountingCategoryMappings.accountId, payoutCategories.accountId),
        eq(accountingCategoryMappings.categoryId, payoutCategories.id),
      ),
    )
    .where(eq(payoutCategories.accountId, accountId))
    .orderBy(asc(payoutCategories.name), asc(payoutCategories.id));
  return {
    bankAccountId: conn?.bankAccountId ?? null,
    defaultExpenseAccountId: conn?.defaultExpenseAccountId ?? null,
    payrollAccountId: conn?.payrollAccountId ?? null,
    ...(Object.fromEntries(JOURNAL_ACCOUNT_KEYS.map((k) => [k, conn?.[k] ?? null])) as Record<
      JournalAccountKey,
      string | null
    >),
    mappings: rows.map((r) => ({
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      providerAccountId: r.providerAccountId ?? null,
      providerAccountName: r.accountName ?? null,
      classId: r.classId ?? null,
      className: r.className ?? null,
    })),
  };
}

/** The import payment tags flow's finish: every id must be ours and in the synced chart. */
export async function saveMapping(deps: AppDeps, accountId: string, body: MappingBody) {
  const conn = await connectionOf(deps.db, accountId);
  if (!conn) throw notConnected();
  const accountsIds = new Set((await listRefs(deps.db, accountId, 'account')).map((a) => a.id));
  const classIds = new Set((await listRefs(deps.db, accountId, 'class')).map((a) => a.id));
  const accountKeys = [
    'bankAccountId',
    'defaultExpenseAccountId',
    'payrollAccountId',
    ...JOURNAL_ACCOUNT_KEYS,
  ] as const;
  for (const k of accountKeys) {
    const v = body[k];
    if (v !== undefined && !accountsIds.has(v)) throw fieldError(k, ACCOUNTING_MSG.providerAccountNotFound);
  }
  const catIds = [...new Set(body.mappings.map((m) => m.categoryId))];
  const ours = catIds.length
    ? await deps.db
        .select({ id: payoutCategories.id })
        .from(payoutCategories)
        .where(and(eq(payoutCategories.accountId, accountId), inArray(payoutCategories.id, catIds)))
    : [];
  const ourSet = new Set(ours.map((c) => c.id));
  for (const [i, m] of body.mappings.entries()) {
    if (!ourSet.has(m.categoryId))
      throw fieldError(`mappings.${i}.categoryId`, ACCOUNTING_MSG.categoryNotFound);
    if (m.providerAccountId !== null && !accountsIds.has(m.providerAccountId))
      throw fieldError(`mappings.${i}.providerAccountId`, ACCOUNTING_MSG.providerAccountNotFound);
    if (m.classId && !classIds.has(m.classId))
      throw fieldError(`mappings.${i}.classId`, ACCOUNTING_MSG.classNotFound);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountingConnections)
      .set({
        ...(body.bankAccountId !== undefined ? { bankAccountId: body.bankAccountId } : {}),
        ...(body.defaultExpenseAccountId !== undefined
          ? { defaultExpenseAccountId: body.defaultExpenseAccountId }
          : {}),
        ...(body.payrollAccountId !== undefined ? { payrollAccountId: body.payrollAccountId } : {}),
        ...Object.fromEntries(
          JOURNAL_ACCOUNT_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]),
        ),
        updatedAt: new Date(),
      })
      .where(eq(accountingConnections.accountId, accountId));
    for (const m of body.mappings) {
      const values = {
        providerAccountId: m.providerAccountId,
        classId: m.classId ?? null,
        updatedAt: new Date(),
      };
      await tx
        .insert(accountingCategoryMappings)
        .values({ accountId, categoryId: m.categoryId, ...values })
        .onConflictDoUpdate({
          target: [accountingCategoryMappings.accountId, accountingCategoryMappings.categoryId],
          set: values,
        });
    }
  });
  return getMapping(deps.db, accountId);
}
