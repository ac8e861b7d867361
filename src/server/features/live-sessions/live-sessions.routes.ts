import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { rsvpSchema, upcomingSessionsResponseSchema } from '#shared/schemas/live-sessions.ts';
import { sessionIcs } from './calendar.presenter.ts';
import { answerRsvp, upcomingSessions, visibleSession } from './live-sessions.service.ts';

const params = z.object({ id: z.uuid('Session not found') });
const tags = ['live-sessions'];

/** Live sessions for the people who attend them and for the staff who take their register (docs/product.md#live-sessions). */
export const liveSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sessions not yet over and not cancelled, of the caller's courses or with the caller on the list (admins: all).
  app.get(
    '/api/sessions/upcoming',
    { onRequest: [requireUser], schema: { tags, response: { 200: upcomingSessionsResponseSchema } } },
    async (request) => upcomingSessions(app.db, callerOf(request)),
  );

  // The calendar file of any session the caller sees (404 otherwise).
  app.get(
    '/api/sessions/:id/ics',
    { onRequest: [requireUser], schema: { tags, params } },
    async (request, reply) => {
      const session = await visibleSession(app.db, callerOf(request), request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="session-${session.id.slice(0, 8)}.ics"`)
        .header('cache-control', 'private, no-store')
        .send(sessionIcs(session, app.config.publicUrl));
    },
  );

  app.post(
    '/api/sessions/:id/rsvp',
    {
      onRequest: [requireUser],
      schema: { tags, params, body: rsvpSchema, response: { 200: rsvpSchema } },
    },
    async (request) => answerRsvp(app.db, callerOf(request), request.params.id, request.body.attending),
  );
};
