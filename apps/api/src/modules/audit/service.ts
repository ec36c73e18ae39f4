import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIT_MSG, auditWhereSchema, type AuditEntry, type AuditListQuery } from '@owo/contract';
import { fieldError } from '../../platform/errors';
import { preparedCsv, type CsvColumn } from '../../platform/csv';
import type { Db } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { preparedPage } from '../../platform/list';
import { escapeLike } from '../../platform/text';
import { auditLog } from './tables';

declare module 'fastify' {
  interface FastifyRequest {
    auditChange?: { before: unknown; after: unknown };
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An account number as the audit log keeps it: the last four digits only (`******1234`). */
export const maskAccountNumber = (n: string | null | undefined): string | null =>
  n ? `******${n.slice(-4)}` : null;

export type BankDetails = {
  bankCode?: string | null;
  bankName?: string | null;
  accountName?: string | null;
  accountNumber?: string | null;
};
/** Bank details for `recordAuditChange`'s before/after: the account number masked, nothing else kept. */
export const maskedBank = (b: BankDetails | null | undefined) =>
  b
    ? {
        bankCode: b.bankCode ?? null,
        bankName: b.bankName ?? null,
        accountName: b.accountName ?? null,
        accountNumber: maskAccountNumber(b.accountNumber),
      }
    : null;

/**
 * For routes that change settings or bank details: the before and after the audit row keeps. Call
 * it in the handler once the change is made (values must hold no secrets: mask them first).
 */
export function recordAuditChange(req: FastifyRequest, before: unknown, after: unknown) {
  req.auditChange = { before, after };
}

/**
 * The audit writer: an `onResponse` hook (after the answer has left, so it adds nothing to the
 * request's latency) writes one row for every successful mutating request made in an account, by a
 * member or an API key. Requests that failed changed nothing (requests commit whole), so they are
 * not recorded; except that EVERY request made with a known API key is (reads and refusals too:
 * its key id, route template and status code, never the key or the query string). A failure to
 * write is logged, never shown to the caller (the answer is gone).
 */
export function registerAuditWriter(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onResponse', async (req, reply) => {
    const key = req.principal?.kind === 'apiKey' ? req.principal : null;
    if (!key && (!MUTATING.has(req.method) || reply.statusCode >= 400)) return;
    const tenant = req.tenant;
    const auth = req.auth;
    const accountId = key?.accountId ?? tenant?.accountId;
    if (!accountId || (!key && !auth)) return;
    const schema = req.routeOptions.schema as { operationId?: string } | undefined;
    const params = (req.params ?? {}) as Record<string, unknown>;
    const id = params.id ?? params.approvalId ?? params.deliveryId ?? Object.values(params)[0];
    try {
      await deps.db.insert(auditLog).values({
        accountId,
        actorUserId: key?.userId ?? auth?.user.id ?? null,
        actorName: auth ? `${auth.user.firstName} ${auth.user.lastName}`.trim() : null,
        actorEmail: auth?.user.email ?? null,
        apiKeyId: key?.keyId ?? null,
        action: schema?.operationId ?? `${req.method} ${req.routeOptions.url}`,
        method: req.method,
        path: (req.routeOptions.url ?? req.url).slice(0, 300),
        resourceId: typeof id === 'string' ? id.slice(0, 100) : null,
        statusCode: reply.statusCode,
        ip: req.ip ?? null,
        requestId: req.id,
        before: req.auditChange?.before ?? null,
        after: req.auditChange?.after ?? null,
      });
    } catch (err) {
      req.log.error({ err }, 'audit log write failed');
    }
  });
}

