import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { gatewaySchema } from '#shared/schemas/standards.ts';
import { employerGateways, ownGateway, signGateway } from './gateway.service.ts';

const tags = ['apprenticeships'];

/**
 * Gateway readiness for the apprentice and for their employer contact, who reads hours, pace and readiness and
 * signs "ready for gateway" (docs/apprenticeships.md "Gateway readiness").
 */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/apprenticeship/gateway',
    { schema: { tags, response: { 200: gatewaySchema } }, onRequest: [requireUser] },
    (request) => ownGateway(app.db, callerOf(request)),
  );
  app.get(
    '/api/employer/apprentices',
    { schema: { tags, response: { 200: z.array(gatewaySchema) } }, onRequest: [requireUser] },
    (request) => employerGateways(app.db, callerOf(request)),
  );
  app.post(
    '/api/employer/apprentices/:id/gateway/sign',
    {
      schema: { tags, params: z.object({ id: z.uuid('Not found') }), response: { 200: gatewaySchema } },
      onRequest: [requireUser],
    },
    (request) => signGateway(app.db, auditActor(request), request.params.id, 'employer'),
  );
};
