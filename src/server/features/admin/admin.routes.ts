import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContentRoutes } from './content-admin.routes.ts';
import { adminStatsRoutes } from './stats-admin.routes.ts';
import { adminStudentRoutes } from './students-admin.routes.ts';

/** The admin console's API: every /api/admin/* route answers 401 signed out and 403 to students. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminStudentRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminContentRoutes);
};
