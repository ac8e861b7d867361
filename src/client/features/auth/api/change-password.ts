import { apiJson } from '#client/lib/api-client.ts';
import type { ChangePasswordInput } from '#shared/schemas/auth.ts';

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/user/password', input);
}
