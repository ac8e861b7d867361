import { randomUUID } from 'node:crypto';
import { courses, discountCodes } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, everyone } from '#server/test/authz-fixtures.ts';

// Discount codes and team price tiers: checking a code is public (throttled); managing codes and tiers is for
// finance and admins (the matrix has no finance column: discounts.test.ts signs finance in).

async function course(world: AuthzWorld) {
  const [row] = await world.database.db
    .insert(courses)
    .values({ title: 'Discounted', description: 'd', pricePence: 10000 })
    .returning({ id: courses.id });
  return row!.id;
}

async function code(world: AuthzWorld) {
  const text = `AUTHZ-${randomUUID().slice(0, 8)}`;
  const [row] = await world.database.db
    .insert(discountCodes)
    .values({ code: text, kind: 'percent', value: 10, plans: ['onetime', 'monthly'] })
    .returning({ id: discountCodes.id });
  return { id: row!.id, text };
}

export const authzCases: AuthzCase[] = [
  {
    method: 'POST',
    url: '/api/discount-codes/check',
    prepare: async (world) => ({ body: { code: (await code(world)).text, courseId: await course(world) } }),
    expect: everyone(200),
    note: 'public: a buyer checks a code before paying (throttled per address)',
  },
  {
    method: 'POST',
    url: '/api/admin/discount-codes',
    prepare: () => ({ body: { code: `NEW-${randomUUID().slice(0, 8)}`, kind: 'percent', value: 15 } }),
    expect: { ...adminOnly(201), finance: 201 },
    note: 'admin or finance',
  },
  {
    method: 'GET',
    url: '/api/admin/discount-codes',
    expect: { ...adminOnly(200), finance: 200 },
    note: 'admin or finance',
  },
  {
    method: 'POST',
    url: '/api/admin/discount-codes/:id/disable',
    prepare: async (world) => ({ params: { id: (await code(world)).id } }),
    expect: { ...adminOnly(200), finance: 200 },
    note: 'admin or finance',
  },
  {
    method: 'GET',
    url: '/api/admin/courses/:id/seat-tiers',
    prepare: async (world) => ({ params: { id: await course(world) } }),
    expect: { ...adminOnly(200), finance: 200 },
    note: 'admin or finance',
  },
  {
    method: 'PUT',
    url: '/api/admin/courses/:id/seat-tiers',
    prepare: async (world) => ({
      params: { id: await course(world) },
      body: { tiers: [{ minSeats: 5, percentOff: 10 }] },
    }),
    expect: { ...adminOnly(200), finance: 200 },
    note: 'admin or finance',
  },
];
