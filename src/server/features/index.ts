import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { apprenticeshipRoutes } from './apprenticeships/apprenticeships.routes.ts';
import { adminApprenticeshipRoutes } from './apprenticeships/apprenticeships-admin.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { backupRoutes } from './backup/backup.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { certificatesRoutes } from './certificates/certificates.routes.ts';
import { checkoutRoutes } from './checkout/checkout.routes.ts';
import { mailboxRoutes } from './email/mailbox.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { learningRoutes } from './learning/learning.routes.ts';
import { userCoursesRoutes } from './learning/user-courses.routes.ts';
import { liveSessionsRoutes } from './live-sessions/live-sessions.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { topicMediaRoutes } from './media/topic-media.routes.ts';
import { messagingRoutes } from './messaging/messaging.routes.ts';
import { crawlRoutes } from './public-pages/crawl.routes.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { teamAdminRoutes } from './teams/team-admin.routes.ts';
import { teamsRoutes } from './teams/teams.routes.ts';

/** Every feature's routes; app.ts registers them in this order. Add a feature with one line here. */
export const featureRoutes: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  accountsRoutes,
  userCoursesRoutes,
  mediaRoutes,
  topicMediaRoutes,
  learningRoutes,
  liveSessionsRoutes,
  messagingRoutes,
  catalogRoutes,
  checkoutRoutes,
  teamsRoutes,
  invoicesRoutes,
  mailboxRoutes,
  adminRoutes,
  apprenticeshipRoutes,
  adminApprenticeshipRoutes,
  certificatesRoutes,
  backupRoutes,
  crawlRoutes,
  teamAdminRoutes,
  staffRoutes,
  auditRoutes,
];
