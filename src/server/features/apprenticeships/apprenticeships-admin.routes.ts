import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { can } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import {
  authorize,
  callerOf,
  type currentUser,
  requireCan,
  requireStaff,
} from '#server/plugins/auth.plugin.ts';
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
import { caseloadItemSchema } from '#shared/schemas/staff.ts';
import { otjApproveSchema } from '#shared/schemas/standards.ts';
import { presentApprentice } from './apprenticeships.presenter.ts';
import { caseload } from './caseload.service.ts';
import { csvHeaders, providerCsv } from './exports.service.ts';
import { loadFigures } from './figures.repo.ts';
import * as otj from './otj.service.ts';
import { getApprenticeship, saveApprenticeship, tutorOf } from './record.service.ts';
import * as reviews from './reviews.service.ts';

const idParams = z.object({ id: z.uuid('Not found') });
const tags = ['apprenticeships'];

/**
 * The admin console's apprenticeship API: records, approvals, figures, reviews, the learner-record export.
 * Admins see every apprentice; a tutor only their caseload (docs/staff.md); other staff roles get 403.
 */
export const adminApprenticeshipRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.addHook('onRequest', requireStaff);
  /** Admins: everyone (undefined); a tutor: their own caseload. */
  const scope = (request: Parameters<typeof currentUser>[0]) => {
    authorize(request, 'caseload:read');
    return can(callerOf(request), 'admin:access') ? undefined : callerOf(request).id;
  };
  const asTutorOf = async (request: Parameters<typeof currentUser>[0], studentId: string) =>
    authorize(request, 'apprenticeship:tutor', { tutorUserId: await tutorOf(admin.db, studentId) });

  admin.get(
    '/api/admin/students/:id/apprenticeship',
    { schema: { tags, params: idParams, response: { 200: apprenticeshipSchema } } },
    async (request) => {
      await asTutorOf(request, request.params.id);
      return getApprenticeship(admin.db, request.params.id);
    },
  );
  admin.put(
    '/api/admin/students/:id/apprenticeship',
    {
      onRequest: [requireCan('admin:access')],
      schema: {
        tags,
        params: idParams,
        body: apprenticeshipInputSchema,
        response: { 200: apprenticeshipSchema },
      },
    },
    (request) => {
      return saveApprenticeship(admin.database, request.params.id, request.body, {
        publicUrl: admin.config.publicUrl,
        actor: auditActor(request),
      });
    },
  );
  admin.get(
    '/api/admin/caseload',
    { schema: { tags, response: { 200: z.array(caseloadItemSchema) } } },
    (request) => {
      authorize(request, 'caseload:read');
      return caseload(admin.db, callerOf(request));
    },
  );
  admin.get(
    '/api/admin/apprentices',
    { schema: { tags, response: { 200: z.array(adminApprenticeSchema) } } },
    async (request) => (await loadFigures(admin.db, { tutorUserId: scope(request) })).map(presentApprentice),
  );
  admin.get('/api/admin/apprentices/export.csv', { schema: { tags } }, async (request, reply) => {
    authorize(request, 'admin:access');
    return reply.headers(csvHeaders('apprentices-otj')).send(await providerCsv(admin.db));
  });
  admin.get(
    '/api/admin/otj',
    {
      schema: {
        tags,
        querystring: z.object({ status: z.enum(OTJ_STATUSES).optional(), studentId: z.uuid().optional() }),
        response: { 200: z.array(adminOtjEntrySchema) },
      },
    },
    (request) => otj.adminEntries(admin.db, { ...request.query, tutorUserId: scope(request) }),
  );
  const decide = async (
    request: Parameters<typeof currentUser>[0] & { params: { id: string } },
    decision: Parameters<typeof otj.decideEntry>[3],
  ) => {
    const entry = await otj.entryTutor(admin.db, request.params.id);
    if (!entry) throw notFound('Entry not found', 'OTJ_NOT_FOUND');
    authorize(request, 'apprenticeship:tutor', entry);
    return otj.decideEntry(admin.db, auditActor(request), request.params.id, decision);
  };
  admin.post(
    '/api/admin/otj/:id/approve',
    { schema: { tags, params: idParams, body: otjApproveSchema, response: { 200: adminOtjEntrySchema } } },
    (request) => decide(request, { status: 'approved', rejectedKsbIds: request.body?.rejectedKsbIds }),
  );
  admin.post(
    '/api/admin/otj/:id/reject',
    { schema: { tags, params: idParams, body: otjRejectSchema, response: { 200: adminOtjEntrySchema } } },
    (request) => decide(request, { status: 'rejected', reason: request.body.reason }),
  );
  admin.post(
    '/api/admin/students/:id/reviews',
    { schema: { tags, params: idParams, body: reviewInputSchema, response: { 201: createdSchema } } },
    async (request, reply) => {
      await asTutorOf(request, request.params.id);
      return reply
        .status(201)
        .send(await reviews.createReview(admin.db, auditActor(request), request.params.id, request.body));
    },
  );
  admin.get(
    '/api/admin/students/:id/reviews',
    { schema: { tags, params: idParams, response: { 200: z.array(reviewSchema) } } },
    async (request) => {
      await asTutorOf(request, request.params.id);
      return reviews.listReviews(admin.db, callerOf(request), request.params.id);
    },
  );
};
