import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Action,
  type ApprenticeResource,
  accountPrincipal,
  type CourseResource,
  can,
  type ManagedResource,
  type Principal,
} from '#server/lib/access.policy.ts';
import { forbidden, unauthorized } from '#server/lib/http.error.ts';
import { rolesFor } from '#server/lib/role-facts.repo.ts';
import type { ResolvedSession, UserRow } from '#server/lib/sessions.service.ts';

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
  const sessions = app.sessions;

  // A callback hook: a request with no session to resolve (every page and public call), or whose session is
  // cached and fresh (nearly every signed-in request), costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/objects/')) return done();
    const token = request.cookies[cookieName];
    if (!token) return done();
    const attach = (resolved: ResolvedSession | null | undefined) => {
      if (resolved) {
        request.user = resolved.user;
        request.sessionId = resolved.sessionId;
      }
    };
    const cached = sessions.resolveCached(token);
    if (cached) {
      attach(cached);
      return done();
    }
    sessions.resolve(token).then((resolved) => {
      attach(resolved);
      done();
    }, done);
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  const { secureCookies } = reply.server.config;
  reply.setCookie(sessionCookieName(secureCookies), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  const { secureCookies } = reply.server.config;
  reply.clearCookie(sessionCookieName(secureCookies), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
  });
}

const principals = new WeakMap<FastifyRequest, Promise<Principal>>();

/**
 * The signed-in user as the access policy sees them, with every role they hold (the derived team manager role
 * costs one indexed query, made at most once per request).
 */
export function principalOf(request: FastifyRequest): Promise<Principal> {
  const user = currentUser(request);
  let principal = principals.get(request);
  if (!principal) {
    principal = rolesFor(request.server.db, user).then((roles) => ({ id: user.id, roles }));
    principals.set(request, principal);
  }
  return principal;
}

/** The roles the users row alone gives (admin, or any other account), for guards that need no derived role. */
export function basePrincipal(user: UserRow): Principal {
  return accountPrincipal(user);
}

/**
 * The signed-in caller as services receive it (ARCHITECTURE.md 'Access policy'): the roles the users row gives,
 * no query. Routes whose service needs the derived team manager role pass `principalOf(request)` instead.
 */
export function callerOf(request: FastifyRequest): Principal {
  return basePrincipal(currentUser(request));
}

/** Route guard: a signed-in user who is not stuck on a temporary password. */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  if (request.user.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
    throw forbidden(MUST_CHANGE_PASSWORD, 'PASSWORD_CHANGE_REQUIRED');
  }
  if (!can(basePrincipal(request.user), 'portal:use')) throw forbidden();
}

/** Route guard: a signed-in admin. */
export async function requireAdmin(request: FastifyRequest) {
  await requireUser(request);
  if (!can(callerOf(request), 'admin:access')) throw forbidden('Admin access required');
}

/** Route guard: a signed-in member of staff (any staff role); each route then asks for its own action. */
export async function requireStaff(request: FastifyRequest) {
  await requireUser(request);
  if (!can(callerOf(request), 'console:access')) throw forbidden('Admin access required');
}

/** Route guard factory: a signed-in user the policy allows `action` (no resource). */
export function requireCan(action: Action) {
  return async (request: FastifyRequest) => {
    await requireUser(request);
    if (!can(callerOf(request), action)) throw forbidden();
  };
}

/** Inside a handler: 403 unless the policy allows the signed-in user `action` on `resource`. */
export function authorize(
  request: FastifyRequest,
  action: Action,
  resource?: ApprenticeResource | CourseResource | ManagedResource,
): void {
  if (!can(callerOf(request), action, resource)) throw forbidden();
}

/** Route guard: a signed-in team manager (manages at least one team order). */
export async function requireTeamManager(request: FastifyRequest) {
  await requireUser(request);
  if (!can(await principalOf(request), 'team:manage')) {
    throw forbidden('Team manager access required', 'TEAM_MANAGER_REQUIRED');
  }
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
