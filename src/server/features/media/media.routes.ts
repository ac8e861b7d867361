import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentCourse } from '#server/features/catalog/index.ts';
import { forbidden, notFound, unauthorized } from '#server/lib/http.error.ts';
import { callerOf, requireAdmin, requireUser } from '#server/plugins/auth.plugin.ts';
import type { FileType } from '#shared/constants.ts';
import { courseSchema } from '#shared/schemas/catalog.ts';
import { apiErrorSchema, text } from '#shared/schemas/common.ts';
import {
  completeUploadSchema,
  courseImageSchema,
  mediaTopicListSchema,
  storedObjectListSchema,
  storedObjectSchema,
  uploadRequestSchema,
  uploadTargetSchema,
} from '#shared/schemas/media.ts';
import { listMediaTopics, setCourseImage } from './course-media.service.ts';
import type { DiskObjectStore } from './disk.store.ts';
import { contentDisposition, listObjects, type StoredObjectRow } from './media.service.ts';
import { mediaAccess, presentationTitle } from './media-access.policy.ts';
import { objectPathFor } from './object.store.ts';
import { ifRangeHolds, notModified, parseRange } from './range.util.ts';
import { S3ObjectStore } from './s3.store.ts';
import { presentTopic } from './topic-media.presenter.ts';
import {
  acceptSignedPut,
  completeOwnUpload,
  deleteUnusedObject,
  objectByKey,
  startUpload,
} from './uploads.service.ts';

const keyParams = z.object({ kind: text().max(20), id: text().max(64) });
const idParams = z.object({ id: z.uuid() });

