// Test data for team orders, shared by the feature tests and the authorization matrix cases.
import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, modules, teamOrders, topics, users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import type { CreateTeamOrderInput } from '#shared/schemas/teams.ts';

let seq = 0;

/** An active course with one module of `topicCount` topics. */
export async function seedCourse(db: Queryable, title = `Team Course ${++seq}`, topicCount = 2) {
  const [course] = await db
    .insert(courses)
    .values({ title, description: 'For teams', pricePence: 12000 })
    .returning({ id: courses.id });
  const [module] = await db
    .insert(modules)
    .values({ courseId: course!.id, title: 'Module 1', description: 'm', order: 1 })
    .returning({ id: modules.id });
  const topicIds: string[] = [];
  for (let i = 0; i < topicCount; i++) {
    const [topic] = await db
      .insert(topics)
      .values({ moduleId: module!.id, title: `Topic ${i + 1}`, description: 't', order: i + 1 })
      .returning({ id: topics.id });
    topicIds.push(topic!.id);
  }
  return { courseId: course!.id, topicIds };
}

export function teamOrderBody(
  courseId: string,
  overrides: Partial<CreateTeamOrderInput> = {},
): CreateTeamOrderInput {
  const n = ++seq;
  return {
    courseId,
    seats: 3,
    company: {
      name: `Sparks & Co ${n} Ltd`,
      addressLine1: '12 Volt Street',
      city: 'Leeds',
      postcode: 'ls1 4ap',
      vatNumber: 'GB123456789',
      poNumber: `PO-${n}`,
    },
    buyer: {
      firstName: 'Morgan',
      lastName: 'Hale',
      email: `manager${n}-${Date.now()}@example.com`,
      phoneNumber: '0113 496 0000',
      jobTitle: 'Training Coordinator',
    },
    payBy: 'invoice',
    ...overrides,
  };
}

/** A paid order managed by `managerUserId`, written straight to the database (for boundary tests). */
export async function seedPaidOrder(
  db: Queryable,
  input: { courseId: string; managerUserId: string; seats?: number },
) {
  const seats = input.seats ?? 3;
  const [order] = await db
    .insert(teamOrders)
    .values({
      courseId: input.courseId,
      managerUserId: input.managerUserId,
      payBy: 'invoice',
      status: 'paid',
      seats,
      unitPricePence: 12000,
      amountPence: seats * 12000,
      netPence: seats * 10000,
      vatPence: seats * 2000,
      vatRate: 20,
      company: {
        name: 'Seeded Ltd',
        addressLine1: '1 Road',
        city: 'York',
        postcode: 'YO1 7HH',
        vatNumber: null,
        poNumber: null,
      },
      buyer: {
        firstName: 'Sam',
        lastName: 'Seed',
        email: 'seed@example.com',
        phoneNumber: '01904 000000',
        jobTitle: 'Manager',
      },
      paidAt: new Date(),
    })
    .returning({ id: teamOrders.id });
  return order!.id;
}

/** Gives an emailed account a known password and clears the temporary-password gate, as a first sign-in would. */
export async function settlePassword(db: Queryable, email: string, password = 'Manager123!') {
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: false,
      tempPasswordExpiresAt: null,
    })
    .where(eq(users.email, email));
  return { email, password };
}
