import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireCan } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { adjustSeatsSchema, adminTeamOrderSchema, adminTeamOrdersSchema } from '#shared/schemas/teams.ts';
import { adjustCapacity, listTeamOrders, markPaidByAdmin } from './teams-admin.service.ts';

const params = z.object({ id: text().max(100) });

/** The admin Teams view: every order, mark paid, adjust seats (admins and finance, docs/staff.md). */
export const teamAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { publicUrl: app.config.publicUrl, invoicing: app.config.invoicing };

  app.get(
    '/api/admin/team-orders',
    {
      schema: { tags: ['admin'], response: { 200: adminTeamOrdersSchema } },
      onRequest: [requireCan('payment:read')],
    },
    async () => ({ orders: await listTeamOrders(app.db) }),
  );

  app.post(
    '/api/admin/team-orders/:id/mark-paid',
    {
      schema: { tags: ['admin'], params, response: { 200: adminTeamOrderSchema } },
      onRequest: [requireCan('payment:markPaid')],
    },
    async (request) => markPaidByAdmin(app.db, ctx, auditActor(request), request.params.id),
  );

  app.put(
    '/api/admin/team-orders/:id/capacity',
    {
      schema: { tags: ['admin'], params, body: adjustSeatsSchema, response: { 200: adminTeamOrderSchema } },
      onRequest: [requireCan('payment:markPaid')],
    },
    async (request) => adjustCapacity(app.db, auditActor(request), request.params.id, request.body.capacity),
  );
};
