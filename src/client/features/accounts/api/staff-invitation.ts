import { apiJson } from '#client/lib/api-client.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';

/**
 * Accepts a staff invitation (docs/staff.md#invitations) with the chosen password, then signs in with it: the
 * answer names the account's email.
 */
export async function acceptStaffInvitation(token: string, password: string): Promise<CurrentUser> {
  const { email } = await apiJson<{ email: string }>('POST', '/api/staff/accept', { token, password });
  return apiJson<CurrentUser>('POST', '/api/login', { email, password });
}
