import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireCan } from '#server/plugins/auth.plugin.ts';
import { staffInvitationSchema, staffMemberSchema, staffUpdateSchema } from '#shared/schemas/staff.ts';
import { inviteStaff, listStaff, updateStaff } from './staff.service.ts';

const tags = ['staff'];

/** The console's staff list, invitations and role changes (docs/staff.md). */
export const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [requireCan('staff:manage')] };
  app.post(
    '/api/admin/staff/invitations',
    {
      ...admin,
      schema: { tags, body: staffInvitationSchema, response: { 201: z.object({ id: z.uuid() }) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteStaff(app.database, auditActor(request), request.body, app.config.publicUrl)),
  );

  app.get(
    '/api/admin/staff',
    { ...admin, schema: { tags, response: { 200: z.array(staffMemberSchema) } } },
    () => listStaff(app.database),
  );

  app.put(
    '/api/admin/staff/:userId',
    {
      ...admin,
      schema: {
        tags,
        params: z.object({ userId: z.uuid('No such staff member') }),
        body: staffUpdateSchema,
        response: { 200: staffMemberSchema },
      },
    },
    (request) => updateStaff(app.database, auditActor(request), request.params.userId, request.body),
  );
};
