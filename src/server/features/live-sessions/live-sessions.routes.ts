import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { basePrincipal, currentUser, requireCan, requireUser } from '#server/plugins/auth.plugin.ts';
import {
  attendanceInputSchema,
  caseloadSessionSchema,
  registerSchema,
  rsvpSchema,
  upcomingSessionsResponseSchema,
} from '#shared/schemas/live-sessions.ts';
import { sessionIcs } from './calendar.presenter.ts';
import { answerRsvp, upcomingSessions, visibleSession } from './live-sessions.service.ts';
import { caseloadSessions, getRegister, takeRegister } from './register.service.ts';

const params = z.object({ id: z.uuid('Session not found') });
const tags = ['live-sessions'];

/** Live sessions for the people who attend them and for the staff who take their register (docs/product.md#live-sessions). */
export const liveSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sessions not yet over and not cancelled, of the caller's courses or with the caller on the list (admins: all).
  app.get(
    '/api/sessions/upcoming',
    { onRequest: [requireUser], schema: { tags, response: { 200: upcomingSessionsResponseSchema } } },
    async (request) => upcomingSessions(app.db, basePrincipal(currentUser(request))),
  );

  // The calendar file of any session the caller sees (404 otherwise).
  app.get(
    '/api/sessions/:id/ics',
    { onRequest: [requireUser], schema: { tags, params } },
    async (request, reply) => {
      const session = await visibleSession(app.db, basePrincipal(currentUser(request)), request.params.id);
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
    async (request) =>
      answerRsvp(app.db, basePrincipal(currentUser(request)), request.params.id, request.body.attending),
  );

  // A tutor's Live Sessions tab: the sessions their apprentices are expected at, to take the register.
  app.get(
    '/api/admin/caseload/sessions',
    {
      onRequest: [requireCan('caseload:read')],
      schema: { tags, response: { 200: z.array(caseloadSessionSchema) } },
    },
    async (request) => caseloadSessions(app.db, basePrincipal(currentUser(request))),
  );

  const register = { onRequest: [requireCan('session:register')] };
  app.get(
    '/api/admin/sessions/:id/attendance',
    { ...register, schema: { tags, params, response: { 200: registerSchema } } },
    async (request) => getRegister(app.db, basePrincipal(currentUser(request)), request.params.id),
  );
  app.put(
    '/api/admin/sessions/:id/attendance',
    { ...register, schema: { tags, params, body: attendanceInputSchema, response: { 200: registerSchema } } },
    async (request) =>
      takeRegister(
        app.db,
        auditActor(request),
        basePrincipal(currentUser(request)),
        request.params.id,
        request.body.present,
      ),
  );
};
