import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '#server/test/db-target.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';
import { openStream } from './stream-client.test-helper.ts';

let t: TestContext;
let admin: TestUser;
let s1: TestUser;
let s2: TestUser;
const cookies = { admin: '', s1: '', s2: '' };
let baseUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', firstName: 'Ada', email: 'ada-admin@example.com' });
  s1 = await t.createUser({ firstName: 'Sam', email: 'sam-student@example.com' });
  s2 = await t.createUser({ firstName: null, email: 'second-student@example.com' });
  cookies.admin = await t.login(admin);
  cookies.s1 = await t.login(s1);
  cookies.s2 = await t.login(s2);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

type Who = keyof typeof cookies | 'anonymous';
function call(who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: who === 'anonymous' ? {} : { cookie: cookies[who] },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let direct = '';
let group = '';

describe('access control', () => {
  it('refuses anonymous callers on every messaging route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/unread-count'],
      ['GET', '/api/conversations/contacts'],
      ['GET', '/api/conversations/stream'],
      ['GET', `/api/conversations/${id}`],
      ['POST', `/api/conversations/${id}/messages`, { content: 'hi' }],
      ['POST', '/api/messages', { conversationId: id, content: 'hi' }],
      ['POST', '/api/conversations', { participantIds: [id] }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call('anonymous', method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('conversations', () => {
  it('lets a student open a direct conversation with an admin only, once', async () => {
    expect((await call('s1', 'POST', '/api/conversations', { participantIds: [s2.id] })).statusCode).toBe(
      403,
    );
    expect(
      (await call('s1', 'POST', '/api/conversations', { participantIds: [admin.id, s2.id] })).statusCode,
    ).toBe(403);
    const contacts = (await call('s1', 'GET', '/api/conversations/contacts')).json();
    expect(contacts.map((c: { id: string }) => c.id)).toEqual([admin.id]);

    const first = await call('s1', 'POST', '/api/conversations', { participantIds: [admin.id] });
    expect(first.statusCode).toBe(201);
    direct = first.json().id;
    expect(first.json()).toMatchObject({ type: 'direct', title: null, unreadCount: 0, lastMessage: null });
    expect(first.json().otherParticipants).toEqual([
      expect.objectContaining({ id: admin.id, firstName: 'Ada', email: 'ada-admin@example.com' }),
    ]);
    const again = await call('s1', 'POST', '/api/conversations', { participantIds: [admin.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(direct);
    // The admin starting one with the same student gets the same conversation, title ignored.
    const fromAdmin = await call('admin', 'POST', '/api/conversations', {
      participantIds: [s1.id],
      title: 'Ignored',
    });
    expect(fromAdmin.json()).toMatchObject({ id: direct, title: null });
  });

  it('lets an admin open a titled group conversation', async () => {
    const res = await call('admin', 'POST', '/api/conversations', {
      participantIds: [s1.id, s2.id],
      title: ' Week 1 ',
    });
    expect(res.statusCode).toBe(201);
    group = res.json().id;
    expect(res.json()).toMatchObject({ type: 'group', title: 'Week 1' });
    expect((await call('admin', 'POST', '/api/conversations', { participantIds: [] })).statusCode).toBe(400);
    expect(
      (
        await call('admin', 'POST', '/api/conversations', {
          participantIds: ['00000000-0000-4000-8000-000000000000'],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('shows students each other in a group but never each other’s emails', async () => {
    const list = (await call('s1', 'GET', '/api/conversations')).json();
    const g = list.find((c: { id: string }) => c.id === group);
    expect(g.otherParticipants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: s2.id, email: null }),
        expect.objectContaining({ id: admin.id, email: 'ada-admin@example.com' }),
      ]),
    );
    const adminView = (await call('admin', 'GET', '/api/conversations'))
      .json()
      .find((c: { id: string }) => c.id === group);
    expect(adminView.otherParticipants.map((p: { email: string }) => p.email).sort()).toEqual([
      'sam-student@example.com',
      'second-student@example.com',
    ]);
  });

  it('keeps conversations to their participants', async () => {
    expect((await call('s2', 'GET', `/api/conversations/${direct}`)).statusCode).toBe(403);
    expect(
      (await call('s2', 'POST', `/api/conversations/${direct}/messages`, { content: 'hi' })).statusCode,
    ).toBe(403);
    expect(
      (await call('s2', 'POST', '/api/messages', { conversationId: direct, content: 'hi' })).statusCode,
    ).toBe(403);
    expect((await call('s2', 'GET', '/api/conversations')).json().map((c: { id: string }) => c.id)).toEqual([
      group,
    ]);
    expect(
      (await call('s1', 'GET', '/api/conversations/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    // An admin who is not in a conversation does not see it either.
    const otherAdmin = await t.createUser({ role: 'admin' });
    const cookie = await t.login(otherAdmin);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${direct}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('messages and unread counts', () => {
  it('trims content and enforces 1 to 5000 characters', async () => {
    expect(
      (await call('s1', 'POST', `/api/conversations/${direct}/messages`, { content: '   ' })).statusCode,
    ).toBe(400);
    expect(
      (await call('s1', 'POST', `/api/conversations/${direct}/messages`, { content: 'x'.repeat(5001) }))
        .statusCode,
    ).toBe(400);
    const long = await call('s1', 'POST', `/api/conversations/${direct}/messages`, {
      content: 'y'.repeat(5000),
    });
    expect(long.statusCode).toBe(201);
    const res = await call('s1', 'POST', `/api/conversations/${direct}/messages`, {
      content: '  Hello, when is the practical?  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      conversationId: direct,
      senderId: s1.id,
      sender: { firstName: 'Sam', email: 'sam-student@example.com' },
      content: 'Hello, when is the practical?',
    });
  });

  it('counts unread messages per conversation and in total, and marking read (POST) clears them', async () => {
    expect((await call('admin', 'GET', '/api/conversations/unread-count')).json()).toEqual({ count: 2 });
    const list = (await call('admin', 'GET', '/api/conversations')).json();
    expect(list[0]).toMatchObject({
      id: direct,
      unreadCount: 2,
      lastMessage: { content: 'Hello, when is the practical?', senderId: s1.id },
    });
    // The sender has nothing unread.
    expect((await call('s1', 'GET', '/api/conversations/unread-count')).json()).toEqual({ count: 0 });

    const thread = await call('admin', 'GET', `/api/conversations/${direct}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages.map((m: { content: string }) => m.content.slice(0, 5))).toEqual([
      'yyyyy',
      'Hello',
    ]);
    // Reading with GET changes nothing (a cross-site GET must not); the client then POSTs …/read.
    expect((await call('admin', 'GET', '/api/conversations/unread-count')).json()).toEqual({ count: 2 });
    const read = await call('admin', 'POST', `/api/conversations/${direct}/read`);
    expect(read.statusCode).toBe(204);
    expect((await call('admin', 'GET', '/api/conversations/unread-count')).json()).toEqual({ count: 0 });

    const reply = await call('admin', 'POST', '/api/messages', {
      conversationId: direct,
      content: 'Thursday at 9.',
    });
    expect(reply.statusCode).toBe(201);
    // The answer is the message as the conversation shows it, sender and time included.
    expect(reply.json()).toMatchObject({
      conversationId: direct,
      senderId: admin.id,
      sender: { firstName: 'Ada', email: 'ada-admin@example.com' },
      content: 'Thursday at 9.',
    });
    const shown = (await call('admin', 'GET', `/api/conversations/${direct}`)).json();
    expect(shown.messages.at(-1)).toEqual(reply.json());
    const s1List = (await call('s1', 'GET', '/api/conversations')).json();
    expect(s1List.find((c: { id: string }) => c.id === direct).unreadCount).toBe(1);
    expect((await call('s1', 'GET', '/api/conversations/unread-count')).json()).toEqual({ count: 1 });
  });
});

describe('live delivery (server-sent events through LISTEN/NOTIFY)', () => {
  it('pushes a new message to the participants’ open streams within 2 seconds, and to no one else', async () => {
    const s1Stream = openStream(baseUrl, cookies.s1);
    const s2Stream = openStream(baseUrl, cookies.s2);
    expect(await s1Stream.ready).toBe(200);
    expect(await s2Stream.ready).toBe(200);
    try {
      const sent = await call('admin', 'POST', '/api/messages', {
        conversationId: direct,
        content: 'Pushed live',
      });
      const got = await s1Stream.next((m) => m.id === sent.json().id);
      expect(got).toMatchObject({
        conversationId: direct,
        content: 'Pushed live',
        sender: { firstName: 'Ada' },
      });

      const inGroup = await call('s1', 'POST', `/api/conversations/${group}/messages`, {
        content: 'Group hello',
      });
      const s2Got = await s2Stream.next((m) => m.id === inGroup.json().id);
      // A student receiving another student's message does not get their email.
      expect(s2Got.sender).toEqual({ firstName: 'Sam', email: null });
      expect(s2Stream.received.some((m) => m.conversationId === direct)).toBe(false);
    } finally {
      s1Stream.close();
      s2Stream.close();
    }
  });

  it(`delivers across two app instances on one database (${testDbKind()})`, async () => {
    const second = await t.secondInstance();
    const app2 = second.app;
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const address = app2.server.address();
    const stream = openStream(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      cookies.s1,
    );
    try {
      expect(await stream.ready).toBe(200);
      const sent = await call('admin', 'POST', '/api/messages', {
        conversationId: direct,
        content: 'Across processes',
      });
      expect(sent.statusCode).toBe(201);
      const got = await stream.next((m) => m.id === sent.json().id);
      expect(got.content).toBe('Across processes');
    } finally {
      stream.close();
      await second.close();
    }
  });
});
