import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { topicCourseId } from '#server/features/catalog/index.ts';
import { can } from '#server/lib/access.policy.ts';
import { notFound } from '#server/lib/http.error.ts';
import {
  authorize,
  callerOf,
  type currentUser,
  requireCan,
  requireStaff,
} from '#server/plugins/auth.plugin.ts';
import { createdSchema } from '#shared/schemas/apprenticeships.ts';
import {
  gatewaySchema,
  ilrIncompleteSchema,
  qualificationInputSchema,
  standardImportSchema,
  standardSchema,
  standardUpdateSchema,
  topicKsbsInputSchema,
} from '#shared/schemas/standards.ts';
import { gatewayFor, readinessList, signGateway } from './gateway.service.ts';
import { ILR_YEARS, ilrFileName, ilrXml } from './ilr.service.ts';
import { mapTopic, signOffKsb, topicKsbIds } from './ksb.service.ts';
import { addQualification, deleteQualification, updateQualification } from './qualifications.service.ts';
import { tutorOf } from './record.service.ts';
import * as standards from './standards.service.ts';

const idParams = z.object({ id: z.uuid('Not found') });
const tags = ['apprenticeships'];

/**
 * Standards and KSBs, gateway readiness (docs/apprenticeships.md): admins import standards; instructors map their
 * courses' topics to KSBs; the apprentice's tutor signs KSBs off and signs "ready for gateway".
 */
export const standardsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  admin.addHook('onRequest', requireStaff);
  const adminOnly = { onRequest: [requireCan('admin:access')] };
  const asTutorOf = async (request: Parameters<typeof currentUser>[0], studentId: string) =>
    authorize(request, 'apprenticeship:tutor', { tutorUserId: await tutorOf(admin.db, studentId) });

  admin.post(
    '/api/admin/standards',
    { ...adminOnly, schema: { tags, body: standardImportSchema, response: { 201: standardSchema } } },
    async (request, reply) =>
      reply.status(201).send(await standards.importStandard(admin.db, auditActor(request), request.body)),
  );
  admin.get(
    '/api/admin/standards',
    { schema: { tags, response: { 200: z.array(standardSchema) } } },
    (request) => {
      // Tutors choose KSBs, instructors map topics: every teaching role reads the standards.
      const principal = callerOf(request);
      if (!can(principal, 'caseload:read') && !can(principal, 'course:listTaught'))
        authorize(request, 'admin:access');
      return standards.listStandards(admin.db);
    },
  );
  admin.put(
    '/api/admin/standards/:id',
    {
      ...adminOnly,
      schema: { tags, params: idParams, body: standardUpdateSchema, response: { 200: standardSchema } },
    },
    (request) =>
      standards.setMinimumHours(
        admin.db,
        auditActor(request),
        request.params.id,
        request.body.minimumOtjHours,
      ),
  );

  const teachTopic = async (request: Parameters<typeof currentUser>[0], topicId: string) => {
    const courseId = await topicCourseId(admin.db, topicId);
    if (!courseId) throw notFound('Topic not found', 'TOPIC_NOT_FOUND');
    authorize(request, 'course:teach', {
      instructorUserIds: await standards.courseInstructors(admin.db, courseId),
    });
  };
  const ksbIdsSchema = z.object({ ksbIds: z.array(z.string()) });
  admin.get(
    '/api/admin/topics/:id/ksbs',
    { schema: { tags, params: idParams, response: { 200: ksbIdsSchema } } },
    async (request) => {
      await teachTopic(request, request.params.id);
      return { ksbIds: await topicKsbIds(admin.db, request.params.id) };
    },
  );
  admin.put(
    '/api/admin/topics/:id/ksbs',
    { schema: { tags, params: idParams, body: topicKsbsInputSchema, response: { 200: ksbIdsSchema } } },
    async (request) => {
      await teachTopic(request, request.params.id);
      const ksbIds = await mapTopic(admin.db, auditActor(request), request.params.id, request.body.ksbIds);
      return { ksbIds };
    },
  );

  admin.get(
    '/api/admin/students/:id/gateway',
    { schema: { tags, params: idParams, response: { 200: gatewaySchema } } },
    async (request) => {
      await asTutorOf(request, request.params.id);
      return gatewayFor(admin.db, request.params.id, 'tutor');
    },
  );
  admin.post(
    '/api/admin/students/:id/gateway/sign',
    { schema: { tags, params: idParams, response: { 200: gatewaySchema } } },
    async (request) => {
      await asTutorOf(request, request.params.id);
      return signGateway(admin.db, auditActor(request), request.params.id, 'tutor');
    },
  );
  admin.post(
    '/api/admin/students/:id/ksbs/:ksbId/sign-off',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid('Not found'), ksbId: z.uuid('Not found') }),
        response: { 200: gatewaySchema },
      },
    },
    async (request) => {
      await asTutorOf(request, request.params.id);
      await signOffKsb(admin.db, auditActor(request), request.params.id, request.params.ksbId);
      return gatewayFor(admin.db, request.params.id, 'tutor');
    },
  );
  admin.post(
    '/api/admin/students/:id/qualifications',
    { schema: { tags, params: idParams, body: qualificationInputSchema, response: { 201: createdSchema } } },
    async (request, reply) => {
      await asTutorOf(request, request.params.id);
      return reply
        .status(201)
        .send(await addQualification(admin.db, auditActor(request), request.params.id, request.body));
    },
  );
  const qualificationParams = z.object({ id: z.uuid('Not found'), qualificationId: z.uuid('Not found') });
  const media = { db: admin.db, objectStore: admin.objectStore };
  admin.put(
    '/api/admin/students/:id/qualifications/:qualificationId',
    {
      schema: {
        tags,
        params: qualificationParams,
        body: qualificationInputSchema,
        response: { 200: createdSchema },
      },
    },
    async (request) => {
      await asTutorOf(request, request.params.id);
      const { id, qualificationId } = request.params;
      return updateQualification(media, auditActor(request), id, qualificationId, request.body);
    },
  );
  admin.delete(
    '/api/admin/students/:id/qualifications/:qualificationId',
    { schema: { tags, params: qualificationParams } },
    async (request, reply) => {
      await asTutorOf(request, request.params.id);
      const { id, qualificationId } = request.params;
      await deleteQualification(media, auditActor(request), id, qualificationId);
      return reply.status(204).send();
    },
  );
  admin.get(
    '/api/admin/ilr.xml',
    {
      ...adminOnly,
      schema: {
        tags,
        querystring: z.object({ year: z.enum(ILR_YEARS, { error: 'year: only 2526 (2025-26) is written' }) }),
        response: { 200: z.string(), 422: ilrIncompleteSchema },
      },
    },
    async (request, reply) => {
      const { year } = request.query;
      const xml = await ilrXml(admin.db, year, admin.config.ukprn);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ilrFileName(admin.config.ukprn!, year)}"`)
        .header('cache-control', 'no-store')
        .send(xml);
    },
  );
  admin.get(
    '/api/admin/gateway',
    { schema: { tags, response: { 200: z.array(gatewaySchema) } } },
    (request) => {
      authorize(request, 'caseload:read');
      return readinessList(admin.db, callerOf(request));
    },
  );
};
