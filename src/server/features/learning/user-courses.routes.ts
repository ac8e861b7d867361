import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { userCoursesResponseSchema } from '#shared/schemas/learning.ts';
import { listUserCourses } from './user-courses.service.ts';

/** GET /api/user/courses: the courses the signed-in user is enrolled in (admins: every course). */
export const userCoursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/courses',
    {
      schema: { tags: ['learning'], response: { 200: userCoursesResponseSchema } },
      onRequest: [requireUser],
    },
    async (request) => listUserCourses(app.db, callerOf(request)),
  );
};
