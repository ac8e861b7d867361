import { courses, modules, topics } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';

// Removing a topic's video, presentation or captions (README 'Files and media', 'Accessibility'): admins only.
// PUT on the video and presentation paths is an existing route (its cases live with the media feature's own list).

async function topicWithoutMedia(world: AuthzWorld) {
  const { db } = world.database;
  const [course] = await db.insert(courses).values({ title: 'Authz', description: 'Matrix' }).returning();
  const [mod] = await db
    .insert(modules)
    .values({ courseId: course!.id, title: 'Module', description: 'Module' })
    .returning();
  const [topic] = await db
    .insert(topics)
    .values({ moduleId: mod!.id, title: 'Topic', description: 'Topic', order: 1 })
    .returning();
  return { params: { id: topic!.id } };
}

export const authzCases: AuthzCase[] = [
  ...(['video', 'presentation', 'captions'] as const).map(
    (kind): AuthzCase => ({
      method: 'DELETE',
      url: `/api/topics/:id/${kind}`,
      prepare: topicWithoutMedia,
      expect: { anonymous: 401, student: 403, otherStudent: 403, teamManager: 403, admin: 200 },
      note: 'content authoring is admin-only',
    }),
  ),
  {
    method: 'PUT',
    url: '/api/topics/:id/captions',
    prepare: async (world) => ({
      ...(await topicWithoutMedia(world)),
      body: { objectKey: `/objects/captions/${crypto.randomUUID()}` },
    }),
    // The admin passes the guard and meets an object that was never uploaded.
    expect: { anonymous: 401, student: 403, otherStudent: 403, teamManager: 403, admin: 400 },
    note: 'content authoring is admin-only (captions: README Accessibility)',
  },
];
