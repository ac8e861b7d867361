import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffAcceptSchema } from '#shared/schemas/staff.ts';
import { acceptInvitation } from './staff.service.ts';

const tags = ['staff'];

/** Staff management (docs/staff.md): admins invite staff and change roles; the invitee accepts signed out. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/staff/accept',
    { schema: { tags, body: staffAcceptSchema, response: { 200: z.object({ email: z.string() }) } } },
    (request) => acceptInvitation(app.database, request.body, request.ip ?? null),
  );
};
