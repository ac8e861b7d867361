import { randomUUID } from 'node:crypto';
import { payments } from '#server/db/schema/index.ts';
import type { AuthzCase } from '#server/test/authz.ts';
import { staffGet } from '#server/test/authz-fixtures.ts';
import { seedCourse, seedPaidOrder } from '#server/test/fixtures/teams.ts';
import { issueInvoice } from './invoices.service.ts';
import { issuePurchaseInvoice } from './purchase-invoices.service.ts';

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/invoices/:id.pdf',
    note: "the order's manager or an admin; to anyone else the invoice does not exist (404)",
    prepare: async (world) => {
      const db = world.database.db;
      const { courseId } = await seedCourse(db);
      const orderId = await seedPaidOrder(db, { courseId, managerUserId: world.users.teamManager.id });
      const invoice = await db.transaction((tx) => issueInvoice(tx, orderId));
      return { params: { id: invoice.id } };
    },
    expect: {
      anonymous: 401,
      student: 404,
      otherStudent: 404,
      teamManager: 200,
      admin: 200,
      ...staffGet(404),
      finance: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/invoices/:id.pdf',
    note: "an individual purchase's VAT invoice: its buyer, finance or an admin; to anyone else it does not exist",
    prepare: async (world) => {
      const db = world.database.db;
      const { courseId } = await seedCourse(db);
      const [payment] = await db
        .insert(payments)
        .values({
          provider: 'test',
          providerIntentId: `pi_test_authz_${randomUUID()}`,
          courseId,
          userId: world.users.student.id,
          email: world.users.student.email,
          amountPence: 99500,
          status: 'succeeded',
          studentData: { firstName: 'Sam', lastName: 'Student' },
          fulfilledAt: new Date(),
        })
        .returning({ id: payments.id });
      const invoice = await db.transaction((tx) => issuePurchaseInvoice(tx, payment!.id, 20, new Date()));
      return { params: { id: invoice.id } };
    },
    expect: {
      anonymous: 401,
      student: 200,
      otherStudent: 404,
      teamManager: 404,
      admin: 200,
      ...staffGet(404),
      finance: 200,
    },
  },
];
