import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import { adminReviewSchema, reviewIdParamsSchema, reviewReasonSchema } from '#shared/schemas/reviews.ts';
import { presentAdminReview } from './reviews.presenter.ts';
import * as service from './reviews.service.ts';

const tags = ['reviews'];

/** The console's review moderation (docs/product.md#reviews). */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ReviewDeps = { db: app.db, database: app.database };

  app.get(
    '/api/admin/reviews',
    { onRequest: [requireAdmin], schema: { tags, response: { 200: z.array(adminReviewSchema) } } },
    async () => (await service.reviewsForAdmin(app.db)).map(presentAdminReview),
  );

  app.post(
    '/api/admin/reviews/:id/remove',
    {
      onRequest: [requireAdmin],
      schema: {
        tags,
        params: reviewIdParamsSchema,
        body: reviewReasonSchema,
        response: { 200: adminReviewSchema },
      },
    },
    async (request) =>
      presentAdminReview(
        await service.removeReview(deps, auditActor(request), request.params.id, request.body.reason),
      ),
  );
};
