// Expenses: the company's saved beneficiaries (the bank accounts its expenses paid).
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { escapeLike } from '../../platform/text';
import { expenseBeneficiaries } from './tables';

export async function listBeneficiaries(db: Db, p: { accountId: string; search?: string; limit: number }) {
  const conds: (SQL | undefined)[] = [eq(expenseBeneficiaries.accountId, p.accountId)];
  if (p.search) {
    const like = `%${escapeLike(p.search)}%`;
    conds.push(
      or(
        ilike(expenseBeneficiaries.accountName, like),
        ilike(expenseBeneficiaries.accountNumber, like),
        ilike(expenseBeneficiaries.bankName, like),
      ),
    );
  }
  const rows = await db
    .select()
    .from(expenseBeneficiaries)
    .where(and(...conds))
    .orderBy(desc(expenseBeneficiaries.lastUsedAt))
    .limit(p.limit);
  return rows.map((b) => ({
    id: b.id,
    accountName: b.accountName,
    bankName: b.bankName,
    accountNumber: b.accountNumber,
    bankCode: b.bankCode,
    email: b.email,
  }));
}

export async function deleteBeneficiary(db: Db, p: { accountId: string; id: string }) {
  const [row] = await db
    .delete(expenseBeneficiaries)
    .where(and(eq(expenseBeneficiaries.id, p.id), eq(expenseBeneficiaries.accountId, p.accountId)))
    .returning();
  if (!row) throw notFound('Beneficiary');
  return {
    id: row.id,
    accountName: row.accountName,
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    bankCode: row.bankCode,
    email: row.email,
  };
}
