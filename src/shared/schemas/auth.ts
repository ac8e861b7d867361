import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES, STAFF_ROLES } from '../constants.ts';
import { text } from './common.ts';

// Login has no email format check (docs/product.md#validation): both fields only have to be present.
export const loginSchema = z.strictObject({
  email: text().trim().min(1, 'Please enter both username and password').max(320),
  password: text().min(1, 'Please enter both username and password').max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = text()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * POST /api/user/password. The current password may be left out only on the forced change right after signing in
 * with a temporary password (see `temporaryPasswordConfirmed` on the current user).
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: text().min(1, 'Current password is required').max(1024).optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const userSchema = z.object({
  id: text(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  role: z.enum(ROLES),
  profileImageUrl: text().nullable(),
  mustChangePassword: z.boolean(),
  /**
   * This session was opened with the temporary password moments ago, so the forced change does not ask for it
   * again (absent means no).
   */
  temporaryPasswordConfirmed: z.boolean().optional(),
  /** Every role held (a team manager can be a student too); see src/server/lib/access-policy.ts. */
  roles: z.array(z.enum(['student', 'teamManager', ...STAFF_ROLES])),
  isTeamManager: z.boolean(),
});
export type CurrentUser = z.infer<typeof userSchema>;
