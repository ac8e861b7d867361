import type { AuthzCase } from '#server/test/authz.ts';
import { staffGet } from '#server/test/authz-fixtures.ts';
import { seedCourse, seedPaidOrder } from '#server/test/fixtures/teams.ts';
import { issueInvoice } from './invoices.service.ts';

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
];
