import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import {
  adminCertificatesQuerySchema,
  certificateIdParamsSchema,
  certificateListSchema,
  certificateSchema,
  revokeCertificateSchema,
} from '#shared/schemas/certificates.ts';
import { presentCertificate } from './certificates.presenter.ts';
import * as service from './certificates.service.ts';

const tags = ['certificates'];

/** The console's certificate list, revoke and reissue (admins only). */
export const certificatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.get(
    '/api/admin/certificates',
    {
      onRequest: [requireAdmin],
      schema: { tags, querystring: adminCertificatesQuerySchema, response: { 200: certificateListSchema } },
    },
    async (request) =>
      (await service.listCertificatesForAdmin(app.db, request.query.userId)).map((row) =>
        presentCertificate(row, publicUrl, true),
      ),
  );

  app.post(
    '/api/admin/certificates/:id/revoke',
    {
      onRequest: [requireAdmin],
      schema: {
        tags,
        params: certificateIdParamsSchema,
        body: revokeCertificateSchema,
        response: { 200: certificateSchema },
      },
    },
    async (request) =>
      presentCertificate(
        await service.revokeCertificate(
          app.database,
          auditActor(request),
          request.params.id,
          request.body.reason,
        ),
        publicUrl,
        true,
      ),
  );

  app.post(
    '/api/admin/certificates/:id/reissue',
    {
      onRequest: [requireAdmin],
      schema: { tags, params: certificateIdParamsSchema, response: { 201: certificateSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          presentCertificate(
            await service.reissueCertificate(app.database, auditActor(request), request.params.id, publicUrl),
            publicUrl,
            true,
          ),
        ),
  );
};
