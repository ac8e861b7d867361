import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import {
  courseIdParamsSchema,
  myReviewSchema,
  recentReviewSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewListSchema,
  reviewReasonSchema,
  reviewSchema,
} from '#shared/schemas/reviews.ts';
import { recentReviewList, reviewListFor } from './review-list.service.ts';
import { presentReview } from './reviews.presenter.ts';
import * as service from './reviews.service.ts';

const tags = ['reviews'];

/** Verified course reviews (docs/product.md#reviews). */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.ReviewDeps = { db: app.db, database: app.database };

  app.get(
    '/api/courses/:id/reviews',
    { schema: { tags, params: courseIdParamsSchema, response: { 200: reviewListSchema } } },
    (request) => reviewListFor(app.db, request.params.id),
  );

  app.get('/api/reviews/recent', { schema: { tags, response: { 200: z.array(recentReviewSchema) } } }, () =>
    recentReviewList(app.db),
  );

  app.get(
    '/api/courses/:id/reviews/mine',
    {
      onRequest: [requireUser],
      schema: { tags, params: courseIdParamsSchema, response: { 200: myReviewSchema } },
    },
    async (request) => {
      const mine = await service.myReview(app.db, callerOf(request), request.params.id);
      return { ...mine, review: mine.review && presentReview(mine.review) };
    },
  );

  app.post(
    '/api/courses/:id/reviews',
    {
      onRequest: [requireUser],
      schema: {
        tags,
        params: courseIdParamsSchema,
        body: reviewInputSchema,
        response: { 200: reviewSchema, 201: reviewSchema },
      },
    },
    async (request, reply) => {
      const { review, created } = await service.submitReview(
        deps,
        callerOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(presentReview(review));
    },
  );

  app.post(
    '/api/reviews/:id/report',
    { schema: { tags, params: reviewIdParamsSchema, body: reviewReasonSchema } },
    async (request, reply) => {
      await service.reportReview(app.db, request.params.id, request.body.reason, {
        userId: request.user?.id ?? null,
        address: request.ip,
      });
      return reply.code(202).send({ message: 'Thank you. An admin will look at this review.' });
    },
  );
};
