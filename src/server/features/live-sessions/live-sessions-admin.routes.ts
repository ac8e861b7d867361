import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { can } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import { coursesTaughtBy, teachingOf } from '#server/lib/teaching.repo.ts';
import { authorize, callerOf, requireCan, requireStaff } from '#server/plugins/auth.plugin.ts';
import { adminLiveSessionSchema, liveSessionInputSchema } from '#shared/schemas/admin-sessions.ts';
import {
  attendanceInputSchema,
  caseloadSessionSchema,
  registerSchema,
} from '#shared/schemas/live-sessions.ts';
import * as liveSessions from './live-sessions-admin.service.ts';
import { caseloadSessions, getRegister, takeRegister } from './register.service.ts';

const params = z.object({ id: z.uuid('Session not found') });
const tags = ['admin'];
type Request = Parameters<typeof authorize>[0];

/**
 * Live sessions. Admins run every one; an instructor runs those of the courses they teach (docs/staff.md): a
 * session without a course, or of another course, is 403 for them; other staff roles get 403.
 */
export const liveSessionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireStaff] };
  /** 403 unless the caller may teach `courseId` (a session without a course: admins only). */
  const teach = async (request: Request, courseId: string | null | undefined) => {
    if (!courseId) return authorize(request, 'admin:access');
    authorize(request, 'course:listTaught');
    const teaching = await teachingOf(app.db, { courseId });
    // An unknown course is the service's 400; only admins get that far.
    authorize(request, 'course:teach', teaching ?? { instructorUserIds: [] });
  };
  /** 404 for an unknown session; 403 unless the caller may run its course's sessions. */
  const runs = async (request: Request, id: string) => {
    authorize(request, 'course:listTaught');
    const courseId = await liveSessions.sessionCourse(app.db, id);
    if (courseId === undefined) throw notFound('Session not found');
    await teach(request, courseId);
  };

  app.get(
    '/api/admin/sessions',
    { ...guard, schema: { tags, response: { 200: z.array(adminLiveSessionSchema) } } },
    async (request) => {
      authorize(request, 'course:listTaught');
      const caller = callerOf(request);
      const all = can(caller, 'admin:access');
      return liveSessions.listSessions(app.db, all ? undefined : await coursesTaughtBy(app.db, caller.id));
    },
  );
  app.post(
    '/api/admin/sessions',
    { ...guard, schema: { tags, body: liveSessionInputSchema, response: { 201: adminLiveSessionSchema } } },
    async (request, reply) => {
      await teach(request, request.body.courseId);
      return reply
        .status(201)
        .send(await liveSessions.createSession(app.db, auditActor(request), request.body));
    },
  );
  app.put(
    '/api/admin/sessions/:id',
    {
      ...guard,
      schema: { tags, params, body: liveSessionInputSchema, response: { 200: adminLiveSessionSchema } },
    },
    async (request) => {
      await runs(request, request.params.id);
      await teach(request, request.body.courseId);
      return liveSessions.updateSession(app.db, auditActor(request), request.params.id, request.body);
    },
  );
  for (const [action, status] of [
    ['cancel', 'cancelled'],
    ['restore', 'scheduled'],
  ] as const) {
    app.post(
      `/api/admin/sessions/:id/${action}`,
      { ...guard, schema: { tags, params, response: { 200: adminLiveSessionSchema } } },
      async (request) => {
        await runs(request, request.params.id);
        return liveSessions.setSessionStatus(app.db, auditActor(request), request.params.id, status);
      },
    );
  }
  app.delete('/api/admin/sessions/:id', { ...guard, schema: { tags, params } }, async (request, reply) => {
    await runs(request, request.params.id);
    await liveSessions.deleteSession(app.db, auditActor(request), request.params.id);
    return reply.status(204).send();
  });

  // The registers (taken by tutors for their caseload and by the session's staff; docs/product.md#live-sessions).
  const registerTags = ['live-sessions'];
  // A tutor's Live Sessions tab: the sessions their apprentices are expected at, to take the register.
  app.get(
    '/api/admin/caseload/sessions',
    {
      onRequest: [requireCan('caseload:read')],
      schema: { tags: registerTags, response: { 200: z.array(caseloadSessionSchema) } },
    },
    async (request) => caseloadSessions(app.db, callerOf(request)),
  );

  const register = { onRequest: [requireCan('session:register')] };
  app.get(
    '/api/admin/sessions/:id/attendance',
    { ...register, schema: { tags: registerTags, params, response: { 200: registerSchema } } },
    async (request) => getRegister(app.db, callerOf(request), request.params.id),
  );

  app.put(
    '/api/admin/sessions/:id/attendance',
    {
      ...register,
      schema: { tags: registerTags, params, body: attendanceInputSchema, response: { 200: registerSchema } },
    },
    async (request) =>
      takeRegister(app.db, auditActor(request), callerOf(request), request.params.id, request.body.present),
  );
};
