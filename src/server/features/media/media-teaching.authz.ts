import { courses, modules, topics } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';

// Removing a topic's video or presentation (README 'Files and media'): admins only. PUT on the same paths is
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
  return { params: { id: topic!.id } };
}

export const authzCases: AuthzCase[] = (['video', 'presentation'] as const).map((kind) => ({
  method: 'DELETE',
  url: `/api/topics/:id/${kind}`,
  prepare: topicWithoutMedia,
  expect: { anonymous: 401, student: 403, otherStudent: 403, teamManager: 403, admin: 200 },
  note: 'content authoring is admin-only',
}));
