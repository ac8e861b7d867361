import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import {
  markReadSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationsResponseSchema,
  unsubscribeResponseSchema,
  unsubscribeSchema,
} from '#shared/schemas/notifications.ts';
import {
  getPreferences,
  listNotifications,
  markRead,
  setPreferences,
  unsubscribe,
} from './notifications.service.ts';

const tags = ['notifications'];

/** The bell, email preferences and one-click unsubscribe (docs/product.md#notifications). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    { onRequest: [requireUser], schema: { tags, response: { 200: notificationsResponseSchema } } },
    async (request) => listNotifications(app.db, callerOf(request)),
  );
  app.post(
    '/api/notifications/read',
    {
      onRequest: [requireUser],
      schema: { tags, body: markReadSchema, response: { 200: notificationsResponseSchema } },
    },
    async (request) => markRead(app.db, callerOf(request), request.body.ids),
  );
  app.get(
    '/api/user/notification-preferences',
    { onRequest: [requireUser], schema: { tags, response: { 200: notificationPreferencesSchema } } },
    async (request) => getPreferences(app.db, callerOf(request)),
  );
  app.put(
    '/api/user/notification-preferences',
    {
      onRequest: [requireUser],
      schema: {
        tags,
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => setPreferences(app.db, callerOf(request), request.body.email),
  );

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form to the URL in the
  // List-Unsubscribe header (token in the query), from no page of ours, so it is exempt from the same-site rule;
  // the /unsubscribe page POSTs { token } as JSON. No sign-in: the token is the authority, spent on first use.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/notifications/unsubscribe',
      {
        config: { csrfExempt: true },
        schema: {
          tags,
          querystring: unsubscribeSchema,
          body: unsubscribeSchema.nullish(),
          response: { 200: unsubscribeResponseSchema },
        },
      },
      async (request) => {
        return unsubscribe(app.db, request.query.token ?? request.body?.token ?? '');
      },
    );
  });
};
