import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { basePrincipal, currentUser, requireUser } from '#server/plugins/auth.ts';
import { upcomingSessionsResponseSchema } from '#shared/schemas/live-sessions.ts';
import { upcomingSessions } from './live-sessions.service.ts';

/**
 * GET /api/sessions/upcoming: sessions not yet over and not cancelled, of the caller's courses or with the caller
 * on the list (admins: all). 'enrolled' marks the ones the caller attends.
 */
export const liveSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sessions/upcoming',
    {
      onRequest: [requireUser],
      schema: { tags: ['live-sessions'], response: { 200: upcomingSessionsResponseSchema } },
    },
    async (request) => upcomingSessions(app.db, basePrincipal(currentUser(request))),
  );
};
