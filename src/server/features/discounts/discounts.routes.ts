import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCan } from '#server/plugins/auth.plugin.ts';
import { apiErrorSchema as errorSchema } from '#shared/schemas/common.ts';
import { checkDiscountSchema, discountQuoteSchema } from '#shared/schemas/discounts.ts';
import { checkCode } from './discounts.service.ts';

const tags = ['discounts'];
const _idParams = z.object({ id: z.uuid('Not found') });
const _finance = { onRequest: [requireCan('payment:discount')] };

/** Discount codes and team price tiers (docs/product.md#discount-codes-and-team-prices). */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/discount-codes/check',
    {
      schema: {
        tags,
        summary: 'What a discount code takes off one purchase (nothing is held until the payment starts)',
        body: checkDiscountSchema,
        response: { 200: discountQuoteSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    (request) => checkCode(app.db, request.body, request.ip),
  );
};
