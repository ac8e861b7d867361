import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { apiErrorSchema as errorSchema, text } from '#shared/schemas/common.ts';
import { accountOrdersSchema, cancelOrderResponseSchema, refundAskSchema } from '#shared/schemas/refunds.ts';
import { accountOrders, askForRefund, cancelOrder } from './account-orders.service.ts';

const params = z.object({ paymentId: text().max(100) });

/** The buyer's orders on the account page: list, cancel within 14 days, ask finance for a refund. */
export const accountOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.refundDeps;

  app.get(
    '/api/account/orders',
    { schema: { tags: ['account'], response: { 200: accountOrdersSchema } }, onRequest: [requireUser] },
    async (request) => accountOrders(app.db, callerOf(request)),
  );

  app.post(
    '/api/account/orders/:paymentId/cancel',
    {
      schema: {
        tags: ['account'],
        params,
        response: { 200: cancelOrderResponseSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireUser],
    },
    async (request) => cancelOrder(deps, callerOf(request), request.params.paymentId),
  );

  app.post(
    '/api/account/orders/:paymentId/refund-request',
    { schema: { tags: ['account'], params, body: refundAskSchema }, onRequest: [requireUser] },
    async (request, reply) => {
      await askForRefund(app.db, callerOf(request), request.params.paymentId, request.body.message);
      return reply.code(202).send({ sent: true });
    },
  );
};
