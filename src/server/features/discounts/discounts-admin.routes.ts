import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireCan } from '#server/plugins/auth.plugin.ts';
import { apiErrorSchema as errorSchema } from '#shared/schemas/common.ts';
import {
  adminDiscountCodeSchema,
  adminDiscountCodesSchema,
  createDiscountCodeSchema,
  discountCodeCreatedSchema,
  seatTiersSchema,
} from '#shared/schemas/discounts.ts';
import { createCode, disableCode, listCodes } from './codes.service.ts';
import { seatTiers, setSeatTiers } from './tiers.service.ts';

const tags = ['discounts'];
const idParams = z.object({ id: z.uuid('Not found') });
const finance = { onRequest: [requireCan('payment:discount')] };

/** The finance console's discount codes and team price tiers (docs/product.md#discount-codes-and-team-prices). */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/discount-codes',
    {
      ...finance,
      schema: {
        tags,
        body: createDiscountCodeSchema,
        response: { 201: discountCodeCreatedSchema, 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCode(app.db, auditActor(request), request.body)),
  );

  app.get(
    '/api/admin/discount-codes',
    { ...finance, schema: { tags, response: { 200: adminDiscountCodesSchema } } },
    async () => ({ items: await listCodes(app.db) }),
  );

  app.post(
    '/api/admin/discount-codes/:id/disable',
    {
      ...finance,
      schema: { tags, params: idParams, response: { 200: adminDiscountCodeSchema, 404: errorSchema } },
    },
    (request) => disableCode(app.db, auditActor(request), request.params.id),
  );

  app.get(
    '/api/admin/courses/:id/seat-tiers',
    { ...finance, schema: { tags, params: idParams, response: { 200: seatTiersSchema } } },
    async (request) => ({ tiers: await seatTiers(app.db, request.params.id) }),
  );

  app.put(
    '/api/admin/courses/:id/seat-tiers',
    {
      ...finance,
      schema: {
        tags,
        params: idParams,
        body: seatTiersSchema,
        response: { 200: seatTiersSchema, 404: errorSchema },
      },
    },
    async (request) => ({
      tiers: await setSeatTiers(app.db, auditActor(request), request.params.id, request.body.tiers),
    }),
  );
};
