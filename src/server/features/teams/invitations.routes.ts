import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { invitationAnswerSchema, invitationSchema, withdrawnCourseSchema } from '#shared/schemas/teams.ts';
import { answerInvitation, listInvitations, withdrawnCourses } from './invitations.service.ts';

const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
const params = z.object({ id: text().max(100) });

/** What others ask of the signed-in account (seat offers, employer-contact proposals), answered by it alone. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, database: app.database, publicUrl: app.config.publicUrl };

  app.get(
    '/api/user/invitations',
    { schema: { tags: ['teams'], response: { 200: z.array(invitationSchema) } }, onRequest: [requireUser] },
    async (request) => listInvitations(app.db, callerOf(request)),
  );

  for (const [action, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/api/user/invitations/:id/${action}`,
      {
        schema: {
          tags: ['teams'],
          summary: accept ? 'Accept a seat or an employer-contact proposal' : 'Decline it',
          params,
          response: { 200: invitationAnswerSchema, 404: errorSchema, 409: errorSchema },
        },
        onRequest: [requireUser],
      },
      async (request) => answerInvitation(deps, callerOf(request), request.params.id, accept),
    );
  }

  app.get(
    '/api/user/withdrawn-courses',
    {
      schema: { tags: ['teams'], response: { 200: z.array(withdrawnCourseSchema) } },
      onRequest: [requireUser],
    },
    async (request) => withdrawnCourses(app.db, callerOf(request)),
  );
};
