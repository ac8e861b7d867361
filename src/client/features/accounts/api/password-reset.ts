import { apiJson } from '#client/lib/api-client.ts';
import type { PasswordResetConfirmInput, PasswordResetRequestInput } from '#shared/schemas/accounts.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';

export function requestPasswordReset(input: PasswordResetRequestInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/password-reset/request', input);
}

/** Sets the new password; the server answers with the signed-in user and a session cookie. */
export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<CurrentUser> {
  return apiJson<CurrentUser>('POST', '/api/password-reset/confirm', input);
}
