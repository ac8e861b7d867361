import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '#server/lib/role-facts.ts';
import { revokeSession } from '#server/lib/sessions.service.ts';
import {
  clearSessionCookie,
  currentUser,
  principalOf,
  requireUser,
  setSessionCookie,
} from '#server/plugins/auth.ts';
import { changePasswordSchema, loginSchema, userSchema } from '#shared/schemas/auth.ts';
import { presentCurrentUser } from './auth.presenter.ts';
import { changePassword, login, requestMeta } from './auth.service.ts';

const messageSchema = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const { user, session } = await login(app.db, request.body, requestMeta(request));
      // Rotate: a session the browser already had is replaced, not reused.
      if (request.sessionId) await revokeSession(app.database, request.sessionId);
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return presentCurrentUser(user, await rolesFor(app.db, user));
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
      clearSessionCookie(app, reply);
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
    async (request) => presentCurrentUser(currentUser(request), (await principalOf(request)).roles),
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
        request.body,
        requestMeta(request),
        app.config.publicUrl,
      );
      setSessionCookie(app, reply, session.token, session.expiresAt);
      return { message: 'Password changed' };
    },
  );
};
