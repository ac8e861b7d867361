import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { changePasswordSchema, newPasswordSchema } from './auth.ts';
import { text } from './common.ts';

// Accounts: password reset by email, the profile, and the account's signed-in devices.

export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 30;
export const RESET_TOKEN_TTL_MINUTES = 60;

/** What POST /api/password-reset/request always answers, whether or not the account exists. */
export const RESET_REQUEST_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. The link works once, within 1 hour.';

export const passwordResetRequestSchema = z.strictObject({
  email: text()
    .trim()
    .min(1, 'Please enter your email address')
    .max(320, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({
  token: text().min(1, 'The reset link is incomplete').max(200, 'The reset link is not valid'),
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

// The password forms ask for the new password twice; the server only ever receives it once.
const confirmation = { confirmPassword: text().min(1, 'Please confirm your new password') };
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;
const MISMATCH = { path: ['confirmPassword'], message: 'Passwords do not match' };

/** The reset page's form. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, ...confirmation })
  .refine(passwordsMatch, MISMATCH);
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

/** The change-password forms that ask for the current password (account page; forced change when it must). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ currentPassword: text().min(1, 'Current password is required').max(1024), ...confirmation })
  .refine(passwordsMatch, MISMATCH)
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one',
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

const nameSchema = (label: string) =>
  text()
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

export const PHONE_PATTERN = /^\+?[0-9][0-9 ]*$/;

/** Optional: blank clears it. Digits and spaces, with an optional leading +. */
export const phoneNumberSchema = text()
  .trim()
  .max(PHONE_MAX_LENGTH, `Phone number must be at most ${PHONE_MAX_LENGTH} characters`)
  .refine((v) => v === '' || PHONE_PATTERN.test(v), {
    message: 'Phone number can only contain digits, spaces and a leading +',
  });

/** PUT /api/user/profile: any of the fields; the avatar is an object path from the media upload flow. */
export const updateProfileSchema = z
  .strictObject({
    firstName: nameSchema('First name').optional(),
    lastName: nameSchema('Last name').optional(),
    phoneNumber: phoneNumberSchema.optional(),
    profileImageUrl: text().min(1).max(500).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Nothing to update',
  });
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The form on the account page (the avatar is saved on its own, as soon as it is uploaded). */
export const profileFormSchema = z.strictObject({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  phoneNumber: phoneNumberSchema,
});
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

export const profileSchema = z.object({
  id: text(),
  email: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  phoneNumber: text().nullable(),
  profileImageUrl: text().nullable(),
  role: z.enum(ROLES),
});
export type Profile = z.infer<typeof profileSchema>;

export const deviceSessionSchema = z.object({
  id: text(),
  /** e.g. 'Chrome on Windows'. */
  browser: text(),
  ipAddress: text().nullable(),
  createdAt: text(),
  lastSeenAt: text(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
