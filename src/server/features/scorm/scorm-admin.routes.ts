import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/lib/http.error.ts';
import { teachingOf } from '#server/lib/teaching.repo.ts';
import { authorize, requireStaff } from '#server/plugins/auth.plugin.ts';
import { idParamsSchema } from '#shared/schemas/learning.ts';
import { scormReportSchema } from '#shared/schemas/scorm.ts';
import { packageReport } from './tracking.service.ts';

const tags = ['scorm'];
/** Run data is small (2004 suspend data is at most 64,000 characters); the JSON default would allow more. */
const _COMMIT_BODY_LIMIT = 512 * 1024;

/** The content editor's view of a topic's SCORM package (README 'SCORM packages'). */
export const scormAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The course's students' runs: admins, and the instructors of the topic's course only (docs/staff.md).
  app.get(
    '/api/admin/topics/:id/scorm',
    {
      onRequest: [requireStaff],
      schema: { tags, params: idParamsSchema, response: { 200: scormReportSchema } },
    },
    async (request) => {
      const teaching = await teachingOf(app.db, { topicId: request.params.id });
      if (!teaching) throw notFound('Topic not found');
      authorize(request, 'course:teach', teaching);
      return packageReport({ db: app.db }, request.params.id);
    },
  );
};
