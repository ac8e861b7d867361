import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '#server/features/audit/index.ts';
import { notFound } from '#server/lib/http.error.ts';
import { teachingOf } from '#server/lib/teaching.repo.ts';
import { authorize, requireStaff } from '#server/plugins/auth.plugin.ts';
import { idParamsSchema } from '#shared/schemas/learning.ts';
import {
  mediaTopicSchema,
  topicCaptionsSchema,
  topicPresentationSchema,
  topicVideoSchema,
} from '#shared/schemas/media.ts';
import { removeCaptions, replaceCaptions } from './captions.service.ts';
import { presentTopic } from './topic-media.presenter.ts';
import { removeTopicMedia, replaceTopicMedia } from './topic-media.service.ts';

const tags = ['media'];

/**
 * A topic's video, its captions and presentation: PUT attaches or replaces, DELETE removes (admins and the
 * course's instructors, docs/staff.md; 404 for an unknown topic, 403 for anyone else).
 */
export const topicMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const teaches = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    authorize(request, 'course:listTaught');
    const teaching = await teachingOf(app.db, { topicId: id });
    if (!teaching) throw notFound('Topic not found');
    authorize(request, 'course:teach', teaching);
  };
  const guard = { onRequest: [requireStaff], preHandler: [teaches] };

  app.put(
    '/api/topics/:id/video',
    {
      ...guard,
      schema: { tags, params: idParamsSchema, body: topicVideoSchema, response: { 200: mediaTopicSchema } },
    },
    async (request) =>
      presentTopic(
        await replaceTopicMedia(
          app,
          auditActor(request),
          request.params.id,
          request.body.videoURL,
          'video',
          request.body.durationSeconds,
        ),
      ),
  );
  app.put(
    '/api/topics/:id/presentation',
    {
      ...guard,
      schema: {
        tags,
        params: idParamsSchema,
        body: topicPresentationSchema,
        response: { 200: mediaTopicSchema },
      },
    },
    async (request) =>
      presentTopic(
        await replaceTopicMedia(
          app,
          auditActor(request),
          request.params.id,
          request.body.presentationURL,
          'presentation',
        ),
      ),
  );
  for (const kind of ['video', 'presentation'] as const) {
    app.delete(
      `/api/topics/:id/${kind}`,
      { ...guard, schema: { tags, params: idParamsSchema, response: { 200: mediaTopicSchema } } },
      async (request) =>
        presentTopic(await removeTopicMedia(app.mediaDeps, auditActor(request), request.params.id, kind)),
    );
  }
  // WebVTT captions for the video (README 'Accessibility'); 400 INVALID_CAPTIONS when the file is not WebVTT.
  app.put(
    '/api/topics/:id/captions',
    {
      ...guard,
      schema: {
        tags,
        params: idParamsSchema,
        body: topicCaptionsSchema,
        response: { 200: mediaTopicSchema },
      },
    },
    async (request) =>
      presentTopic(await replaceCaptions(app.mediaDeps, request.params.id, request.body.objectKey)),
  );
  app.delete(
    '/api/topics/:id/captions',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 200: mediaTopicSchema } } },
    async (request) => presentTopic(await removeCaptions(app.mediaDeps, request.params.id)),
  );
};
