import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { payments, teamOrders } from '#server/db/schema/index.ts';
import { issueInvoice } from '#server/features/invoices/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { adminOnly, ownerOnly, signedIn } from '#server/test/authz-fixtures.ts';
import { seedCourse, seedPaidOrder } from '#server/test/fixtures/teams.ts';

/** A card payment the built-in test provider took (its refunds need nothing more). */
async function paidPayment(db: Queryable, courseId: string): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({
      provider: 'test',
      providerIntentId: `pi_test_authz_${randomUUID()}`,
      courseId,
      email: 'buyer@example.com',
      amountPence: 36000,
      status: 'succeeded',
      studentData: {},
      fulfilledAt: new Date(),
    })
    .returning({ id: payments.id });
  return row!.id;
}

/** A fresh purchase of the student actor's, paid just now (so it can be cancelled). */
async function ownPayment(world: AuthzWorld) {
  const db = world.database.db;
  const { courseId } = await seedCourse(db);
  const paymentId = await paidPayment(db, courseId);
  await db.update(payments).set({ userId: world.users.student.id }).where(eq(payments.id, paymentId));
  return { params: { paymentId } };
}

/** A credit note on a card team order the team manager actor manages. */
async function creditNote(world: AuthzWorld): Promise<string> {
  const db = world.database.db;
  const { courseId } = await seedCourse(db);
  const orderId = await seedPaidOrder(db, { courseId, managerUserId: world.users.teamManager.id });
  const paymentId = await paidPayment(db, courseId);
  await db.update(teamOrders).set({ paymentId, payBy: 'card' }).where(eq(teamOrders.id, orderId));
  await db.transaction((tx) => issueInvoice(tx, orderId));
  const res = await world.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refunds`,
    headers: { cookie: world.cookies.admin },
    payload: { amountPence: 12000, reason: 'One seat', endAccess: false },
  });
  return res.json().creditNote.id;
}

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/admin/payments',
    note: 'finance and admins',
    expect: { ...adminOnly(200), finance: 200 },
  },
  {
    method: 'GET',
    url: '/api/admin/ledger.csv',
    note: 'finance and admins',
    expect: { ...adminOnly(200), finance: 200 },
  },
  {
    method: 'POST',
    url: '/api/admin/payments/:paymentId/refunds',
    note: 'finance and admins; a fresh paid payment for each caller',
    prepare: async (world) => {
      const { courseId } = await seedCourse(world.database.db);
      return {
        params: { paymentId: await paidPayment(world.database.db, courseId) },
        body: { reason: 'Goodwill', endAccess: false },
      };
    },
    expect: { ...adminOnly(201), finance: 201 },
  },
  {
    method: 'GET',
    url: '/api/account/orders',
    note: 'any signed-in account: their own orders only',
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/account/orders/:paymentId/cancel',
    note: "the buyer's own order only; anyone else is told it does not exist",
    prepare: (world) => ownPayment(world),
    expect: ownerOnly(200, 404, 404),
  },
  {
    method: 'POST',
    url: '/api/account/orders/:paymentId/refund-request',
    note: "the buyer's own order only",
    prepare: async (world) => ({ ...(await ownPayment(world)), body: { message: 'Not for me' } }),
    expect: ownerOnly(202, 404, 404),
  },
  {
    method: 'GET',
    url: '/api/credit-notes/:id.pdf',
    note: "the order's manager, finance or an admin; to anyone else it does not exist (404)",
    prepare: async (world) => ({ params: { id: await creditNote(world) } }),
    expect: { ...signedIn(404), teamManager: 200, admin: 200, finance: 200 },
  },
  {
    method: 'GET',
    url: '/api/refund-receipts/:id.pdf',
    note: "a refund of the student's own purchase with no VAT invoice: the buyer, finance or an admin; to anyone else it does not exist (404)",
    prepare: async (world) => {
      const { params } = await ownPayment(world);
      const res = await world.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${params.paymentId}/refunds`,
        headers: { cookie: world.cookies.admin },
        payload: { amountPence: 10000, reason: 'Goodwill', endAccess: false },
      });
      return { params: { id: res.json().refundId } };
    },
    expect: { ...signedIn(404), student: 200, admin: 200, finance: 200 },
  },
];
