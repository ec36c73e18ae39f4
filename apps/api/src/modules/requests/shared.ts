// What the fund requests' use cases share: the row type, the locked read, the request's notices.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { createNotification } from '../notifications';
import { fundRequests } from './tables';

export type Row = typeof fundRequests.$inferSelect;

export async function notify(tx: DbOrTx, r: Row, topic: string, value: string, userIds?: string[]) {
  await createNotification(tx, {
    accountId: r.accountId,
    topic,
    value,
    props: { requestReference: r.reference },
    category: 'approvals',
    ...(userIds ? { userIds } : {}),
  });
}

export async function lockRequest(tx: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [r] = await tx
    .select()
    .from(fundRequests)
    .where(and(eq(fundRequests.id, id), eq(fundRequests.accountId, accountId)))
    .for('update');
  if (!r) throw notFound('Request');
  return r;
}
