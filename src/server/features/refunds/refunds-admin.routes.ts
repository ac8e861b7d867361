import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireCan } from '#server/plugins/auth.plugin.ts';
import { apiErrorSchema as errorSchema, text } from '#shared/schemas/common.ts';
import {
  adminPaymentsQuerySchema,
  adminPaymentsSchema,
  refundRequestSchema,
  refundResponseSchema,
} from '#shared/schemas/refunds.ts';
import { ledgerCsv } from './ledger.service.ts';
import { listPayments } from './payments-admin.service.ts';
import { requestRefund } from './refunds.service.ts';

/** The finance console's Payments view, refunds and ledger (docs/decisions/0019-refunds-exactly-once.md). */
export const refundsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.refundDeps;

  app.get(
    '/api/admin/payments',
    {
      schema: {
        tags: ['admin'],
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsSchema },
      },
      onRequest: [requireCan('payment:read')],
    },
    async (request) => listPayments(app.db, request.query),
  );

  app.get(
    '/api/admin/ledger.csv',
    { schema: { tags: ['admin'] }, onRequest: [requireCan('payment:read')] },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ledger.csv"')
        .header('cache-control', 'private, no-store')
        .send(await ledgerCsv(app.db, app.config.invoicing)),
  );

  app.post(
    '/api/admin/payments/:paymentId/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund a payment in full or in part through the provider (exactly once per request)',
        params: z.object({ paymentId: text().max(100) }),
        body: refundRequestSchema,
        response: { 201: refundResponseSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireCan('payment:refund')],
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const actor = auditActor(request);
      const refund = await requestRefund(deps, {
        ...request.body,
        paymentId: request.params.paymentId,
        source: 'staff',
        actor,
        requestedBy: actor.id,
        idempotencyKey: typeof key === 'string' ? key.slice(0, 200) : undefined,
      });
      return reply.code(201).send(refund);
    },
  );
};
