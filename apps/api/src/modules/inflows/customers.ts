// Receivables customers (issue 24): list, CSV, create, edit, and one customer with their invoices.
import { and, desc, eq, sql } from 'drizzle-orm';
import { INFLOW_MSG, type Customer, type CustomerInput } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { preparedCsv } from '../../platform/csv';
import { preparedPage } from '../../platform/list';
import { completedIds, invoiceDto } from './invoice-read';
import { likeOf, nf, P, type ListQ } from './shared';
import { inflowCustomers, invoices } from './tables';

type CustomerRow = typeof inflowCustomers.$inferSelect;
const customerColumns = {
  id: inflowCustomers.id,
  name: inflowCustomers.name,
  email: inflowCustomers.email,
  phoneNumber: inflowCustomers.phoneNumber,
  createdAt: inflowCustomers.createdAt,
};
export const customerDto = (r: Pick<CustomerRow, keyof typeof customerColumns>): Customer => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phoneNumber: r.phoneNumber,
  createdAt: r.createdAt.toISOString(),
});
const CUSTOMER_LIST = {
  columns: customerColumns,
  where: and(
    eq(inflowCustomers.accountId, P('accountId')),
    sql`(${P('like')}::text is null or ${inflowCustomers.name} ilike ${P('like')} or ${inflowCustomers.email} ilike ${P('like')} or ${inflowCustomers.phoneNumber} ilike ${P('like')})`,
  )!,
  orderBy: [desc(inflowCustomers.createdAt), desc(inflowCustomers.id)],
};
const customersPage = preparedPage('inflow_customers', inflowCustomers, CUSTOMER_LIST);
const customersCsvRows = preparedCsv('inflow_customers', inflowCustomers, CUSTOMER_LIST);
export const CUSTOMER_CSV = [
  { header: 'Name', value: (c: Customer) => c.name },
  { header: 'Email', value: (c: Customer) => c.email },
  { header: 'Phone', value: (c: Customer) => c.phoneNumber },
  { header: 'Created', value: (c: Customer) => c.createdAt },
];
export async function listCustomers(db: Db, accountId: string, q: ListQ) {
  const { rows, total } = await customersPage(db, { accountId, like: likeOf(q.search) }, q);
  return { items: rows.map(customerDto), total };
}
export const customersCsv = (db: Db, accountId: string, q: ListQ) =>
  customersCsvRows(db, { accountId, like: likeOf(q.search) }, customerDto, CUSTOMER_CSV);

export async function createCustomer(db: DbOrTx, accountId: string, b: CustomerInput) {
  const [row] = await db
    .insert(inflowCustomers)
    .values({ accountId, name: b.name, email: b.email, phoneNumber: b.phoneNumber || null })
    .returning();
  return customerDto(row);
}
export async function updateCustomer(db: Db, accountId: string, id: string, b: CustomerInput) {
  const [row] = await db
    .update(inflowCustomers)
    .set({ name: b.name, email: b.email, phoneNumber: b.phoneNumber || null, updatedAt: new Date() })
    .where(and(eq(inflowCustomers.id, id), eq(inflowCustomers.accountId, accountId)))
    .returning();
  if (!row) throw nf(INFLOW_MSG.customerNotFound);
  return customerDto(row);
}
export async function getCustomer(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(inflowCustomers)
    .where(and(eq(inflowCustomers.id, id), eq(inflowCustomers.accountId, accountId)));
  if (!row) throw nf(INFLOW_MSG.customerNotFound);
  const inv = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.customerId, id)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(100);
  const done = await completedIds(db, inv);
  return { ...customerDto(row), invoices: inv.map((r) => invoiceDto(r, done)) };
}
