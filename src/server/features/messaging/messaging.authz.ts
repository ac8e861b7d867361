import type { AuthzCase } from '#server/test/authz.ts';
import { ownerOnly, signedIn, staffGet, studentAdminConversation } from '#server/test/authz-fixtures.ts';

// The prepared conversation is between the student and the admin: other students are not participants.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/conversations', expect: signedIn(200), note: "the caller's own conversations" },
  { method: 'GET', url: '/api/conversations/unread-count', expect: signedIn(200) },
  { method: 'GET', url: '/api/conversations/contacts', expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/conversations/stream',
    expect: signedIn(200),
    note: "SSE of the caller's messages",
  },
  {
    method: 'GET',
    url: '/api/conversations/:id',
    prepare: async (world) => ({ params: { id: await studentAdminConversation(world) } }),
    expect: ownerOnly(200, 403),
    note: "another student's conversation",
  },
  {
    method: 'POST',
    url: '/api/conversations/:id/read',
    prepare: async (world) => ({ params: { id: await studentAdminConversation(world) } }),
    expect: ownerOnly(204, 403),
    note: "marking read is a POST; another student's conversation is refused",
  },
  {
    method: 'POST',
    url: '/api/conversations/:id/messages',
    prepare: async (world) => ({
      params: { id: await studentAdminConversation(world) },
      body: { content: 'Hello' },
    }),
    expect: ownerOnly(201, 403),
  },
  {
    method: 'POST',
    url: '/api/messages',
    prepare: async (world) => ({
      body: { conversationId: await studentAdminConversation(world), content: 'Hello' },
    }),
    expect: ownerOnly(201, 403),
  },
  {
    method: 'POST',
    url: '/api/conversations',
    prepare: (world) => ({ body: { participantIds: [world.users.otherStudent.id] } }),
    expect: {
      anonymous: 401,
      student: 403,
      otherStudent: [400, 403],
      teamManager: 403,
      admin: [200, 201],
      ...staffGet(403),
      otherTutor: [200, 201],
    },
    note: 'students message only staff; staff their own students: the other student is otherTutor’s apprentice',
  },
];
