import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import {
  acceptedSchema,
  dataExportListSchema,
  dataExportSchema,
  idParamsSchema,
} from '#shared/schemas/privacy.ts';
import { requestErasure } from './erasure.service.ts';
import { findExport, listOwnExports, openDownload, requestExport } from './export.service.ts';
import { presentExport } from './privacy.presenter.ts';

/** Your data, self-service (README 'Your data'): exports of one's own data and an erasure request. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.privacyDeps;

  app.post(
    '/api/account/data-exports',
    { schema: { tags: ['your data'], response: { 202: acceptedSchema } }, onRequest: [requireUser] },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await requestExport(app.database, caller.id, { requestedBy: caller.id });
      return reply.status(202).send({ id: row.id });
    },
  );

  app.get(
    '/api/account/data-exports',
    { schema: { tags: ['your data'], response: { 200: dataExportListSchema } }, onRequest: [requireUser] },
    async (request) => ({
      items: (await listOwnExports(app.db, callerOf(request))).map((r) => presentExport(r)),
    }),
  );

  app.get(
    '/api/account/data-exports/:id',
    {
      schema: { tags: ['your data'], params: idParamsSchema, response: { 200: dataExportSchema } },
      onRequest: [requireUser],
    },
    async (request) => presentExport(await findExport(app.db, request.params.id, callerOf(request))),
  );

  app.get(
    '/api/account/data-exports/:id/download',
    { schema: { tags: ['your data'], params: idParamsSchema }, onRequest: [requireUser] },
    async (request, reply) => {
      const row = await findExport(app.db, request.params.id, callerOf(request));
      const { stream, size } = await openDownload(deps, row);
      const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
      reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="tradeskills-data-${day}.zip"`)
        .header('Cache-Control', 'private, no-store');
      if (size !== undefined) reply.header('Content-Length', String(size));
      return reply.send(stream);
    },
  );

  app.post(
    '/api/account/erasure-requests',
    { schema: { tags: ['your data'], response: { 202: acceptedSchema } }, onRequest: [requireUser] },
    async (request, reply) => reply.status(202).send({ id: await requestErasure(deps, callerOf(request)) }),
  );
};
