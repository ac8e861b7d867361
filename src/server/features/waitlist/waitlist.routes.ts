import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseIdParamsSchema } from '#shared/schemas/reviews.ts';
import {
  WAITLIST_JOINED,
  waitlistJoinSchema,
  waitlistResultSchema,
  waitlistTokenSchema,
} from '#shared/schemas/waitlist.ts';
import * as service from './waitlist.service.ts';

const tags = ['waitlist'];

/** The waitlist of a coming-soon course (docs/product.md#waitlist). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.WaitlistDeps = { db: app.db, publicUrl: app.config.publicUrl };

  app.post(
    '/api/courses/:id/waitlist',
    { schema: { tags, params: courseIdParamsSchema, body: waitlistJoinSchema } },
    async (request, reply) => {
      await service.joinWaitlist(deps, request.params.id, request.body.email, request.ip);
      return reply.code(202).send({ message: WAITLIST_JOINED });
    },
  );

  app.post(
    '/api/waitlist/confirm',
    { schema: { tags, body: waitlistTokenSchema, response: { 200: waitlistResultSchema } } },
    (request) => service.confirmWaitlist(deps, request.body.token),
  );

  app.post(
    '/api/waitlist/unsubscribe',
    { schema: { tags, body: waitlistTokenSchema, response: { 200: waitlistResultSchema } } },
    (request) => service.unsubscribeWaitlist(app.db, request.body.token),
  );
};
