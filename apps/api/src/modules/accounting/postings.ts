// The postings as the books page shows them: the list, and a failed posting's retry.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACCOUNTING_MSG, fromMinor, type Posting } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { sendJobSoon } from '../../platform/jobs';
import { LEASE_SECONDS, POST_QUEUE } from './post';
import { accountingPostings } from './tables';

const postingDto = (p: typeof accountingPostings.$inferSelect, appUrl: string): Posting => ({
  id: p.id,
  record: p.record,
  recordId: p.sourceId,
  reference: p.reference,
  document: p.document,
  status: p.status,
  amount: fromMinor(p.amountMinor),
  amountMinor: p.amountMinor,
  currency: p.currency,
  attempts: p.attempts,
  lastError: p.lastError,
  providerDocumentId: p.providerDocumentId,
  // the link the document carries (a bill's page is by its reference); before the first attempt, by id
  link:
    typeof p.payload?.link === 'string'
      ? p.payload.link
      : p.record === 'expense'
        ? `${appUrl}/expense/${p.sourceId}`
        : p.record === 'payroll'
          ? `${appUrl}/payroll/${p.sourceId}/details`
          : `${appUrl}/payouts/${p.sourceId}`,
  createdAt: p.createdAt.toISOString(),
  postedAt: p.postedAt ? p.postedAt.toISOString() : null,
});

export async function listPostings(
  deps: AppDeps,
  accountId: string,
  q: { page: number; limit: number; status?: 'pending' | 'posted' | 'failed' },
) {
  const where = and(
    eq(accountingPostings.accountId, accountId),
    q.status ? eq(accountingPostings.status, q.status) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(accountingPostings)
      .where(where)
      .orderBy(desc(accountingPostings.createdAt), desc(accountingPostings.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountingPostings)
      .where(where),
  ]);
  return { items: rows.map((r) => postingDto(r, deps.config.appUrl)), total: n };
}

export async function retryPosting(deps: AppDeps, accountId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(accountingPostings)
    .where(and(eq(accountingPostings.id, id), eq(accountingPostings.accountId, accountId)));
  if (!row) throw notFound('Posting');
  if (row.status !== 'failed') throw conflict(ACCOUNTING_MSG.postingNotFailed);
  const [r] = await deps.db
    .update(accountingPostings)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(and(eq(accountingPostings.id, id), eq(accountingPostings.status, 'failed')))
    .returning();
  if (!r) throw conflict(ACCOUNTING_MSG.postingNotFailed);
  sendJobSoon(deps, POST_QUEUE, { postingId: id });
  return postingDto(r, deps.config.appUrl);
}

export const postingIdsOf = (db: DbOrTx, accountId: string, ids: string[]) =>
  db
    .select()
    .from(accountingPostings)
    .where(and(eq(accountingPostings.accountId, accountId), inArray(accountingPostings.id, ids)));
