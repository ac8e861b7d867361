import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import type { LearningDeps } from '#server/features/learning/index.ts';
import { resolveAppSecret } from '#server/lib/app-secret.service.ts';
import { notFound } from '#server/lib/http.error.ts';
import { teachingOf } from '#server/lib/teaching.repo.ts';
import { authorize, callerOf, requireStaff, requireUser } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { idParamsSchema } from '#shared/schemas/learning.ts';
import {
  scormCommitSchema,
  scormLaunchSchema,
  topicPackageResultSchema,
  topicPackageSchema,
} from '#shared/schemas/scorm.ts';
import { packageFile, RUNTIME_PATH, runtimeScript } from './content.service.ts';
import { attachPackage, removePackage } from './package.service.ts';
import { launchUrl } from './scorm.presenter.ts';
import { commitRun, launchState } from './tracking.service.ts';

const tags = ['scorm'];
/** Run data is small (2004 suspend data is at most 64,000 characters); the JSON default would allow more. */
const COMMIT_BODY_LIMIT = 512 * 1024;

/** SCORM packages as lessons (README 'SCORM packages'; docs/decisions/0017-scorm-opaque-origin.md). */
export const scormRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.learningCache;

  const deps: LearningDeps & { objectStore: typeof app.objectStore } = {
    db: app.db,
    database: app.database,
    cache,
    subscribers: app.learningSubscribers,
    objectStore: app.objectStore,
  };
  let secret: Promise<string> | null = null;
  const appSecret = () => {
    secret ??= resolveAppSecret(app.db, app.config.appSecret);
    return secret;
  };

  // Attaching and removing a package, like a topic's video: admins and the course's instructors (docs/staff.md);
  // 404 for an unknown topic, 403 for anyone else.
  const teacherOnly = {
    onRequest: [requireStaff],
    preHandler: [
      async (request: FastifyRequest) => {
        const { id } = request.params as { id: string };
        const teaching = await teachingOf(app.db, { topicId: id });
        if (!teaching) throw notFound('Topic not found');
        authorize(request, 'course:teach', teaching);
      },
    ],
  };

  app.put(
    '/api/topics/:id/package',
    {
      ...teacherOnly,
      schema: {
        tags,
        summary: 'Checks, unpacks and attaches an uploaded SCORM zip (replaces any earlier package)',
        params: idParamsSchema,
        body: topicPackageSchema,
        response: { 200: topicPackageResultSchema },
      },
    },
    async (request) => {
      const pkg = await attachPackage(deps, auditActor(request), request.params.id, request.body.objectKey);
      return {
        version: pkg.version,
        title: pkg.title,
        launchUrl: launchUrl(await appSecret(), pkg, callerOf(request).id),
      };
    },
  );

  app.delete(
    '/api/topics/:id/package',
    { ...teacherOnly, schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removePackage(deps, auditActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/topics/:id/scorm',
    {
      onRequest: [requireUser],
      schema: { tags, params: idParamsSchema, response: { 200: scormLaunchSchema } },
    },
    async (request) => {
      const viewer = callerOf(request);
      const { pkg, cmi, completed } = await launchState(deps, viewer, request.params.id);
      return {
        version: pkg.version,
        title: pkg.title,
        launchUrl: launchUrl(await appSecret(), pkg, viewer.id),
        cmi,
        completed,
      };
    },
  );

  app.put(
    '/api/topics/:id/scorm',
    {
      onRequest: [requireUser],
      bodyLimit: COMMIT_BODY_LIMIT,
      schema: { tags, params: idParamsSchema, body: scormCommitSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await commitRun(deps, callerOf(request), request.params.id, request.body.cmi);
      return reply.status(204).send(null);
    },
  );

  app.get(
    RUNTIME_PATH,
    { schema: { tags, hide: true, summary: 'The SCORM API shim for package pages' } },
    async (_request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('text/javascript; charset=utf-8').send(runtimeScript());
    },
  );

  app.get(
    '/scorm-content/:token/*',
    {
      schema: {
        tags,
        summary: 'A file of a SCORM package, for the player frame (token from GET /api/topics/{id}/scorm)',
        params: z.object({ token: text().max(100), '*': text().max(1000) }),
      },
    },
    async (request, reply) => {
      const file = await packageFile(
        deps,
        await appSecret(),
        request.params.token,
        request.params['*'],
        request.headers.range,
      );
      // The frame is sandboxed without same-origin even when this file is opened on its own
      // (docs/decisions/0017-scorm-opaque-origin.md); its requests come from an opaque origin.
      reply.header(
        'content-security-policy',
        'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads',
      );
      reply.removeHeader('x-frame-options');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('access-control-allow-origin', '*');
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('accept-ranges', 'bytes');
      if (file.status === 416) {
        reply.header('content-range', `bytes */${file.size}`);
        return reply.status(416).send();
      }
      reply.type(file.contentType);
      if (file.range) {
        reply.status(206);
        reply.header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
        reply.header('content-length', file.range.end - file.range.start + 1);
      } else reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
