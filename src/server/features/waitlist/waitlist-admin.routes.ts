import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import { adminWaitlistSchema } from '#shared/schemas/waitlist.ts';
import * as service from './waitlist.service.ts';

const tags = ['waitlist'];

/** The console's waitlist figures (docs/product.md#waitlist). */
export const waitlistAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const _deps: service.WaitlistDeps = { db: app.db, publicUrl: app.config.publicUrl };

  app.get(
    '/api/admin/waitlists',
    { onRequest: [requireAdmin], schema: { tags, response: { 200: adminWaitlistSchema } } },
    () => service.waitlistCounts(app.db),
  );
};
