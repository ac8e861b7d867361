import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/plugins/auth.ts';
import { idParamsSchema } from '#shared/schemas/learning.ts';
import { mediaTopicSchema, topicPresentationSchema, topicVideoSchema } from '#shared/schemas/media.ts';
import { presentTopic } from './topic-media.presenter.ts';
import { removeTopicMedia, replaceTopicMedia } from './topic-media.service.ts';

const tags = ['media'];

/** A topic's video and presentation: PUT attaches or replaces, DELETE removes (admins only). */
export const topicMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: [requireAdmin] };

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
        await replaceTopicMedia(app, request.params.id, request.body.presentationURL, 'presentation'),
      ),
  );
  for (const kind of ['video', 'presentation'] as const) {
    app.delete(
      `/api/topics/:id/${kind}`,
      { ...guard, schema: { tags, params: idParamsSchema, response: { 200: mediaTopicSchema } } },
      async (request) => presentTopic(await removeTopicMedia(app, request.params.id, kind)),
    );
  }
};
