import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/http.error.ts';
import { sendPrecompressed } from '#server/lib/precompressed.util.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { coursePreviewSchema, courseSchema, curriculumSchema } from '#shared/schemas/catalog.ts';
import { text } from '#shared/schemas/common.ts';
import { type CatalogSnapshot, courseCurriculum, coursePreview } from './catalog.service.ts';

export const COURSE_NOT_FOUND = 'Course not found';

/** The public catalogue: GET /api/courses/available, GET /api/courses/{id}, GET /api/courses/{id}/preview. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogCache;
  const type = 'application/json; charset=utf-8';

  // While the catalogue is cached, its GETs are answered before Fastify with the same response as the route below
  // (lib/front-door.service.ts); the route answers while the cache is cold, and for app.inject.
  app.frontDoor.serve('/api/courses/available', {
    type,
    cacheControl: 'no-cache',
    security: 'api',
    current: () => cache.peek() ?? undefined,
  });

  // Hot path: the cached, pre-serialised list goes out as is (no per-request serialisation).
  app.get(
    '/api/courses/available',
    {
      // Compressed once per snapshot, not per request (lib/precompressed.util.ts).
      compress: false,
      schema: { tags: ['catalog'], summary: 'Every course (active and inactive) for the public pages' },
    },
    (request, reply) => {
      const send = (snapshot: CatalogSnapshot) => {
        reply.header('cache-control', 'no-cache').header('etag', snapshot.etag);
        if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send();
        return sendPrecompressed(request, reply.type(type), snapshot.body);
      };
      const snapshot = cache.peek();
      // Warm cache: answered synchronously, no promise in the way.
      if (snapshot) return send(snapshot);
      return cache.get().then(send);
    },
  );

  app.get(
    '/api/courses/:id',
    {
      schema: {
        tags: ['catalog'],
        params: z.object({ id: text().max(100) }),
        response: { 200: courseSchema },
      },
    },
    async (request) => {
      const course = (await cache.get()).byId.get(request.params.id);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      return course;
    },
  );

  app.get(
    '/api/courses/:id/preview',
    {
      schema: {
        tags: ['catalog'],
        params: z.object({ id: text().max(100) }),
        response: { 200: coursePreviewSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const course = isUuid(id) ? (await cache.get()).byId.get(id) : undefined;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      const topic = await coursePreview(app.db, id);
      return {
        title: topic?.title ?? course.title,
        description: topic?.description ?? course.description,
        videoUrl: topic?.videoPath ?? null,
      };
    },
  );

  app.get(
    '/api/courses/:id/curriculum',
    {
      schema: {
        tags: ['catalog'],
        params: z.object({ id: text().max(100) }),
        response: { 200: curriculumSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const course = isUuid(id) ? (await cache.get()).byId.get(id) : undefined;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      return courseCurriculum(app.db, id);
    },
  );
};
