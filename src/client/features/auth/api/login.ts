import type { CurrentUser, LoginInput } from '#shared/schemas/auth.ts';

export type LoginResult = { ok: true; user: CurrentUser } | { ok: false; message: string | null };

/**
 * POST /api/login. A rejected sign-in resolves with the server's message (docs/product.md#api-calls: a non-ok answer is read
 * as JSON with a message field); only a failure to reach the server at all rejects.
 */
export async function login(input: LoginInput): Promise<LoginResult> {
  const res = await fetch('/api/login', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
    credentials: 'include',
  });
  if (res.ok) return { ok: true, user: (await res.json()) as CurrentUser };
  return { ok: false, message: await readMessage(res) };
}

async function readMessage(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message || null;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): fall back to the generic text.
  }
  return null;
}
