// Private helpers shared by the receivables module's use-case files (not exported by index.ts).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors';
import { escapeLike } from '../../platform/text';

export const P = (name: string) => sql.placeholder(name);
export const likeOf = (search?: string) => (search ? `%${escapeLike(search)}%` : null);
export const nf = (what: string) => new AppError(404, 'not-found', what);
export type AfterCommit = (() => Promise<void> | void)[];
export type ListQ = { page: number; limit: number; search?: string };

/** Field errors from a zod result, in the envelope's shape. */
function zodFields(err: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of err.issues) {
    const k = i.path.join('.') || '_';
    (out[k] ??= []).push(i.message);
  }
  return out;
}
export function parseOr400<T extends z.ZodType>(schema: T, v: unknown): z.output<T> {
  const r = schema.safeParse(v);
  if (!r.success) {
    const errors = zodFields(r.error);
    throw badRequest(Object.values(errors)[0][0], errors);
  }
  return r.data;
}
