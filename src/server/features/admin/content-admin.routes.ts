import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor, recordAudit } from '#server/features/audit/index.ts';
import { createQuiz, deleteQuiz, getQuiz, updateQuiz } from '#server/features/learning/index.ts';
import { can } from '#server/lib/access.policy.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { notFound } from '#server/lib/http.error.ts';
import { coursesTaughtBy, teachingOf } from '#server/lib/teaching.repo.ts';
import { authorize, callerOf, requireStaff } from '#server/plugins/auth.plugin.ts';
import {
  adminCourseSchema,
  adminModuleSchema,
  adminQuizSchema,
  adminTopicSchema,
  courseInputSchema,
  courseProgressSchema,
  moduleInputSchema,
  quizInputSchema,
  topicInputSchema,
} from '#shared/schemas/admin-content.ts';
import { courseInstructorsSchema } from '#shared/schemas/staff.ts';
import * as content from './content.service.ts';
import { contentAudit } from './content-audit.presenter.ts';
import { courseProgress } from './course-progress.service.ts';
import { setCourseInstructors } from './teaching.service.ts';

const id = (what: string) => z.object({ id: z.uuid(`${what} not found`) });
const courseId = z.object({ courseId: z.uuid('Course not found') });
const moduleId = z.object({ moduleId: z.uuid('Module not found') });
const tags = ['admin'];

