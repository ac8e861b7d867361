// Test data for team orders, shared by the feature tests and the authorization matrix cases.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '#server/db/client.ts';
import { courses, emailOutbox, modules, teamOrders, topics, users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.ts';
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

/** The token in the newest confirmation email sent to `email` (what the owner of the address clicks). */
export async function confirmationToken(db: Queryable, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'team_order_confirm')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/team-orders\/confirm\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation email for ${email}`);
  return token;
}

/**
 * A signed-out invoice order, confirmed by the owner of its email through the emailed link: the buyer is then its
 * manager with a known password and signed in. Returns the order id and the manager's cookie.
 */
export async function confirmedInvoiceOrder(
  t: {
    app: FastifyInstance;
    db: Queryable;
    login: (u: { email: string; password: string }) => Promise<string>;
  },
  body: CreateTeamOrderInput,
) {
  const placed = await t.app.inject({ method: 'POST', url: '/api/team-orders', payload: body });
  if (placed.statusCode !== 202) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  const token = await confirmationToken(t.db, body.buyer.email);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/team-orders/confirm',
    payload: { token },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const manager = await settlePassword(t.db, body.buyer.email);
  return {
    orderId: placed.json().orderId as string,
    cookie: await t.login(manager),
    email: body.buyer.email,
  };
}

/** An unconfirmed invoice order written straight to the database; returns it with its link's token. */
export async function seedUnconfirmedOrder(db: Queryable, courseId: string) {
  const token = randomToken();
  const body = teamOrderBody(courseId);
  const seats = 3;
  const [order] = await db
    .insert(teamOrders)
    .values({
      courseId,
      payBy: 'invoice',
      status: 'unconfirmed',
      seats,
      unitPricePence: 12000,
      amountPence: seats * 12000,
      netPence: seats * 10000,
      vatPence: seats * 2000,
      vatRate: 20,
      company: { ...body.company, postcode: 'LS1 4AP', vatNumber: null, poNumber: null },
      buyer: body.buyer,
      confirmTokenHash: sha256Hex(token),
      confirmExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
    })
    .returning({ id: teamOrders.id });
  return { orderId: order!.id, token };
}
