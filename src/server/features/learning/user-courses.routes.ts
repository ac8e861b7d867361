import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courses, enrolments } from '#server/db/schema/index.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { userCoursesResponseSchema } from '#shared/schemas/learning.ts';

/** GET /api/user/courses: the courses the signed-in user is enrolled in (admins: every course). */
export const userCoursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/courses',
    {
      schema: { tags: ['learning'], response: { 200: userCoursesResponseSchema } },
      onRequest: [requireUser],
    },
    async (request) => {
      const user = currentUser(request);
      const columns = {
        id: courses.id,
        title: courses.title,
        courseType: courses.courseType,
        isActive: courses.isActive,
      };
      if (user.role === 'admin') {
        return app.db.select(columns).from(courses).orderBy(asc(courses.courseType), asc(courses.order));
      }
      return app.db
        .select(columns)
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(eq(enrolments.userId, user.id))
        .orderBy(asc(enrolments.createdAt));
    },
  );
};
