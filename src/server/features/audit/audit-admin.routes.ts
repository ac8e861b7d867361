import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCan } from '#server/plugins/auth.plugin.ts';
import { ukIsoDate } from '#shared/format.ts';
import { auditItemSchema, auditQuerySchema } from '#shared/schemas/staff.ts';
import { auditCsv, listAudit } from './audit.service.ts';

const tags = ['staff'];

/** The audit trail (docs/staff.md#audit-trail), read by admins: filtered list and CSV export. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [requireCan('staff:manage')] };
  app.get(
    '/api/admin/audit',
    {
      ...admin,
      schema: {
        tags,
        querystring: auditQuerySchema,
        response: { 200: z.object({ items: z.array(auditItemSchema) }) },
      },
    },
    async (request) => ({ items: await listAudit(app.db, request.query) }),
  );
  app.get(
    '/api/admin/audit.csv',
    { ...admin, schema: { tags, querystring: auditQuerySchema } },
    async (request, reply) =>
      reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="audit-${ukIsoDate()}.csv"`,
        })
        .send(auditCsv(await listAudit(app.db, request.query))),
  );
};
