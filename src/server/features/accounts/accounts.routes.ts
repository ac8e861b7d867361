import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentCurrentUser, requestMeta } from '#server/features/auth/index.ts';
import { rolesFor } from '#server/lib/role-facts.repo.ts';
import { revokeSession } from '#server/lib/sessions.service.ts';
import {
  callerOf,
  clearSessionCookie,
  currentUser,
  requireUser,
  setSessionCookie,
} from '#server/plugins/auth.plugin.ts';
import {
  deviceSessionSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  RESET_REQUEST_MESSAGE,
  updateProfileSchema,
} from '#shared/schemas/accounts.ts';
import { userSchema } from '#shared/schemas/auth.ts';
import { presentDeviceSession, presentProfile } from './accounts.presenter.ts';
import { listUserSessions, revokeOtherSessions, revokeOwnSession } from './devices.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { updateProfile } from './profile.service.ts';

const messageSchema = z.object({ message: z.string() });

/** Password reset by email (signed out), the profile and the signed-in devices (signed in). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/password-reset/request',
    {
      schema: { tags: ['accounts'], body: passwordResetRequestSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      await requestPasswordReset(app.db, request.body.email, requestMeta(request), app.config.publicUrl);
      return { message: RESET_REQUEST_MESSAGE };
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      schema: { tags: ['accounts'], body: passwordResetConfirmSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const { user, session } = await confirmPasswordReset(
        app.database,
        request.body,
        requestMeta(request),
        app.config.publicUrl,
      );
      // Whatever session this browser had (perhaps another account's) is replaced by the new one.
      if (request.sessionId) await revokeSession(app.database, request.sessionId);
      setSessionCookie(reply, session.token, session.expiresAt);
      return presentCurrentUser(user, await rolesFor(app.db, user));
    },
  );

  app.get(
    '/api/user/profile',
    { schema: { tags: ['accounts'], response: { 200: profileSchema } }, onRequest: [requireUser] },
    async (request) => presentProfile(currentUser(request)),
  );

  app.put(
    '/api/user/profile',
    {
      schema: { tags: ['accounts'], body: updateProfileSchema, response: { 200: profileSchema } },
      onRequest: [requireUser],
    },
    async (request) => presentProfile(await updateProfile(app.mediaDeps, callerOf(request), request.body)),
  );

  app.get(
    '/api/user/sessions',
    {
      schema: { tags: ['accounts'], response: { 200: z.array(deviceSessionSchema) } },
      onRequest: [requireUser],
    },
    async (request) => {
      const rows = await listUserSessions(app.db, callerOf(request));
      const sessions = rows.map((row) => presentDeviceSession(row, request.sessionId));
      // This device first, then the others by last use.
      return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
    },
  );

  app.delete(
    '/api/user/sessions/:id',
    {
      schema: {
        tags: ['accounts'],
        params: z.object({ id: z.uuid('That device is not signed in to your account') }),
        response: { 200: messageSchema },
      },
      onRequest: [requireUser],
    },
    async (request, reply) => {
      await revokeOwnSession(app.database, callerOf(request), request.params.id);
      if (request.params.id === request.sessionId) clearSessionCookie(reply);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/user/sessions/revoke-others',
    {
      schema: {
        tags: ['accounts'],
        response: { 200: z.object({ message: z.string(), revoked: z.number() }) },
      },
      onRequest: [requireUser],
    },
    async (request) => {
      const revoked = await revokeOtherSessions(app.database, callerOf(request), request.sessionId!);
      return {
        message: revoked === 1 ? 'Signed out 1 other device' : `Signed out ${revoked} other devices`,
        revoked,
      };
    },
  );
};
