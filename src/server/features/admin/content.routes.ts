import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseContentChanged } from '#server/lib/change-notifications.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import {
  adminCourseSchema,
  adminModuleSchema,
  adminQuizSchema,
  adminTopicSchema,
  courseInputSchema,
  moduleInputSchema,
  quizInputSchema,
  topicInputSchema,
} from '#shared/schemas/admin-content.ts';
import * as content from './content.service.ts';
import * as quizzes from './quizzes.service.ts';

const id = (what: string) => z.object({ id: z.uuid(`${what} not found`) });
const courseId = z.object({ courseId: z.uuid('Course not found') });
const moduleId = z.object({ moduleId: z.uuid('Module not found') });
const tags = ['admin'];

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  // Every change made here (courses, modules, topics, quizzes) reaches the students' portals before the admin
  // gets the answer: the learning cache is cleared in every process.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await courseContentChanged(app.database);
    }
    return payload;
  });

  // Courses
  app.get('/api/admin/courses', { schema: { tags, response: { 200: z.array(adminCourseSchema) } } }, () =>
    content.listCourses(app.db),
  );
  app.post(
    '/api/admin/courses',
    { schema: { tags, body: courseInputSchema, response: { 201: adminCourseSchema } } },
    async (request, reply) => reply.status(201).send(await content.createCourse(app, request.body)),
  );
  app.put(
    '/api/admin/courses/:id',
    { schema: { tags, params: id('Course'), body: courseInputSchema, response: { 200: adminCourseSchema } } },
    (request) => content.updateCourse(app, request.params.id, request.body),
  );
  app.delete('/api/admin/courses/:id', { schema: { tags, params: id('Course') } }, async (request, reply) => {
    await content.deleteCourse(app, request.params.id);
    return reply.status(204).send();
  });

  // Modules
  app.get(
    '/api/admin/courses/:courseId/modules',
    { schema: { tags, params: courseId, response: { 200: z.array(adminModuleSchema) } } },
    (request) => content.listModules(app.db, request.params.courseId),
  );
  app.post(
    '/api/admin/courses/:courseId/modules',
    { schema: { tags, params: courseId, body: moduleInputSchema, response: { 201: adminModuleSchema } } },
    async (request, reply) =>
      reply.status(201).send(await content.createModule(app.db, request.params.courseId, request.body)),
  );
  app.put(
    '/api/admin/modules/:id',
    { schema: { tags, params: id('Module'), body: moduleInputSchema, response: { 200: adminModuleSchema } } },
    (request) => content.updateModule(app.db, request.params.id, request.body),
  );
  app.delete('/api/admin/modules/:id', { schema: { tags, params: id('Module') } }, async (request, reply) => {
    await content.deleteModule(app, request.params.id);
    return reply.status(204).send();
  });

  // Topics
  app.get(
    '/api/admin/modules/:moduleId/topics',
    { schema: { tags, params: moduleId, response: { 200: z.array(adminTopicSchema) } } },
    (request) => content.listTopics(app.db, request.params.moduleId),
  );
  app.post(
    '/api/admin/modules/:moduleId/topics',
    { schema: { tags, params: moduleId, body: topicInputSchema, response: { 201: adminTopicSchema } } },
    async (request, reply) =>
      reply.status(201).send(await content.createTopic(app.db, request.params.moduleId, request.body)),
  );
  app.put(
    '/api/admin/topics/:id',
    { schema: { tags, params: id('Topic'), body: topicInputSchema, response: { 200: adminTopicSchema } } },
    (request) => content.updateTopic(app.db, request.params.id, request.body),
  );
  app.delete('/api/admin/topics/:id', { schema: { tags, params: id('Topic') } }, async (request, reply) => {
    await content.deleteTopic(app, request.params.id);
    return reply.status(204).send();
  });

  // Quizzes (one per topic)
  app.get(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic'), response: { 200: adminQuizSchema } } },
    (request) => quizzes.getQuiz(app.db, request.params.id),
  );
  app.post(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic'), body: quizInputSchema, response: { 201: adminQuizSchema } } },
    async (request, reply) =>
      reply.status(201).send(await quizzes.createQuiz(app.db, request.params.id, request.body)),
  );
  app.put(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic'), body: quizInputSchema, response: { 200: adminQuizSchema } } },
    (request) => quizzes.updateQuiz(app, request.params.id, request.body),
  );
  app.delete(
    '/api/admin/topics/:id/quiz',
    { schema: { tags, params: id('Topic') } },
    async (request, reply) => {
      await quizzes.deleteQuiz(app, request.params.id);
      return reply.status(204).send();
    },
  );
};
