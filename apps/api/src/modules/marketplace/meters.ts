// Marketplace meters (issue 26 §1): verified with the vending provider, saved once per disco and
// number, listed, read and deleted.
import { and, desc, eq, sql } from 'drizzle-orm';
import { DISCOS, MARKETPLACE_MSG as MSG, type Meter, type MeterAddBody } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, unprocessable } from '../../platform/errors';
import { preparedPage } from '../../platform/list';
import { escapeLike } from '../../platform/text';
import { vendingOf } from './provider/registry';
import { P, type MeterRow } from './shared';
import { meters } from './tables';

export const listDiscos = () => [...DISCOS];

export function meterDto(m: MeterRow): Meter {
  return {
    id: m.id,
    meterNo: m.meterNo,
    name: m.name,
    address: m.address,
    disco: m.disco,
    vendType: m.vendType,
    label: m.label,
    phoneNo: m.phoneNo,
    email: m.email,
    state: m.state,
    createdAt: m.createdAt.toISOString(),
  };
}

export async function verifyMeter(
  deps: AppDeps,
  q: { disco: string; meterNo: string; vendType: 'prepaid' | 'postpaid' },
) {
  const found = await vendingOf(deps).verifyMeter(q);
  if (!found) throw unprocessable(MSG.verificationFailed, { meterNo: [MSG.verificationFailed] });
  return { ...q, ...found };
}

export async function addMeter(
  deps: AppDeps,
  p: {
    accountId: string;
    userId: string;
    body: Omit<MeterAddBody, 'label' | 'email' | 'name'> & { label?: string | null };
  },
): Promise<Meter> {
  const b = p.body;
  const [dup] = await deps.db
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.accountId, p.accountId), eq(meters.disco, b.disco), eq(meters.meterNo, b.meterNo)));
  if (dup) throw conflict(MSG.meterDuplicate, { meterNo: [MSG.meterDuplicate] });
  // The stored name and address are the provider's, never what the form sent.
  const v = await verifyMeter(deps, { disco: b.disco, meterNo: b.meterNo, vendType: b.vendType });
  const [row] = await deps.db
    .insert(meters)
    .values({
      accountId: p.accountId,
      meterNo: b.meterNo,
      disco: b.disco,
      vendType: b.vendType,
      name: v.name,
      address: v.address,
      label: b.label?.trim() ? b.label.trim() : null,
      phoneNo: b.phoneNo,
      email: '',
      state: b.state ?? '',
      createdBy: p.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(MSG.meterDuplicate, { meterNo: [MSG.meterDuplicate] });
  return meterDto(row);
}

const metersPage = preparedPage('marketplace_meters', meters, {
  columns: {
    id: meters.id,
    meterNo: meters.meterNo,
    name: meters.name,
    address: meters.address,
    disco: meters.disco,
    vendType: meters.vendType,
    label: meters.label,
    phoneNo: meters.phoneNo,
    email: meters.email,
    state: meters.state,
    createdAt: meters.createdAt,
    accountId: meters.accountId,
    createdBy: meters.createdBy,
  },
  where: and(
    eq(meters.accountId, P('accountId')),
    sql`(${P('disco')}::text is null or ${meters.disco} = ${P('disco')})`,
    sql`(${P('vendType')}::text is null or ${meters.vendType} = ${P('vendType')})`,
    sql`(${P('like')}::text is null or ${meters.meterNo} ilike ${P('like')} or ${meters.name} ilike ${P('like')} or ${meters.label} ilike ${P('like')})`,
  )!,
  orderBy: [desc(meters.createdAt), desc(meters.id)],
});

export async function listMeters(
  db: Db,
  accountId: string,
  q: { page: number; limit: number; search?: string; disco?: string; vendType?: string },
) {
  const { rows, total } = await metersPage(
    db,
    {
      accountId,
      disco: q.disco ?? null,
      vendType: q.vendType ?? null,
      like: q.search ? `%${escapeLike(q.search)}%` : null,
    },
    q,
  );
  return { items: rows.map((r) => meterDto(r as MeterRow)), total };
}

export async function getMeter(db: DbOrTx, accountId: string, id: string): Promise<Meter> {
  const [m] = await db
    .select()
    .from(meters)
    .where(and(eq(meters.id, id), eq(meters.accountId, accountId)));
  if (!m) throw new AppError(404, 'not-found', MSG.meterNotFound);
  return meterDto(m);
}

export async function deleteMeter(db: Db, accountId: string, id: string): Promise<Meter> {
  const [m] = await db
    .delete(meters)
    .where(and(eq(meters.id, id), eq(meters.accountId, accountId)))
    .returning();
  if (!m) throw new AppError(404, 'not-found', MSG.meterNotFound);
  return meterDto(m);
}
