import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/admin.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { userCoursesRoutes } from './learning/user-courses.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';

/** Every feature's routes; app.ts registers them in this order. Add a feature with one line here. */
export const featureRoutes: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  userCoursesRoutes,
  mediaRoutes,
  adminRoutes,
];
