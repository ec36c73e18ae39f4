import { z } from 'zod';
import { listFormatQuery, listQuery } from './http';

// The audit log (Settings > Audit log): every successful change by a member or an API key.

export const AUDIT_MSG = { whereInvalid: 'Invalid filter' } as const;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** The route's operationId (e.g. `createApiKey`), the "what". */
  action: z.string(),
  method: z.string(),
  path: z.string(),
  resourceId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  apiKeyId: z.string().nullable(),
  ip: z.string().nullable(),
  statusCode: z.number().int(),
  requestId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = listQuery.extend({
  ...listFormatQuery.shape,
  action: z.string().max(80).optional(),
  actorUserId: z.string().uuid().optional(),
  via: z.enum(['member', 'apiKey']).optional(),
  period: z.enum(['24h', '7d', '30d']).optional(),
});
/** The list kit's filter groups (sent inside `where` JSON, or as their own query keys). */
export const AUDIT_GROUPS = ['via', 'action'] as const;
export const auditWhereSchema = z.object({
  via: z.enum(['member', 'apiKey']).optional(),
  action: z.string().max(80).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
