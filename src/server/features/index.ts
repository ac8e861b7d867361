import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './accounts/index.ts';
import { adminRoutes } from './admin/index.ts';
import {
  adminApprenticeshipRoutes,
  apprenticeshipRoutes,
  gatewayRoutes,
  standardsAdminRoutes,
} from './apprenticeships/index.ts';
import { auditRoutes } from './audit/index.ts';
import { authRoutes } from './auth/index.ts';
import { backupRoutes } from './backup/index.ts';
import { catalogRoutes } from './catalog/index.ts';
import { certificatesAdminRoutes, certificatesRoutes } from './certificates/index.ts';
import { checkoutRoutes } from './checkout/index.ts';
import { discountsAdminRoutes, discountsRoutes } from './discounts/index.ts';
import { mailboxRoutes } from './email/index.ts';
import { healthRoutes } from './health/index.ts';
import { instalmentsRoutes } from './instalments/index.ts';
import { invoicesRoutes } from './invoices/index.ts';
import { learningRoutes, userCoursesRoutes } from './learning/index.ts';
import { liveSessionsAdminRoutes, liveSessionsRoutes } from './live-sessions/index.ts';
import { mediaRoutes, topicMediaRoutes } from './media/index.ts';
import { messagingRoutes } from './messaging/index.ts';
import { notificationRoutes } from './notifications/index.ts';
import { dataRequestsRoutes, privacyRoutes } from './privacy/index.ts';
import { crawlRoutes } from './public-pages/index.ts';
import { accountOrdersRoutes, refundsAdminRoutes, refundsRoutes } from './refunds/index.ts';
import { reviewsAdminRoutes, reviewsRoutes } from './reviews/index.ts';
import { scormAdminRoutes, scormRoutes } from './scorm/index.ts';
import { staffAdminRoutes, staffRoutes } from './staff/index.ts';
import { invitationsRoutes, teamAdminRoutes, teamsRoutes } from './teams/index.ts';
import { waitlistAdminRoutes, waitlistRoutes } from './waitlist/index.ts';

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
  notificationRoutes,
  catalogRoutes,
  checkoutRoutes,
  teamsRoutes,
  invitationsRoutes,
  invoicesRoutes,
  mailboxRoutes,
  adminRoutes,
  liveSessionsAdminRoutes,
  apprenticeshipRoutes,
  adminApprenticeshipRoutes,
  standardsAdminRoutes,
  gatewayRoutes,
  certificatesRoutes,
  certificatesAdminRoutes,
  backupRoutes,
  crawlRoutes,
  teamAdminRoutes,
  reviewsRoutes,
  reviewsAdminRoutes,
  scormRoutes,
  scormAdminRoutes,
  waitlistRoutes,
  waitlistAdminRoutes,
  staffRoutes,
  staffAdminRoutes,
  auditRoutes,
  refundsRoutes,
  refundsAdminRoutes,
  accountOrdersRoutes,
  instalmentsRoutes,
  discountsRoutes,
  discountsAdminRoutes,
  privacyRoutes,
  dataRequestsRoutes,
];
