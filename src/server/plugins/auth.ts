import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SessionResolver, type UserRow } from '#server/features/auth/sessions.service.ts';
import { forbidden, unauthorized } from '#server/lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Allowed while the user still has to change a temporary password. */
    allowPendingPasswordChange?: boolean;
    /** Authenticated by its own signature (webhooks, signed upload URLs), not by the cookie. */
    csrfExempt?: boolean;
  }
}

export const MUST_CHANGE_PASSWORD = 'You must change your password before continuing.';

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-ts_session' : 'ts_session';
}

/** Resolves the session cookie into request.user on every API and media request. */
export function registerAuth(app: FastifyInstance) {
  const cookieName = sessionCookieName(app.config.secureCookies);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const sessions = new SessionResolver(app.database);
  app.addHook('onClose', async () => sessions.close());

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/objects/')) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    const resolved = await sessions.resolve(token);
    if (resolved) {
      request.user = resolved.user;
      request.sessionId = resolved.sessionId;
    }
  });
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(sessionCookieName(app.config.secureCookies), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(app.config.secureCookies), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
  });
}

/** Route guard: a signed-in user who is not stuck on a temporary password. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
    throw forbidden(MUST_CHANGE_PASSWORD, 'PASSWORD_CHANGE_REQUIRED');
  }
}

/** Route guard: a signed-in admin. */
export async function requireAdmin(request: FastifyRequest) {
  await requireUser(request);
  if (request.user?.role !== 'admin') throw forbidden('Admin access required');
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
