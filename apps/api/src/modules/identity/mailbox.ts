import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listEnvelope, mailboxItemSchema, mailboxQuery } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { isPublic } from '../../platform/guard';
import { paged } from '../../platform/http';
import { mailOutbox } from '../../platform/schema';

/**
 * The dev mailbox: every mail the app wrote, newest first, so sign-up and reset links can be
 * followed without an SMTP server. Not registered at all in production (the path answers 404).
 */
export async function registerMailbox(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.isProduction) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dev/mailbox',
    {
      config: isPublic(),
      schema: {
        operationId: 'listDevMailbox',
        summary: 'List mails sent to an address (development only)',
        tags: ['dev'],
        querystring: mailboxQuery,
        response: { 200: listEnvelope(mailboxItemSchema) },
      },
    },
    async (req) => {
      const { to, page, limit } = req.query;
      const where = to ? eq(mailOutbox.to, to) : sql`true`;
      const [rows, [{ n }]] = await Promise.all([
        deps.db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(limit)
          .offset((page - 1) * limit),
        deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(where),
      ]);
      const items = rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        links: m.links,
        state: m.state,
        createdAt: m.createdAt.toISOString(),
      }));
      return paged(items, { page, limit }, n);
    },
  );
}
