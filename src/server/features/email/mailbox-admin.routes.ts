import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMailbox, sendNow, undeliveredSummary } from '#server/lib/mail/outbox.service.ts';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import { mailboxEmailSchema, mailboxResponseSchema, mailboxSummarySchema } from '#shared/schemas/checkout.ts';
import { idParamsSchema } from '#shared/schemas/learning.ts';
import { presentMailboxEmail } from './mailbox.presenter.ts';

/** The admin mailbox: outgoing emails (an install without SMTP can still read credentials), retries, backlog. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [requireAdmin] };
  app.get(
    '/api/admin/mailbox',
    { ...admin, schema: { tags: ['admin'], response: { 200: mailboxResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listMailbox(app.db, 200);
      return { smtpConfigured: Boolean(app.config.smtpUrl), emails: rows.map(presentMailboxEmail) };
    },
  );

  app.get(
    '/api/admin/mailbox/summary',
    { ...admin, schema: { tags: ['admin'], response: { 200: mailboxSummarySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const summary = await undeliveredSummary(app.db);
      return {
        undelivered: summary.count,
        oldestUndeliveredAt: summary.oldestAt ? summary.oldestAt.toISOString() : null,
      };
    },
  );

  // "Send now": a pending or failed email is due at once; the outbox worker sends it within seconds.
  app.post(
    '/api/admin/mailbox/:id/send',
    {
      ...admin,
      schema: { tags: ['admin'], params: idParamsSchema, response: { 200: mailboxEmailSchema } },
    },
    async (request) => presentMailboxEmail(await sendNow(app.db, request.params.id)),
  );
};
