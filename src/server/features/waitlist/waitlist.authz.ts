import { courses, waitlistSubscribers } from '#server/db/schema/index.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.util.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, everyone } from '#server/test/authz-fixtures.ts';

async function comingSoon(world: AuthzWorld) {
  const [course] = await world.database.db
    .insert(courses)
    .values({ title: 'Soon', description: 'd', isActive: false })
    .returning({ id: courses.id });
  return course!.id;
}

/** A waitlist sign-up whose links hold these tokens. */
async function subscriber(world: AuthzWorld) {
  const confirm = randomToken();
  const unsubscribe = randomToken();
  await world.database.db.insert(waitlistSubscribers).values({
    courseId: await comingSoon(world),
    email: `${randomToken().slice(0, 8).toLowerCase()}@example.com`,
    confirmTokenHash: sha256Hex(confirm),
    unsubscribeToken: unsubscribe,
  });
  return { confirm, unsubscribe };
}

// The waitlist: anyone may join, confirm and unsubscribe (the emailed token is the authority); admins see counts.
export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/courses/:id/waitlist',
    prepare: async (world, actor) => ({
      params: { id: await comingSoon(world) },
      body: { email: `waitlist-${actor}@example.com` },
    }),
    expect: everyone(202),
    note: 'public sign-up, double opt-in',
  },
  {
    method: 'POST',
    url: '/api/waitlist/confirm',
    prepare: async (world) => ({ body: { token: (await subscriber(world)).confirm } }),
    expect: everyone(200),
    note: "the emailed link's token is the authority",
  },
  {
    method: 'POST',
    url: '/api/waitlist/unsubscribe',
    prepare: async (world) => ({ body: { token: (await subscriber(world)).unsubscribe } }),
    expect: everyone(200),
    note: "the emailed link's token is the authority",
  },
  { method: 'GET', url: '/api/admin/waitlists', expect: adminOnly(200) },
];
