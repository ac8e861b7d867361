import { courses, modules, topics } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, taughtByInstructor } from '#server/test/authz-fixtures.ts';

// Removing a topic's video, presentation or captions, and attaching captions (README 'Files and media',
// 'Accessibility'): admins and the course's instructors (docs/staff.md). PUT on the video and presentation paths is
// an existing route (its cases live with the media feature's own list).

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
  await taughtByInstructor(world, course!.id);
  return { params: { id: topic!.id } };
}

export const authzCases: AuthzCase[] = [
  ...(['video', 'presentation', 'captions'] as const).map(
    (kind): AuthzCase => ({
      method: 'DELETE',
      url: `/api/topics/:id/${kind}`,
      prepare: topicWithoutMedia,
      expect: { ...adminOnly(200), instructor: 200 },
      note: 'content authoring: admins and the course’s instructors',
    }),
  ),
  {
    method: 'PUT',
    url: '/api/topics/:id/captions',
    prepare: async (world) => ({
      ...(await topicWithoutMedia(world)),
      body: { objectKey: `/objects/captions/${crypto.randomUUID()}` },
    }),
    // Admins and the course's instructors pass the guard and meet an object that was never uploaded.
    expect: { ...adminOnly(400), instructor: 400 },
    note: 'content authoring: admins and the course’s instructors (captions: README Accessibility)',
  },
];
