import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditListQuery, errorEnvelope, listEnvelope } from '@owo/contract';
import { sendCsv, wantsCsv } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { paged } from '../../platform/http';
import { fastList } from '../../platform/list';
import { auditCsv, listAudit, registerAuditWriter } from './service';
import { readerOf } from '../../platform/read-replica';

/** Settings > Audit log: read-only (no route changes or deletes an entry). */
export async function registerAudit(app: FastifyInstance, deps: AppDeps) {
  registerAuditWriter(app, deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit-log',
    {
      ...fastList(),
      // The log is the owner's and admins' (and roles given `parameters` get): it names every member.
      config: needs('parameters', 'get'),
      schema: {
        operationId: 'listAuditLog',
        summary: 'Every change made in the account, newest first (format=csv exports every filtered row)',
        tags: ['audit'],
        querystring: auditListQuery,
        response: { 200: listEnvelope(auditEntrySchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const { accountId } = tenantOf(req);
      if (wantsCsv(req.query))
        return sendCsv(reply, 'owo-audit-log.csv', auditCsv(readerOf(deps), accountId, req.query));
      const { items, total } = await listAudit(deps.db, accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}
