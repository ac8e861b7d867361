import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { apiErrorSchema as errorSchema, text } from '#shared/schemas/common.ts';
import {
  accountPlansSchema,
  cardChangedSchema,
  cardChangeSchema,
  completeCardChangeSchema,
  overdueInstalmentSchema,
  overdueInstalmentsSchema,
  overduePaymentSchema,
} from '#shared/schemas/instalments.ts';
import { completeCardChange, startCardChange } from './card-change.service.ts';
import {
  accountPlans,
  overdueInstalment,
  overdueInstalments,
  startOverduePayment,
} from './overdue.service.ts';

const params = z.object({ instalmentId: text().max(100) });
const planParams = z.object({ paymentId: text().max(100) });

/** The buyer's monthly plans, overdue instalments and paying them (docs/product.md#failed-instalments). */
export const instalmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.instalmentDeps;
  const tags = ['account'];

  app.get(
    '/api/account/plans',
    { schema: { tags, response: { 200: accountPlansSchema } }, onRequest: [requireUser] },
    async (request) => accountPlans(app.db, callerOf(request)),
  );

  app.post(
    '/api/account/plans/:paymentId/card-change',
    {
      schema: {
        tags,
        summary: "A setup to save the plan's new card with (the same one however often it is asked for)",
        params: planParams,
        response: { 200: cardChangeSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireUser],
    },
    async (request) => startCardChange(deps, callerOf(request), request.params.paymentId),
  );

  app.post(
    '/api/account/plans/:paymentId/card-change/complete',
    {
      schema: {
        tags,
        summary: 'The saved card becomes the one later instalments are charged to (once)',
        params: planParams,
        body: completeCardChangeSchema,
        response: { 200: cardChangedSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireUser],
    },
    async (request) =>
      completeCardChange(deps, callerOf(request), request.params.paymentId, request.body.setupId),
  );

  app.get(
    '/api/account/instalments/overdue',
    { schema: { tags, response: { 200: overdueInstalmentsSchema } }, onRequest: [requireUser] },
    async (request) => overdueInstalments(deps, callerOf(request)),
  );

  app.get(
    '/api/account/instalments/:instalmentId',
    {
      schema: { tags, params, response: { 200: overdueInstalmentSchema, 404: errorSchema } },
      onRequest: [requireUser],
    },
    async (request) => overdueInstalment(deps, callerOf(request), request.params.instalmentId),
  );

  app.post(
    '/api/account/instalments/:instalmentId/payment',
    {
      schema: {
        tags,
        summary:
          'A payment of the overdue amount for the card form (the same one however often it is asked for)',
        params,
        response: { 200: overduePaymentSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireUser],
    },
    async (request) => startOverduePayment(deps, callerOf(request), request.params.instalmentId),
  );
};
