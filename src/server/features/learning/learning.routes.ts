import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/http.error.ts';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import {
  courseQuerySchema,
  idParamsSchema,
  modulesResponseSchema,
  parseResourceId,
  progressRecordSchema,
  progressResponseSchema,
  quizAttemptResultSchema,
  quizAttemptSchema,
  quizSchema,
  resourceAccessSchema,
  topicDetailSchema,
  topicsResponseSchema,
  updateProgressSchema,
  videoProgressResponseSchema,
  videoProgressSchema,
} from '#shared/schemas/learning.ts';
import { type LearningDeps, listModules, listTopics, openTopic, readTopic } from './learning.service.ts';
import {
  listProgress,
  recordResourceAccess,
  reportVideoProgress,
  updateProgress,
} from './progress.service.ts';
import { getQuiz, submitQuizAttempt } from './quiz.service.ts';

/** The student portal's learning calls (docs/product.md#portal). Admins get every course with nothing locked. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['learning'];
  const guard = { onRequest: [requireUser] };
  const cache = app.learningCache;
  const deps: LearningDeps = {
    db: app.db,
    database: app.database,
    cache,
    subscribers: app.learningSubscribers,
  };

  app.get(
    '/api/modules',
    { ...guard, schema: { tags, querystring: courseQuerySchema, response: { 200: modulesResponseSchema } } },
    async (request) => listModules(deps, callerOf(request), request.query.courseId),
  );

  app.get(
    '/api/modules/:id/topics',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 200: topicsResponseSchema } } },
    async (request) => listTopics(deps, callerOf(request), request.params.id),
  );

  app.get(
    '/api/topics/:id',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 200: topicDetailSchema } } },
    async (request) => readTopic(deps, callerOf(request), request.params.id),
  );

  // Opening a topic changes state (it may complete it), so it is a POST: a cross-site GET cannot do it.
  app.post(
    '/api/topics/:id/open',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 200: topicDetailSchema } } },
    async (request) => openTopic(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/api/topics/:id/video-progress',
    {
      ...guard,
      schema: {
        tags,
        params: idParamsSchema,
        body: videoProgressSchema,
        response: { 200: videoProgressResponseSchema },
      },
    },
    async (request) => reportVideoProgress(deps, callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/topics/:id/quiz',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 200: quizSchema } } },
    async (request) => getQuiz(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/api/topics/:id/quiz/attempts',
    {
      ...guard,
      schema: {
        tags,
        params: idParamsSchema,
        body: quizAttemptSchema,
        response: { 201: quizAttemptResultSchema },
      },
    },
    async (request, reply) => {
      const result = await submitQuizAttempt(deps, callerOf(request), request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/progress',
    { ...guard, schema: { tags, response: { 200: progressResponseSchema } } },
    async (request) => listProgress(app.db, callerOf(request)),
  );

  app.put(
    '/api/progress',
    { ...guard, schema: { tags, body: updateProgressSchema, response: { 200: progressRecordSchema } } },
    async (request) =>
      updateProgress(deps, callerOf(request), request.body.moduleId, request.body.progressPercentage),
  );

  app.post(
    '/api/resources/:resourceId/access',
    {
      ...guard,
      schema: {
        tags,
        params: z.object({ resourceId: text().max(100) }),
        body: resourceAccessSchema.nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const resource = parseResourceId(request.params.resourceId);
      if (!resource) throw notFound('Resource not found');
      await recordResourceAccess(
        deps,
        callerOf(request),
        resource.topicId,
        resource.type,
        request.body?.sessionDuration ?? 0,
      );
      return reply.status(204).send(null);
    },
  );
};
