import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '#server/lib/role-facts.repo.ts';
import { revokeSession } from '#server/lib/sessions.service.ts';
import {
  clearSessionCookie,
  currentUser,
  principalOf,
  requireUser,
  setSessionCookie,
} from '#server/plugins/auth.plugin.ts';
import { changePasswordSchema, loginSchema, userSchema } from '#shared/schemas/auth.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { changePassword, login, requestMeta, temporaryPasswordConfirmed } from './auth.service.ts';
import { DEVICE_COOKIE_MAX_AGE_S, deviceCookieName } from './device-cookies.service.ts';

const messageSchema = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const deviceCookie = deviceCookieName(app.config.secureCookies);
      const { user, session, ...device } = await login(app.db, request.body, requestMeta(request), {
        key: app.deviceCookieKey,
        cookie: request.cookies[deviceCookie],
      });
      // Rotate: a session the browser already had is replaced, not reused.
      if (request.sessionId) await revokeSession(app.database, request.sessionId);
      setSessionCookie(reply, session.token, session.expiresAt);
      reply.setCookie(deviceCookie, device.deviceCookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.secureCookies,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      // Signed in with the temporary password this moment: the forced change does not ask for it again.
      return presentCurrentUser(user, await rolesFor(app.db, user), {
        temporaryPasswordConfirmed: user.mustChangePassword,
      });
    },
  );

  // Sign-in redirects point here; it lands on our own login page (docs/product.md#audiences-and-roles).
  app.get('/api/login', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/login', 302));

  app.post(
    '/api/logout',
    {
      schema: { tags: ['auth'], response: { 200: messageSchema } },
      config: { allowPendingPasswordChange: true },
    },
    async (request, reply) => {
      if (request.sessionId) await revokeSession(app.database, request.sessionId);
      clearSessionCookie(reply);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/api/user',
    {
      schema: { tags: ['auth'], response: { 200: userSchema } },
      config: { allowPendingPasswordChange: true },
      onRequest: [requireUser],
    },
    async (request) => {
      const user = currentUser(request);
      return presentCurrentUser(user, (await principalOf(request)).roles, {
        temporaryPasswordConfirmed: await temporaryPasswordConfirmed(app.db, user, request.sessionId),
      });
    },
  );

  app.post(
    '/api/user/password',
    {
      schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: messageSchema } },
      config: { allowPendingPasswordChange: true },
      onRequest: [requireUser],
    },
    async (request, reply) => {
      const session = await changePassword(
        app.database,
        currentUser(request),
        request.sessionId,
        request.body,
        requestMeta(request),
        app.config.publicUrl,
      );
      setSessionCookie(reply, session.token, session.expiresAt);
      return { message: 'Password changed' };
    },
  );
};
