import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import {
  apprenticeshipSummarySchema,
  createdSchema,
  otjEntryInputSchema,
  otjOverviewSchema,
  reviewSchema,
} from '#shared/schemas/apprenticeships.ts';
import { csvHeaders, ownLogCsv } from './exports.service.ts';
import * as otj from './otj.service.ts';
import { renderReviewPdf } from './review-pdf.presenter.ts';
import * as reviews from './reviews.service.ts';

const idParams = z.object({ id: z.uuid('Not found') });
const tags = ['apprenticeships'];

/** The apprentice's OTJ log and the progress reviews every party signs (docs/apprenticeships.md). */
export const apprenticeshipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/otj',
    { schema: { tags, response: { 200: otjOverviewSchema } }, onRequest: [requireUser] },
    (request) => otj.getOverview(app.db, callerOf(request)),
  );
  app.post(
    '/api/otj',
    {
      schema: { tags, body: otjEntryInputSchema, response: { 201: createdSchema } },
      onRequest: [requireUser],
    },
    async (request, reply) =>
      reply.status(201).send(await otj.logEntry(app.database, callerOf(request), request.body)),
  );
  app.put(
    '/api/otj/:id',
    {
      schema: { tags, params: idParams, body: otjEntryInputSchema, response: { 200: createdSchema } },
      onRequest: [requireUser],
    },
    (request) => otj.amendEntry(app.database, callerOf(request), request.params.id, request.body),
  );
  app.get('/api/otj/export.csv', { schema: { tags }, onRequest: [requireUser] }, async (request, reply) =>
    reply.headers(csvHeaders('off-the-job-log')).send(await ownLogCsv(app.db, callerOf(request))),
  );

  app.get(
    '/api/apprenticeship/summary',
    { schema: { tags, response: { 200: apprenticeshipSummarySchema } }, onRequest: [requireUser] },
    (request) => reviews.summaryFor(app.db, callerOf(request)),
  );
  app.get(
    '/api/reviews',
    { schema: { tags, response: { 200: z.array(reviewSchema) } }, onRequest: [requireUser] },
    (request) => reviews.listReviews(app.db, callerOf(request)),
  );
  app.post(
    '/api/reviews/:id/sign',
    { schema: { tags, params: idParams, response: { 200: reviewSchema } }, onRequest: [requireUser] },
    (request) => reviews.signReview(app.db, callerOf(request), request.params.id),
  );
  app.get(
    '/api/reviews/:id/pdf',
    { schema: { tags, params: idParams }, onRequest: [requireUser] },
    async (request, reply) => {
      const review = await reviews.getReview(app.db, callerOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="progress-review-${review.reviewDate}.pdf"`)
        .header('cache-control', 'no-store')
        .send(await renderReviewPdf(review));
    },
  );
};