const P = (name: string) => sql.placeholder(name);
const AUDIT_LIST = {
  where: and(
    eq(auditLog.accountId, P('accountId')),
    sql`(${P('action')}::text is null or ${auditLog.action} = ${P('action')})`,
    sql`(${P('actor')}::uuid is null or ${auditLog.actorUserId} = ${P('actor')})`,
    sql`(${P('via')}::text is null or (${P('via')} = 'apiKey') = (${auditLog.apiKeyId} is not null))`,
    sql`(${P('from')}::timestamptz is null or ${auditLog.createdAt} >= ${P('from')})`,
    sql`(${P('to')}::timestamptz is null or ${auditLog.createdAt} < ${P('to')})`,
    sql`(${P('like')}::text is null or ${auditLog.action} ilike ${P('like')} or ${auditLog.actorEmail} ilike ${P('like')} or ${auditLog.actorName} ilike ${P('like')} or ${auditLog.path} ilike ${P('like')})`,
  )!,
  orderBy: [desc(auditLog.createdAt), desc(auditLog.id)],
  columns: {
    id: auditLog.id,
    action: auditLog.action,
    method: auditLog.method,
    path: auditLog.path,
    resourceId: auditLog.resourceId,
    actorUserId: auditLog.actorUserId,
    actorName: auditLog.actorName,
    actorEmail: auditLog.actorEmail,
    apiKeyId: auditLog.apiKeyId,
    ip: auditLog.ip,
    statusCode: auditLog.statusCode,
    requestId: auditLog.requestId,
    before: auditLog.before,
    after: auditLog.after,
    createdAt: auditLog.createdAt,
  },
};
const auditPage = preparedPage('audit_log', auditLog, AUDIT_LIST);
const auditCsvRows = preparedCsv('audit_log', auditLog, AUDIT_LIST);

type Row = {
  [K in keyof typeof AUDIT_LIST.columns]: (typeof AUDIT_LIST.columns)[K]['_']['data'] | null;
};
const dto = (r: Row): AuditEntry => ({
  id: r.id!,
  action: r.action!,
  method: r.method!,
  path: r.path!,
  resourceId: r.resourceId,
  actorUserId: r.actorUserId,
  actorName: r.actorName,
  actorEmail: r.actorEmail,
  apiKeyId: r.apiKeyId,
  ip: r.ip,
  statusCode: r.statusCode!,
  requestId: r.requestId,
  before: (r.before as Record<string, unknown> | null) ?? null,
  after: (r.after as Record<string, unknown> | null) ?? null,
  createdAt: r.createdAt!.toISOString(),
});

const LAGOS = '+01:00';
const day = (v: string | undefined, end: boolean) => {
  if (!v) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(v).toISOString();
  const d = new Date(`${v}T00:00:00${LAGOS}`);
  return new Date(d.getTime() + (end ? 86_400_000 : 0)).toISOString();
};
const PERIOD_MS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
function whereOf(raw: string | undefined) {
  if (!raw?.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw fieldError('where', AUDIT_MSG.whereInvalid);
  }
  const parsed = auditWhereSchema.safeParse(v);
  if (!parsed.success) throw fieldError('where', AUDIT_MSG.whereInvalid);
  return parsed.data;
}
const params = (accountId: string, q: AuditListQuery) => {
  const w = whereOf(q.where);
  return {
    accountId,
    action: q.action ?? w.action ?? null,
    actor: q.actorUserId ?? null,
    via: q.via ?? w.via ?? null,
    from: q.period ? new Date(Date.now() - PERIOD_MS[q.period]).toISOString() : day(q.from, false),
    to: day(q.to, true),
    like: q.search ? `%${escapeLike(q.search)}%` : null,
  };
};

export async function listAudit(
  db: Db,
  accountId: string,
  q: AuditListQuery & { page: number; limit: number },
) {
  const { rows, total } = await auditPage(db, params(accountId, q), q);
  return { items: (rows as Row[]).map(dto), total };
}

const json = (v: unknown) => (v == null ? '' : JSON.stringify(v));
const CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'Date', value: (e) => e.createdAt },
  { header: 'Action', value: (e) => e.action },
  { header: 'Method', value: (e) => e.method },
  { header: 'Path', value: (e) => e.path },
  { header: 'Resource', value: (e) => e.resourceId },
  { header: 'Actor', value: (e) => e.actorName },
  { header: 'Actor email', value: (e) => e.actorEmail },
  { header: 'API key', value: (e) => e.apiKeyId },
  { header: 'IP', value: (e) => e.ip },
  { header: 'Status', value: (e) => e.statusCode },
  { header: 'Before', value: (e) => json(e.before) },
  { header: 'After', value: (e) => json(e.after) },
];
export const auditCsv = (db: Db, accountId: string, q: AuditListQuery) =>
  auditCsvRows(db, params(accountId, q), (r) => dto(r as Row), CSV_COLUMNS);
