import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { dataExports, dataRequests } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, ownerOnly, signedIn } from '#server/test/authz-fixtures.ts';
import { createUser } from '#server/test/factories.ts';

// Your data (README 'Your data'): one's own exports and erasure request; the register and erasure are admins'.

async function exportOf(world: AuthzWorld, ready: boolean) {
  const [row] = await world.database.db
    .insert(dataExports)
    .values({
      userId: world.users.student.id,
      requestedBy: world.users.student.id,
      status: ready ? 'ready' : 'failed',
    })
    .returning();
  if (ready) {
    const key = `export/${row!.id}.zip`;
    await world.app.objectStore.put(key, Readable.from([Buffer.from('PK')]), 'application/zip', 2);
    await world.database.db
      .update(dataExports)
      .set({ objectKey: key, size: 2, expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(dataExports.id, row!.id));
  }
  return { params: { id: row!.id } };
}

async function requestFor(world: AuthzWorld, kind: 'access' | 'erasure') {
  // Erasure: a person of its own, so erasing them leaves the actors' accounts alone.
  const userId = kind === 'erasure' ? (await createUser(world.database.db)).id : world.users.student.id;
  const db = world.database.db;
  await db
    .insert(dataRequests)
    .values({ userId, kind, source: 'staff', dueAt: new Date(Date.now() + 30 * 86_400_000) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: dataRequests.id })
    .from(dataRequests)
    .where(
      and(eq(dataRequests.userId, userId), eq(dataRequests.kind, kind), eq(dataRequests.status, 'open')),
    );
  return { params: { id: row!.id } };
}

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/account/data-exports',
    expect: signedIn(202),
    note: 'a copy of one’s own data',
  },
  { method: 'GET', url: '/api/account/data-exports', expect: signedIn(200), note: 'one’s own exports' },
  {
    method: 'GET',
    url: '/api/account/data-exports/:id',
    prepare: (world) => exportOf(world, false),
    expect: ownerOnly(200, 404),
    note: 'the owner (and admins, who start exports on a person’s behalf); others are told it does not exist',
  },
  {
    method: 'GET',
    url: '/api/account/data-exports/:id/download',
    prepare: (world) => exportOf(world, true),
    expect: ownerOnly(200, 404),
    note: 'needs the owner’s (or an admin’s) session',
  },
  {
    method: 'POST',
    url: '/api/account/erasure-requests',
    expect: signedIn(202),
    note: 'asks; an admin carries it out',
  },
  { method: 'GET', url: '/api/admin/data-requests', expect: adminOnly(200) },
  {
    method: 'POST',
    url: '/api/admin/data-requests',
    prepare: (world) => ({ body: { email: world.users.student.email, kind: 'access' } }),
    expect: adminOnly(201),
  },
  {
    method: 'POST',
    url: '/api/admin/data-requests/:id/export',
    prepare: (world) => requestFor(world, 'access'),
    expect: adminOnly(202),
  },
  {
    method: 'POST',
    url: '/api/admin/data-requests/:id/erase',
    prepare: (world) => requestFor(world, 'erasure'),
    expect: adminOnly(200),
  },
];
