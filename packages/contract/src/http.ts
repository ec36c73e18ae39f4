import { z } from 'zod';

export { STATUS } from './status';

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ status: z.string(), message: z.string(), data });
}
export const errorEnvelope = z.object({
  status: z.string(),
  message: z.string(),
  data: z.null().optional(),
  errors: fieldErrorsSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE = 10;
export const MAX_LIMIT = 100;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
  /**
   * True when `totalItems` is a lower bound, not a count: more rows match than it says (a search of
   * the transactions counts up to TRANSACTION_SEARCH_COUNT_CAP; the screens show "1,000+").
   */
  totalIsEstimate: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function listEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    status: z.string(),
    message: z.string(),
    data: z.array(item),
    metadata: z.object({ pagination: paginationSchema }).passthrough(),
  });
}

/** Query of every generic paged list (000 §7): page, limit, search, where, from, to. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  where: z.string().max(2000).optional(),
  from: z.string().max(40).datetime({ offset: true }).or(z.string().date()).optional(),
  to: z.string().max(40).datetime({ offset: true }).or(z.string().date()).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * Added to a list's query by lists that export (the list kit): `format=csv` answers every row the
 * filters select as a streamed text/csv attachment instead of the JSON page.
 */
export const LIST_FORMATS = ['json', 'csv'] as const;
export const listFormatQuery = z.object({
  format: z.enum(LIST_FORMATS, { error: 'Format must be json or csv' }).optional(),
});

export const idParam = z.object({ id: z.string().uuid() });
/** A public link's path: its token (the guard's `needsLink` checks it before this runs). */
export const linkTokenParam = z.object({ token: z.string().min(1).max(128) });
/** The `status` of a public link's 410: spent, expired, or revoked (its object was cancelled). */
export const LINK_STATUS = { used: 'link-used', expired: 'link-expired', revoked: 'link-revoked' } as const;
