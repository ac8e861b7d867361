import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

// Login has no email format check (spec §5): both fields only have to be present.
export const loginSchema = z.strictObject({
  email: z.string().trim().min(1, 'Please enter both username and password').max(320),
  password: z.string().min(1, 'Please enter both username and password').max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(['admin', 'student']),
  profileImageUrl: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /** Every role held (a team manager can be a student too); see src/server/lib/access-policy.ts. */
  roles: z.array(z.enum(['student', 'teamManager', 'admin'])),
  isTeamManager: z.boolean(),
});
export type CurrentUser = z.infer<typeof userSchema>;
