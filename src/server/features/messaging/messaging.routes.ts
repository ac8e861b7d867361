import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireUser } from '#server/plugins/auth.plugin.ts';
import { idParamsSchema } from '#shared/schemas/learning.ts';
import {
  contactsResponseSchema,
  conversationDetailSchema,
  conversationSummarySchema,
  conversationsResponseSchema,
  createConversationSchema,
  type Message,
  messageSchema,
  postMessageSchema,
  STREAM_EVENT_MESSAGE,
  sendMessageSchema,
  unreadCountSchema,
} from '#shared/schemas/messaging.ts';
import { HEARTBEAT_MS } from './message-stream.service.ts';
import { presentParticipant } from './messaging.presenter.ts';
import {
  createConversation,
  getConversation,
  listConversations,
  markConversationRead,
  sendMessage,
  unreadTotal,
} from './messaging.service.ts';
import { listContacts } from './reach.service.ts';

/** Conversations and messages for students and admins alike (docs/product.md#messaging); only participants see a thread. */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messaging'];
  const guard = { onRequest: [requireUser] };
  const hub = app.messageHub;

  app.get(
    '/api/conversations',
    { ...guard, schema: { tags, response: { 200: conversationsResponseSchema } } },
    async (request) => listConversations(app.db, callerOf(request)),
  );

  app.get(
    '/api/conversations/unread-count',
    { ...guard, schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => ({ count: await unreadTotal(app.db, callerOf(request)) }),
  );

  app.get(
    '/api/conversations/contacts',
    { ...guard, schema: { tags, response: { 200: contactsResponseSchema } } },
    async (request) => {
      const viewer = callerOf(request);
      return (await listContacts(app.db, viewer)).map((p) => presentParticipant(viewer, p));
    },
  );

  // Server-sent events: `event: message` with a Message as data, for every new message in the caller's
  // conversations, and `event: notification | learning | apprenticeship` (data {}) when that part of the caller's
  // screens changed (lib/user-events.service.ts); a comment line every 25 s keeps proxies from closing the connection.
  app.get('/api/conversations/stream', { ...guard, schema: { tags } }, (request, reply) => {
    const viewer = callerOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    let unsubscribe = () => {};
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    const subscriber = {
      viewer,
      sessionId: request.sessionId!,
      send: (message: Message) =>
        res.write(`event: ${STREAM_EVENT_MESSAGE}\ndata: ${JSON.stringify(message)}\n\n`),
      sendEvent: (event: string) => res.write(`event: ${event}\ndata: {}\n\n`),
      close: end,
    };
    const heartbeat = setInterval(() => {
      res.write(': keep-alive\n\n');
      hub.recheck(subscriber);
    }, HEARTBEAT_MS);
    unsubscribe = hub.subscribe(subscriber);
    request.raw.on('close', end);
  });

  app.get(
    '/api/conversations/:id',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 200: conversationDetailSchema } } },
    async (request) => getConversation(app.db, callerOf(request), request.params.id),
  );

  // Marking read changes state, so it is a POST the client sends after showing the thread (never a GET).
  app.post(
    '/api/conversations/:id/read',
    { ...guard, schema: { tags, params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await markConversationRead(app.db, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      ...guard,
      schema: { tags, params: idParamsSchema, body: sendMessageSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const message = await sendMessage(
        app.database,
        callerOf(request),
        request.params.id,
        request.body.content,
      );
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/messages',
    { ...guard, schema: { tags, body: postMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      const { conversationId, content } = request.body;
      const message = await sendMessage(app.database, callerOf(request), conversationId, content);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/conversations',
    {
      ...guard,
      schema: {
        tags,
        body: createConversationSchema,
        response: { 200: conversationSummarySchema, 201: conversationSummarySchema },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await createConversation(
        app.db,
        callerOf(request),
        request.body.participantIds,
        request.body.title,
      );
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );
};
