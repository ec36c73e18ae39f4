// Posting paid records to the books: the sweep that finds them and writes one posting each, the
// dispatcher that leases due postings to the queue, and the job that posts one (once per record).
import { eq, lte, sql } from 'drizzle-orm';
import { ACCOUNTING_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { sendJob } from '../../platform/jobs';
import { connectionOf, withProvider } from './connection';
import { documentFor } from './posting-document';
import { accountingPostings } from './tables';

export const POST_QUEUE = 'accounting-post';
/** A claimed posting is not handed out again for this long (a worker killed mid-post is retried after). */
export const LEASE_SECONDS = 120;
/** How far back the sweep looks for paid records (by transfer creation). */
export const POSTING_WINDOW_DAYS = 35;

/**
 * Finds records whose payouts are all final with at least one paid, for accounts with enabled
 * books, paid since the books were connected and not yet posted; writes one posting each (unique
 * per record) and queues it. Run by the `accounting-postings` ticker and woken by money's `recordPaid` seam.
 */
export async function sweepPaid(deps: AppDeps, accountId?: string, limit = 200): Promise<number> {
  const types = deps.seams.names('postingSource');
  const found = await deps.db.execute(sql`
    select t.account_id, t.source_type, t.source_id, c.provider
      from transactions t
      join accounting_connections c on c.account_id = t.account_id and c.enabled
     where t.type = 'payout' and t.source_type = any(${sql.raw(`array[${types.map((x) => `'${x}'`).join(',')}]`)}::text[])
       ${accountId ? sql`and t.account_id = ${accountId}::uuid` : sql``}
       -- the (account_id, created_at) index bounds the scan to recent payouts of connected accounts;
       -- a payout is created when it is paid out (schedules create theirs on the day), so a record
       -- settled more than POSTING_WINDOW_DAYS after its transfer started is left to a manual post
       and t.created_at >= now() - make_interval(days => ${POSTING_WINDOW_DAYS})
       and t.source_id ~ '^[0-9a-f-]{36}$'
       and not exists (select 1 from accounting_postings p
                        where p.account_id = t.account_id and p.source_type = t.source_type
                          and p.source_id = t.source_id::uuid)
     group by t.account_id, t.source_type, t.source_id, c.provider, c.connected_at
    having bool_and(t.status not in ('pending', 'processing')) and bool_or(t.status = 'success')
       and max(t.updated_at) >= c.connected_at
     limit ${limit}`);
  // Payroll rows paid (by a retry) after their run's posting was written: one follow-up each.
  const retried = await deps.db.execute(sql`
    select r.account_id, 'payroll-row' as source_type, r.id::text as source_id, c.provider
      from accounting_postings p
      join accounting_connections c on c.account_id = p.account_id and c.enabled
      join payroll_rows r on r.payroll_id = p.source_id and r.account_id = p.account_id
      join transactions t on t.id = r.transaction_id and t.status = 'success' and t.updated_at > p.created_at
     where p.source_type = 'payroll'
       ${accountId ? sql`and p.account_id = ${accountId}::uuid` : sql``}
       and p.created_at >= now() - make_interval(days => ${POSTING_WINDOW_DAYS})
       and not exists (select 1 from accounting_postings q
                        where q.account_id = r.account_id and q.source_type = 'payroll-row'
                          and q.source_id = r.id)
     limit ${limit}`);
  let queued = 0;
  for (const r of [...found.rows, ...retried.rows] as {
    account_id: string;
    source_type: string;
    source_id: string;
    provider: string;
  }[]) {
    const src = deps.seams.hook('postingSource', r.source_type)!;
    const rec = await src.load(deps.db, r.account_id, r.source_id, deps.config.appUrl);
    if (!rec) continue;
    const [row] = await deps.db
      .insert(accountingPostings)
      .values({
        accountId: r.account_id,
        sourceType: r.source_type,
        sourceId: r.source_id,
        record: rec.record,
        document: rec.document,
        reference: rec.reference,
        amountMinor: rec.amountMinor,
        currency: rec.currency,
        provider: r.provider as 'sandbox',
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .onConflictDoNothing()
      .returning({ id: accountingPostings.id });
    if (row) {
      await sendJob(deps, POST_QUEUE, { postingId: row.id });
      queued++;
    }
  }
  return queued;
}

/** Hands due pending postings to the queue with a lease (a killed worker's posting comes back). */
export async function dispatchDuePostings(deps: AppDeps, limit = 200) {
  const due = await deps.db
    .update(accountingPostings)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      sql`${accountingPostings.id} in (select id from ${accountingPostings} where ${accountingPostings.status} = 'pending' and ${lte(accountingPostings.nextAttemptAt, sql`now()`)} order by ${accountingPostings.nextAttemptAt} limit ${limit} for update skip locked)`,
    )
    .returning({ id: accountingPostings.id });
  for (const d of due) await sendJob(deps, POST_QUEUE, { postingId: d.id });
  return due.length;
}

export type PostObserver = (stage: 'sent' | 'recorded') => void | Promise<void>;

/**
 * The posting job: locks the posting (a second worker skips it), builds the document and posts it
 * under the posting's id as the provider's request id, then records the outcome. Killed between
 * the provider's answer and the commit, the posting stays pending; the lease ends, the next attempt
 * sends the same request id and the provider answers the first document: one document per record.
 */
export async function postOne(deps: AppDeps, postingId: string, observe?: PostObserver) {
  await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(accountingPostings)
      .where(eq(accountingPostings.id, postingId))
      .for('update', { skipLocked: true });
    if (!p || p.status !== 'pending') return;
    const attempts = p.attempts + 1;
    let error: string | null = null;
    let final = false;
    let docId: string | null = null;
    let payload: Record<string, unknown> | null = null;
    try {
      const conn = await connectionOf(tx, p.accountId);
      if (!conn || !conn.enabled) throw new AppError(409, 'not-connected', ACCOUNTING_MSG.notConnected);
      const rec = await deps.seams
        .hook('postingSource', p.sourceType)!
        .load(tx, p.accountId, p.sourceId, deps.config.appUrl);
      if (!rec) throw new AppError(409, 'gone', 'The record no longer exists');
      const doc = await documentFor(tx, conn, rec);
      payload = doc as unknown as Record<string, unknown>;
      const posted = await withProvider(deps, p.accountId, async (prov, c) => {
        const d = await prov.postDocument(c, doc, p.id);
        return { ...d, url: prov.documentUrl(c, d) };
      });
      docId = posted.id;
      await observe?.('sent');
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // a bug or a lost database: the job fails and is retried
      error = err.message;
      // Provider down: retry with backoff. Refused (bad document, expired access, not mapped): show it.
      final = err.statusCode !== 503;
    }
    if (!error) {
      await tx
        .update(accountingPostings)
        .set({
          status: 'posted',
          attempts,
          lastError: null,
          providerDocumentId: docId,
          payload,
          postedAt: new Date(),
          nextAttemptAt: null,
        })
        .where(eq(accountingPostings.id, p.id));
      await observe?.('recorded');
      return;
    }
    const failed = final || attempts >= deps.config.ACCOUNTING_MAX_ATTEMPTS;
    const delay = deps.config.ACCOUNTING_RETRY_BASE_SECONDS * 2 ** (attempts - 1);
    await tx
      .update(accountingPostings)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError: error,
        nextAttemptAt: failed ? null : new Date(Date.now() + delay * 1000),
      })
      .where(eq(accountingPostings.id, p.id));
  });
}
