import { asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courses, modules, storedObjects, topics } from '#server/db/schema/index.ts';
import { presentCourse } from '#server/features/catalog/catalog.presenter.ts';
import { can } from '#server/lib/access-policy.ts';
import {
  badRequest,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  unauthorized,
} from '#server/lib/errors.ts';
import { invalidate } from '#server/lib/invalidation.ts';
import { hit } from '#server/lib/rate-limit.ts';
import { basePrincipal, currentUser, requireAdmin, requireUser } from '#server/plugins/auth.ts';
import type { FileType } from '#shared/constants.ts';
import { courseSchema } from '#shared/schemas/catalog.ts';
import { apiErrorSchema, text } from '#shared/schemas/common.ts';
import {
  completeUploadSchema,
  courseImageSchema,
  MAX_BYTES_BY_TYPE,
  mediaTopicListSchema,
  storedObjectListSchema,
  storedObjectSchema,
  uploadRequestSchema,
  uploadTargetSchema,
} from '#shared/schemas/media.ts';
import { DiskObjectStore } from './disk-store.ts';
import { receiveToTemp } from './disk-upload.ts';
import { normaliseContentType } from './file-types.ts';
import {
  attachObject,
  completeUpload,
  contentDisposition,
  createUpload,
  ensureUploaded,
  getObjectStore,
  listObjects,
  normaliseObjectPath,
  releaseObject,
  type StoredObjectRow,
} from './media.service.ts';
import { mediaAccess, presentationTitle } from './media-access.ts';
import { isObjectKey, objectPathFor } from './object-store.ts';
import { ifRangeHolds, notModified, parseRange } from './range.ts';
import { S3ObjectStore } from './s3-store.ts';
import { presentTopic } from './topic-media.presenter.ts';

/** Uploads a non-admin may start per hour. */
export const STUDENT_UPLOAD_WINDOW = { limit: 20, windowMs: 60 * 60 * 1000 };

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
    async (request) => {
      const user = currentUser(request);
      const body = request.body ?? uploadRequestSchema.parse({});
      if (!can(basePrincipal(user), 'upload:anyType')) {
        if (body.fileType !== 'image') throw forbidden('Only admins can upload videos and presentations');
        // Students only change an avatar now and then; this caps what one account can park in storage.
        const count = await hit(app.db, `upload:${user.id}`, STUDENT_UPLOAD_WINDOW.windowMs);
        if (count > STUDENT_UPLOAD_WINDOW.limit)
          throw tooManyRequests('Too many uploads. Please try again later.');
      }
      return createUpload(app, user.id, body);
    },
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
      const user = currentUser(request);
      const path = normaliseObjectPath(request.body.objectPath);
      const [row] = path
        ? await app.db
            .select()
            .from(storedObjects)
            .where(eq(storedObjects.key, path.slice('/objects/'.length)))
        : [];
      if (!row || !can(basePrincipal(user), 'owned:read', { ownerId: row.uploadedBy }))
        throw badRequest('Unknown file');
      return presentObject(await completeUpload(app, path!));
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
      const rows = await app.db
        .select({
          topic: topics,
          courseId: courses.id,
          courseTitle: courses.title,
          moduleTitle: modules.title,
        })
        .from(topics)
        .innerJoin(modules, eq(modules.id, topics.moduleId))
        .innerJoin(courses, eq(courses.id, modules.courseId))
        .orderBy(
          asc(courses.courseType),
          asc(courses.order),
          asc(courses.title),
          asc(modules.order),
          asc(topics.order),
        );
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
      const key = `${request.params.kind}/${request.params.id}`;
      const [row] = isObjectKey(key)
        ? await app.db.select().from(storedObjects).where(eq(storedObjects.key, key))
        : [];
      if (!row) throw notFound('File not found');
      if (row.attachedAt)
        throw new HttpError(409, 'OBJECT_IN_USE', 'This file is in use and cannot be deleted');
      await releaseObject(app, objectPathFor(key));
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
        const store = await getObjectStore(app);
        if (!(store instanceof DiskObjectStore)) throw notFound('Uploads go straight to object storage');
        const key = `${request.params.kind}/${request.params.id}`;
        const { max, expires, sig } = request.query;
        if (!isObjectKey(key)) throw notFound('Unknown upload');
        const fileType = request.params.kind as FileType;
        if (!store.signer.verify(key, fileType, max, expires, sig)) {
          throw forbidden('This upload link is not valid', 'BAD_SIGNATURE');
        }
        if (expires * 1000 < Date.now()) throw forbidden('This upload link has expired', 'UPLOAD_EXPIRED');
        const maxBytes = Math.min(max, MAX_BYTES_BY_TYPE[fileType]);
        const [row] = await app.db.select().from(storedObjects).where(eq(storedObjects.key, key));
        if (!row) throw notFound('Unknown upload');
        if (row.status !== 'pending')
          throw new HttpError(409, 'UPLOAD_USED', 'This upload link was already used');

        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          reply.header('connection', 'close');
          throw new HttpError(413, 'TOO_LARGE', `File is larger than ${maxBytes} bytes`);
        }
        let received: Awaited<ReturnType<typeof receiveToTemp>>;
        try {
          received = await receiveToTemp(
            store,
            request.raw,
            fileType,
            maxBytes,
            normaliseContentType(request.headers['content-type']),
          );
        } catch (error) {
          // The rest of the body is not read: close the connection once the refusal is sent.
          reply.header('connection', 'close');
          throw error;
        }
        try {
          await store.commit(received.tempPath, key);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST')
            throw new HttpError(409, 'UPLOAD_USED', 'This upload link was already used');
          throw error;
        }
        const [updated] = await app.db
          .update(storedObjects)
          .set({ status: 'uploaded', size: received.size, contentType: received.contentType })
          .where(eq(storedObjects.id, row.id))
          .returning();
        if (!updated) {
          await store.delete(key);
          throw notFound('Unknown upload');
        }
        return presentObject(updated);
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
    if (!isObjectKey(key)) throw notFound('File not found');
    const [row] = await app.db.select().from(storedObjects).where(eq(storedObjects.key, key));
    if (row?.status !== 'uploaded') throw notFound('File not found');
    const access = await mediaAccess(app.db, row, request.user);
    if (access === 'unauthorized') throw unauthorized();
    if (access === 'forbidden') throw forbidden('You do not have access to this file');

    const download = (request.query as { download?: string }).download === '1';
    let disposition: string | undefined;
    if (row.fileType === 'presentation' || download) {
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

    const store = await getObjectStore(app);
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
        const path = normaliseObjectPath(request.body.imageURL);
        if (!path) throw badRequest('This file was not uploaded through TradeSkills');
        await ensureUploaded(app, path);
        const { course, old } = await app.db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(courses)
            .where(eq(courses.id, request.params.id))
            .for('update');
          if (!current) throw notFound('Course not found');
          const previous = current[column];
          if (previous === path) return { course: current, old: null };
          await attachObject(tx, path, 'image');
          const [updated] = await tx
            .update(courses)
            .set({ [column]: path, updatedAt: new Date() })
            .where(eq(courses.id, request.params.id))
            .returning();
          return { course: updated!, old: previous };
        });
        if (old) await releaseObject(app, old);
        await invalidate(app.database, 'catalog');
        return presentCourse(course);
      },
    );
  }
};
