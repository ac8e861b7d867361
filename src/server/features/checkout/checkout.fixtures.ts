import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { courses, emailOutbox, enrolments, payments, users } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { consentGiven } from '#shared/consent.ts';

// What the checkout API tests share (checkout.test.ts, checkout-provisioning.test.ts): one app per file with three
// courses, a buyer, and helpers that start and confirm payments through the real routes.

/** The ticked consent box (src/shared/consent.ts) every payment start sends. */
export const consent = consentGiven();

export interface CheckoutKit {
  t: TestContext;
  fundamentalId: string;
  upskillId: string;
  inactiveId: string;
}

/** Registers the file's app and courses; read the returned object's fields inside tests. */
export function checkoutKit(): CheckoutKit {
  const kit = {} as CheckoutKit;
  beforeAll(async () => {
    kit.t = await createTestApp({ publicUrl: 'https://learn.example.com' });
    const rows = await kit.t.db
      .insert(courses)
      .values([
        {
          title: 'Drainage Systems Fundamentals',
          description: 'd',
          pricePence: 99500,
          monthlyPricePence: 19999,
          instalments: 6,
        },
        { title: 'CCTV Surveying', description: 'd', courseType: 'upskill', pricePence: 149500 },
        { title: 'EV Charging', description: 'd', isActive: false, pricePence: 120000 },
      ])
      .returning({ id: courses.id });
    [kit.fundamentalId, kit.upskillId, kit.inactiveId] = rows.map((r) => r.id) as [string, string, string];
  });
  afterAll(async () => {
    await kit.t.close();
  });
  return kit;
}

let seq = 0;
export function buyer(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    email: `jane${++seq}@example.com`,
    phoneNumber: '07700 900123',
    experienceLevel: 'beginner',
    ...overrides,
  };
}

export const card = (number: string, extra: Record<string, string> = {}) => ({
  number,
  expiry: '12/40',
  cvc: '123',
  name: 'Jane Doe',
  ...extra,
});

/** Helpers bound to the file's kit. */
export function checkoutHelpers(kit: CheckoutKit) {
  const post = (url: string, payload: unknown) =>
    kit.t.app.inject({ method: 'POST', url, payload: payload as object });

  async function startPayment(studentData = buyer(), courseId = kit.fundamentalId, plan?: string) {
    const res = await post('/api/create-course-payment', { consent, courseId, studentData, plan });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      clientSecret: string;
      paymentIntentId: string;
      amount: string;
      courseTitle: string;
    };
  }

  async function confirm(clientSecret: string, number: string, extra: Record<string, string> = {}) {
    return post('/api/test-payments/confirm', { clientSecret, card: card(number, extra) });
  }

  async function countFor(email: string) {
    const db = kit.t.db;
    const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email));
    const [e] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(eq(users.email, email));
    const [m] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    const [p] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(sql`${payments.email} = ${email} and ${payments.status} = 'succeeded'`);
    return { users: u!.n, enrolments: e!.n, emails: m!.n, succeededPayments: p!.n };
  }

  return { post, startPayment, confirm, countFor };
}