function presentObject(row: StoredObjectRow) {
  return {
    objectPath: objectPathFor(row.key),
    fileType: row.fileType,
    contentType: row.contentType,
    size: row.size,
    originalName: row.originalName,
    status: row.status,
    attached: row.attachedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Uploads (signed URLs), attaching files to topics and courses, and serving media with HTTP Range. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/objects/upload',
    {
      schema: {
        tags: ['media'],
        summary: 'A signed URL to PUT one file to (15 minutes; admins any type, other users images)',
        body: uploadRequestSchema.nullish(),
        response: { 200: uploadTargetSchema },
      },
      onRequest: [requireUser],
    },
    async (request) =>
      startUpload(app.mediaDeps, callerOf(request), request.body ?? uploadRequestSchema.parse({})),
  );

  app.post(
    '/api/objects/complete',
    {
      schema: {
        tags: ['media'],
        summary: 'Confirms an upload finished (checks size and content with S3)',
        body: completeUploadSchema,
        response: { 200: storedObjectSchema },
      },
      onRequest: [requireUser],
    },
    async (request) => {
      return presentObject(
        await completeOwnUpload(app.mediaDeps, callerOf(request), request.body.objectPath),
      );
    },
  );

  app.get(
    '/api/objects',
    {
      schema: {
        tags: ['media'],
        summary: 'Uploaded files, newest first',
        response: { 200: storedObjectListSchema },
      },
      onRequest: [requireAdmin],
    },
    async () => (await listObjects(app.db)).map(presentObject),
  );

  app.get(
    '/api/media/topics',
    {
      schema: {
        tags: ['media'],
        summary: 'Every topic and its media, for the media library',
        response: { 200: mediaTopicListSchema },
      },
      onRequest: [requireAdmin],
    },
    async () => {
      const rows = await listMediaTopics(app.db);
      return rows.map((r) => ({
        ...presentTopic(r.topic),
        courseId: r.courseId,
        courseTitle: r.courseTitle,
        moduleTitle: r.moduleTitle,
      }));
    },
  );

  app.delete(
    '/api/objects/:kind/:id',
    {
      schema: { tags: ['media'], params: keyParams, response: { 204: z.null(), 409: apiErrorSchema } },
      onRequest: [requireAdmin],
    },
    async (request, reply) => {
      await deleteUnusedObject(app.mediaDeps, `${request.params.kind}/${request.params.id}`);
      return reply.status(204).send(null);
    },
  );

  // The disk store's signed PUT. Its own scope: the body is a raw stream, never parsed or size-limited by
  // Fastify (we enforce the type's limit ourselves, as the bytes arrive).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(
      '/api/objects/upload/:kind/:id',
      {
        config: { csrfExempt: true },
        schema: {
          tags: ['media'],
          summary: 'Upload target of a signed URL (disk store)',
          params: keyParams,
          querystring: z.object({
            max: z.coerce.number().int(),
            expires: z.coerce.number().int(),
            sig: text().max(200),
          }),
          response: { 200: storedObjectSchema },
        },
      },
      async (request, reply) => {
        const { max, expires, sig } = request.query;
        const row = await acceptSignedPut(app.mediaDeps, {
          key: `${request.params.kind}/${request.params.id}`,
          fileType: request.params.kind as FileType,
          max,
          expires,
          sig,
          contentLength: request.headers['content-length'],
          contentType: request.headers['content-type'],
          body: request.raw,
          abandonBody: () => reply.header('connection', 'close'),
        });
        return presentObject(row);
      },
    );
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/objects/:kind/:id',
    exposeHeadRoute: false,
    schema: { tags: ['media'], summary: 'A stored file (HTTP Range; access checked)', params: keyParams },
    handler: (request, reply) => serveObject(request, reply),
  });

  async function serveObject(request: FastifyRequest, reply: FastifyReply) {
    const { kind, id } = request.params as z.infer<typeof keyParams>;
    const key = `${kind}/${id}`;
    const row = await objectByKey(app.db, key);
    if (row?.status !== 'uploaded') throw notFound('File not found');
    const access = await mediaAccess(app.db, row, request.user, app.mediaAccessRules);
    if (access === 'unauthorized') throw unauthorized();
    if (access === 'forbidden') throw forbidden('You do not have access to this file');

    const download = (request.query as { download?: string }).download === '1';
    let disposition: string | undefined;
    if (row.fileType === 'presentation' || row.fileType === 'document' || download) {
      const title =
        (row.fileType === 'presentation' ? await presentationTitle(app.db, key) : null) ??
        row.originalName ??
        row.fileType;
      const inline = !download && (row.contentType === 'application/pdf' || row.fileType !== 'presentation');
      disposition = contentDisposition(inline ? 'inline' : 'attachment', title, row.contentType);
    }
    // A PDF is shown in an <iframe> on our own pages; nothing else may frame media.
    reply.header(
      'content-security-policy',
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    if (row.contentType === 'application/pdf')
      reply.header('content-security-policy', "frame-ancestors 'self'");
    reply.header('cross-origin-resource-policy', 'same-origin');

    const store = app.objectStore;
    if (store instanceof S3ObjectStore) {
      reply.header('cache-control', 'private, no-store');
      return reply.redirect(await store.presignGet(key, row.contentType, disposition), 302);
    }
    const disk = store as DiskObjectStore;
    const info = await disk.stat(key);
    if (!info) throw notFound('File not found');

    const etag = `"${row.id}-${info.size}"`;
    const lastModified = new Date(Math.floor(info.lastModified.getTime() / 1000) * 1000);
    reply.header('accept-ranges', 'bytes');
    reply.header('etag', etag);
    reply.header('last-modified', lastModified.toUTCString());
    reply.header(
      'cache-control',
      access === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
    );
    if (access !== 'public') reply.header('vary', 'Cookie');
    if (disposition) reply.header('content-disposition', disposition);
    reply.type(row.contentType ?? 'application/octet-stream');

    if (notModified(request, etag, lastModified)) return reply.status(304).send();

    const rangeHeader = ifRangeHolds(request, etag, lastModified) ? request.headers.range : undefined;
    const range = parseRange(rangeHeader, info.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${info.size}`);
      reply.removeHeader('content-type');
      return reply.status(416).send();
    }
    if (range) {
      reply.status(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      reply.header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', info.size);
    }
    if (request.method === 'HEAD') return reply.send();
    return reply.send(disk.createReadStream(key, range ?? undefined));
  }

  // ── Attaching uploads to courses (topics: topic-media.routes.ts) ──────────────────────────────────────────────────────

  for (const [segment, column] of [
    ['header-image', 'headerImagePath'],
    ['featured-image', 'featuredImagePath'],
  ] as const) {
    app.put(
      `/api/courses/:id/${segment}`,
      {
        schema: {
          tags: ['media'],
          params: idParams,
          body: courseImageSchema,
          response: { 200: courseSchema },
        },
        onRequest: [requireAdmin],
      },
      async (request) => {
        const course = await setCourseImage(app.mediaDeps, request.params.id, column, request.body.imageURL);
        return presentCourse(course);
      },
    );
  }
};
