import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin, requireUser } from '#server/plugins/auth.ts';
import { adminLiveSessionSchema, liveSessionInputSchema } from '#shared/schemas/admin-sessions.ts';
import * as liveSessions from './live-sessions.service.ts';

const params = z.object({ id: z.uuid('Session not found') });
const tags = ['admin'];

export const adminLiveSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/sessions',
    { onRequest: [requireAdmin], schema: { tags, response: { 200: z.array(adminLiveSessionSchema) } } },
    () => liveSessions.listSessions(app.db),
  );
  app.post(
    '/api/admin/sessions',
    {
      onRequest: [requireAdmin],
      schema: { tags, body: liveSessionInputSchema, response: { 201: adminLiveSessionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await liveSessions.createSession(app.db, request.body, currentUser(request).id)),
  );
  app.put(
    '/api/admin/sessions/:id',
    {
      onRequest: [requireAdmin],
      schema: { tags, params, body: liveSessionInputSchema, response: { 200: adminLiveSessionSchema } },
    },
    (request) => liveSessions.updateSession(app.db, request.params.id, request.body),
  );
  app.post(
    '/api/admin/sessions/:id/cancel',
    { onRequest: [requireAdmin], schema: { tags, params, response: { 200: adminLiveSessionSchema } } },
    (request) => liveSessions.setSessionStatus(app.db, request.params.id, 'cancelled'),
  );
  app.post(
    '/api/admin/sessions/:id/restore',
    { onRequest: [requireAdmin], schema: { tags, params, response: { 200: adminLiveSessionSchema } } },
    (request) => liveSessions.setSessionStatus(app.db, request.params.id, 'scheduled'),
  );
  app.delete(
    '/api/admin/sessions/:id',
    { onRequest: [requireAdmin], schema: { tags, params } },
    async (request, reply) => {
      await liveSessions.deleteSession(app.db, request.params.id);
      return reply.status(204).send();
    },
  );

  // For attendees and admins: add the session to a calendar.
  app.get(
    '/api/sessions/:id/ics',
    { onRequest: [requireUser], schema: { tags: ['live-sessions'], params } },
    async (request, reply) => {
      const ics = await liveSessions.sessionIcs(
        app.db,
        request.params.id,
        currentUser(request),
        app.config.publicUrl,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="session-${request.params.id.slice(0, 8)}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
};
