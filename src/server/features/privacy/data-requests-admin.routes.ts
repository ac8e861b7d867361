import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import {
  acceptedSchema,
  dataRequestListSchema,
  dataRequestSchema,
  erasureResultSchema,
  idParamsSchema,
  logDataRequestSchema,
} from '#shared/schemas/privacy.ts';
import { eraseForRequest } from './erasure.service.ts';
import { presentRequest } from './privacy.presenter.ts';
import { exportForRequest, listRequests, logRequest } from './requests.service.ts';

/** The requests register and erasure, for admins (README 'Your data'). */
export const dataRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.privacyDeps;

  app.get(
    '/api/admin/data-requests',
    { schema: { tags: ['your data'], response: { 200: dataRequestListSchema } }, onRequest: [requireAdmin] },
    async () => ({ items: (await listRequests(app.db)).map(presentRequest) }),
  );

  app.post(
    '/api/admin/data-requests',
    {
      schema: { tags: ['your data'], body: logDataRequestSchema, response: { 201: dataRequestSchema } },
      onRequest: [requireAdmin],
    },
    async (request, reply) => {
      const row = await logRequest(app.db, request.body, auditActor(request));
      const [item] = await listRequests(app.db, row.id);
      return reply.status(201).send(presentRequest(item!));
    },
  );

  app.post(
    '/api/admin/data-requests/:id/export',
    {
      schema: { tags: ['your data'], params: idParamsSchema, response: { 202: acceptedSchema } },
      onRequest: [requireAdmin],
    },
    async (request, reply) => {
      const row = await exportForRequest(deps, request.params.id, auditActor(request));
      return reply.status(202).send({ id: row.id });
    },
  );

  app.post(
    '/api/admin/data-requests/:id/erase',
    {
      schema: { tags: ['your data'], params: idParamsSchema, response: { 200: erasureResultSchema } },
      onRequest: [requireAdmin],
    },
    async (request) => eraseForRequest(deps, request.params.id, auditActor(request)),
  );
};
