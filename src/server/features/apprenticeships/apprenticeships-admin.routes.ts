import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import {
  adminApprenticeSchema,
  adminOtjEntrySchema,
  apprenticeshipInputSchema,
  apprenticeshipSchema,
  createdSchema,
  OTJ_STATUSES,
  otjRejectSchema,
  reviewInputSchema,
  reviewSchema,
} from '#shared/schemas/apprenticeships.ts';
import { presentApprentice } from './apprenticeships.presenter.ts';
import { csvHeaders, providerCsv } from './exports.service.ts';
import { loadFigures } from './figures.repo.ts';
import * as otj from './otj.service.ts';
import { getApprenticeship, saveApprenticeship } from './record.service.ts';
import * as reviews from './reviews.service.ts';

const idParams = z.object({ id: z.uuid('Not found') });
const tags = ['apprenticeships'];

/** The admin console's apprenticeship API: records, approvals, figures, reviews, the learner-record export. */
export const adminApprenticeshipRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.addHook('onRequest', requireAdmin);
  admin.get(
    '/api/admin/students/:id/apprenticeship',
    { schema: { tags, params: idParams, response: { 200: apprenticeshipSchema } } },
    (request) => getApprenticeship(admin.db, request.params.id),
  );
  admin.put(
    '/api/admin/students/:id/apprenticeship',
    {
      schema: {
        tags,
        params: idParams,
        body: apprenticeshipInputSchema,
        response: { 200: apprenticeshipSchema },
      },
    },
    (request) => saveApprenticeship(admin.database, request.params.id, request.body, admin.config.publicUrl),
  );
  admin.get(
    '/api/admin/apprentices',
    { schema: { tags, response: { 200: z.array(adminApprenticeSchema) } } },
    async () => (await loadFigures(admin.db)).map(presentApprentice),
  );
  admin.get('/api/admin/apprentices/export.csv', { schema: { tags } }, async (_request, reply) =>
    reply.headers(csvHeaders('apprentices-otj')).send(await providerCsv(admin.db)),
  );
  admin.get(
    '/api/admin/otj',
    {
      schema: {
        tags,
        querystring: z.object({ status: z.enum(OTJ_STATUSES).optional(), studentId: z.uuid().optional() }),
        response: { 200: z.array(adminOtjEntrySchema) },
      },
    },
    (request) => otj.adminEntries(admin.db, request.query),
  );
  admin.post(
    '/api/admin/otj/:id/approve',
    { schema: { tags, params: idParams, response: { 200: adminOtjEntrySchema } } },
    (request) =>
      otj.decideEntry(admin.db, currentUser(request).id, request.params.id, { status: 'approved' }),
  );
  admin.post(
    '/api/admin/otj/:id/reject',
    { schema: { tags, params: idParams, body: otjRejectSchema, response: { 200: adminOtjEntrySchema } } },
    (request) =>
      otj.decideEntry(admin.db, currentUser(request).id, request.params.id, {
        status: 'rejected',
        reason: request.body.reason,
      }),
  );
  admin.post(
    '/api/admin/students/:id/reviews',
    { schema: { tags, params: idParams, body: reviewInputSchema, response: { 201: createdSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviews.createReview(admin.db, currentUser(request).id, request.params.id, request.body)),
  );
  admin.get(
    '/api/admin/students/:id/reviews',
    { schema: { tags, params: idParams, response: { 200: z.array(reviewSchema) } } },
    (request) => reviews.listReviews(admin.db, currentUser(request), request.params.id),
  );
};
