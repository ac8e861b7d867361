import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/plugins/auth.plugin.ts';
import { analyticsSchema, statsSchema } from '#shared/schemas/admin-students.ts';
import { getAnalytics, getStats } from './stats.service.ts';

export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  app.get('/api/admin/stats', { schema: { tags: ['admin'], response: { 200: statsSchema } } }, () =>
    getStats(app.db),
  );
  app.get('/api/admin/analytics', { schema: { tags: ['admin'], response: { 200: analyticsSchema } } }, () =>
    getAnalytics(app.db),
  );
};