/**
 * Courses and their content. Admins edit everything; an instructor edits the modules, topics and quizzes of the
 * courses they are assigned to (docs/staff.md), and sees only those courses; other staff roles get 403.
 */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...app.mediaDeps, config: { publicUrl: app.config.publicUrl } };
  app.addHook('onRequest', requireStaff);
  // Every change made here (courses, modules, topics, quizzes) reaches the students' portals before the admin
  // gets the answer: the learning cache is cleared in every process; and it goes into the audit trail.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await courseContentChanged(app.database);
      const entry = contentAudit(request, payload);
      if (entry) await recordAudit(app.db, auditActor(request), entry);
    }
    return payload;
  });
  /** 404 for an unknown course, module or topic; 403 unless the caller may teach its course. */
  const teach = async (
    request: Parameters<typeof authorize>[0],
    of: Parameters<typeof teachingOf>[1],
    what: string,
  ) => {
    const teaching = await teachingOf(app.db, of);
    if (!teaching) throw notFound(`${what} not found`);
    authorize(request, 'course:teach', teaching);
  };
  const adminOnly = {
    onRequest: [async (r: Parameters<typeof authorize>[0]) => authorize(r, 'admin:access')],
  };

  // Courses
  app.get(
    '/api/admin/courses',
    { schema: { tags, response: { 200: z.array(adminCourseSchema) } } },
    async (request) => {
      authorize(request, 'course:listTaught');
      const caller = callerOf(request);
      const all = can(caller, 'admin:access');
      return content.listCourses(app.db, all ? undefined : await coursesTaughtBy(app.db, caller.id));
    },
  );
  // The enrolled students' progress: admins, and the course's instructors only (403 for another course's).
  app.get(
    '/api/admin/courses/:id/progress',
    { schema: { tags, params: id('Course'), response: { 200: courseProgressSchema } } },
    async (request) => {
      await teach(request, { courseId: request.params.id }, 'Course');
      return courseProgress(app.db, request.params.id);
    },
  );
  app.get(
    '/api/admin/courses/:id/instructors',
    { ...adminOnly, schema: { tags, params: id('Course'), response: { 200: courseInstructorsSchema } } },
    async (request) => {
      const teaching = await teachingOf(app.db, { courseId: request.params.id });
      if (!teaching) throw notFound('Course not found');
      return { userIds: [...teaching.instructorUserIds] };
    },
  );
  app.put(
    '/api/admin/courses/:id/instructors',
    {
      ...adminOnly,
      schema: {
        tags,
        params: id('Course'),
        body: courseInstructorsSchema,
        response: { 200: courseInstructorsSchema },
      },
    },
    async (request) =>
      setCourseInstructors(app.database, auditActor(request), request.params.id, request.body.userIds),
  );
  app.post(
    '/api/admin/courses',
    { ...adminOnly, schema: { tags, body: courseInputSchema, response: { 201: adminCourseSchema } } },
    async (request, reply) => reply.status(201).send(await content.createCourse(deps, request.body)),
  );
  app.put(
    '/api/admin/courses/:id',
    {
      ...adminOnly,
      schema: { tags, params: id('Course'), body: courseInputSchema, response: { 200: adminCourseSchema } },
    },
    (request) => content.updateCourse(deps, request.params.id, request.body),
  );
  app.delete(
    '/api/admin/courses/:id',
    { ...adminOnly, schema: { tags, params: id('Course') } },
    async (request, reply) => {
      await content.deleteCourse(deps, request.params.id);
      return reply.status(204).send();
    },
  );

  // Modules
  app.get(
    '/api/admin/courses/:courseId/modules',
    { schema: { tags, params: courseId, response: { 200: z.array(adminModuleSchema) } } },
    async (request) => {
      await teach(request, { courseId: request.params.courseId }, 'Course');
      return content.listModules(app.db, request.params.courseId);
    },
  );
  app.post(
    '/api/admin/courses/:courseId/modules',
    { schema: { tags, params: courseId, body: moduleInputSchema, response: { 201: adminModuleSchema } } },
    async (request, reply) => {
      await teach(request, { courseId: request.params.courseId }, 'Course');
      return reply
        .status(201)
        .send(await content.createModule(app.db, request.params.courseId, request.body));
    },
  );
  app.put(
    '/api/admin/modules/:id',
    { schema: { tags, params: id('Module'), body: moduleInputSchema, response: { 200: adminModuleSchema } } },
    async (request) => {
      await teach(request, { moduleId: request.params.id }, 'Module');
      return content.updateModule(app.db, request.params.id, request.body);
    },
  );
  app.delete('/api/admin/modules/:id', { schema: { tags, params: id('Module') } }, async (request, reply) => {
    await teach(request, { moduleId: request.params.id }, 'Module');
    await content.deleteModule(deps, request.params.id);
    return reply.status(204).send();
  });

  // Topics
  app.get(
    '/api/admin/modules/:moduleId/topics',
    { schema: { tags, params: moduleId, response: { 200: z.array(adminTopicSchema) } } },
    async (request) => {
      await teach(request, { moduleId: request.params.moduleId }, 'Module');
      return content.listTopics(app.db, request.params.moduleId);
    },
  );
  app.post(
    '/api/admin/modules/:moduleId/topics',
    { schema: { tags, params: moduleId, body: topicInputSchema, response: { 201: adminTopicSchema } } },
    async (request, reply) => {
      await teach(request, { moduleId: request.params.moduleId }, 'Module');
      return reply.status(201).send(await content.createTopic(app.db, request.params.moduleId, request.body));
    },
  );
  app.put(
    '/api/admin/topics/:id',
    { schema: { tags, params: id('Topic'), body: topicInputSchema, response: { 200: adminTopicSchema } } },
    async (request) => {
      await teach(request, { topicId: request.params.id }, 'Topic');
      return content.updateTopic(app.db, request.params.id, request.body);
    },
  );
  app.delete('/api/admin/topics/:id', { schema: { tags, params: id('Topic') } }, async (request, reply) => {
    await teach(request, { topicId: request.params.id }, 'Topic');
    await content.deleteTopic(deps, request.params.id);
    return reply.status(204).send();
  });

  // Quizzes (one per topic)
  app.get(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic'), response: { 200: adminQuizSchema } } },
    async (request) => {
      await teach(request, { topicId: request.params.id }, 'Topic');
      return getQuiz(app.db, request.params.id);
    },
  );
  app.post(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic'), body: quizInputSchema, response: { 201: adminQuizSchema } } },
    async (request, reply) => {
      await teach(request, { topicId: request.params.id }, 'Topic');
      return reply.status(201).send(await createQuiz(app.db, request.params.id, request.body));
    },
  );
  app.put(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic'), body: quizInputSchema, response: { 200: adminQuizSchema } } },
    async (request) => {
      await teach(request, { topicId: request.params.id }, 'Topic');
      return updateQuiz(deps, request.params.id, request.body);
    },
  );
  app.delete(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic') } },
    async (request, reply) => {
      await teach(request, { topicId: request.params.id }, 'Topic');
      await deleteQuiz(deps, request.params.id);
      return reply.status(204).send();
    },
  );
};
