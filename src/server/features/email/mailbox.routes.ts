import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/plugins/auth.ts';
import { mailboxResponseSchema } from '#shared/schemas/checkout.ts';
import { listMailbox } from './outbox.service.ts';

/** GET /api/admin/mailbox: outgoing emails for admins, so an install without SMTP can still read credentials. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/mailbox',
    {
      schema: { tags: ['admin'], response: { 200: mailboxResponseSchema } },
      onRequest: [requireAdmin],
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listMailbox(app.db, 200);
      return {
        smtpConfigured: Boolean(app.config.smtpUrl),
        emails: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt ? row.sentAt.toISOString() : null,
        })),
      };
    },
  );
};
