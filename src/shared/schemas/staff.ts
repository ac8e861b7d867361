import { z } from 'zod';
import { STAFF_ROLES } from '../constants.ts';
import { newPasswordSchema } from './auth.ts';
import { text } from './common.ts';

// Staff management, caseloads and the audit trail (docs/staff.md).

const roles = z.array(z.enum(STAFF_ROLES, { error: 'Choose admin, tutor, instructor or finance' })).max(4);

/** POST /api/admin/staff/invitations */
export const staffInvitationSchema = z.strictObject({
  email: z.email('Enter a valid email address').max(254),
  firstName: text().trim().min(1, 'Enter the first name').max(100),
  lastName: text().trim().min(1, 'Enter the last name').max(100),
  roles: roles.min(1, 'Choose at least one role'),
});
export type StaffInvitationInput = z.infer<typeof staffInvitationSchema>;

/** POST /api/staff/accept */
export const staffAcceptSchema = z.strictObject({
  token: text().min(1, 'The invitation link is incomplete').max(200),
  password: newPasswordSchema,
});

/** PUT /api/admin/staff/:userId */
export const staffUpdateSchema = z.strictObject({
  roles: roles.optional(),
  isActive: z.boolean().optional(),
});
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

export const staffMemberSchema = z.object({
  userId: text(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  roles: z.array(z.enum(STAFF_ROLES)),
  isActive: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** PUT /api/admin/courses/:id/instructors */
export const courseInstructorsSchema = z.strictObject({
  userIds: z.array(z.uuid('Choose an instructor')).max(50),
});

/** GET /api/admin/caseload: one apprentice in the tutor's caseload. */
export const caseloadItemSchema = z.object({
  studentId: text(),
  name: text(),
  email: text(),
  courses: z.array(text()),
  approvedHours: z.number(),
  plannedOtjHours: z.number(),
  nextReviewDue: text(),
  pendingEntries: z.number(),
  reviewsToSign: z.number(),
  /** Items waiting for the tutor: pending entries plus reviews they have not signed. */
  waiting: z.number(),
  reviewOverdue: z.boolean(),
});
export type CaseloadItem = z.infer<typeof caseloadItemSchema>;

const isoDay = z.iso.date('Use YYYY-MM-DD');

/** GET /api/admin/audit and /api/admin/audit.csv */
export const auditQuerySchema = z.strictObject({
  actorId: z.uuid('Unknown person').optional(),
  entityType: text().max(50).optional(),
  entityId: text().max(100).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditItemSchema = z.object({
  at: text(),
  actorId: text().nullable(),
  actorEmail: text().nullable(),
  ipAddress: text().nullable(),
  action: text(),
  entityType: text(),
  entityId: text(),
  summary: text(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
