import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '#server/features/audit/index.ts';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import {
  adminStudentPageSchema,
  adminStudentSchema,
  createStudentSchema,
  enrolStudentSchema,
  studentListQuerySchema,
  updateStudentSchema,
} from '#shared/schemas/admin-students.ts';
import * as students from './students.service.ts';

const params = z.object({ id: z.uuid('Student not found') });
const tags = ['admin'];

export const adminStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  const publicUrl = app.config.publicUrl;

  app.get(
    '/api/admin/students',
    { schema: { tags, querystring: studentListQuerySchema, response: { 200: adminStudentPageSchema } } },
    (request) => students.listStudents(app.db, request.query),
  );
  app.get(
    '/api/admin/students/:id',
    { schema: { tags, params, response: { 200: adminStudentSchema } } },
    (request) => students.getStudent(app.db, request.params.id),
  );
  app.post(
    '/api/admin/students',
    { schema: { tags, body: createStudentSchema, response: { 201: adminStudentSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await students.createStudent(app.database, auditActor(request), request.body, publicUrl)),
  );
  app.patch(
    '/api/admin/students/:id',
    { schema: { tags, params, body: updateStudentSchema, response: { 200: adminStudentSchema } } },
    (request) =>
      students.setStudentActive(app.database, auditActor(request), request.params.id, request.body.isActive),
  );
  app.post(
    '/api/admin/students/:id/resend-credentials',
    { schema: { tags, params } },
    async (request, reply) => {
      await students.resendCredentials(app.database, request.params.id, publicUrl);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/admin/students/:id/enrolments',
    { schema: { tags, params, body: enrolStudentSchema, response: { 200: adminStudentSchema } } },
    (request) =>
      students.enrolStudent(
        app.database,
        auditActor(request),
        request.params.id,
        request.body.courseId,
        publicUrl,
      ),
  );
  app.delete(
    '/api/admin/students/:id/quiz-attempts',
    { schema: { tags, params, response: { 200: z.object({ deleted: z.number().int() }) } } },
    async (request) => ({
      deleted: await students.resetQuizAttempts(app.db, auditActor(request), request.params.id),
    }),
  );
};
