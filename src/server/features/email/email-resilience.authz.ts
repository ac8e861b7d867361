import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly as adminOnlyAs } from '#server/test/authz-fixtures.ts';

const adminOnly = adminOnlyAs(200);

/** The mailbox's retry and backlog routes: admins only. */
export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/admin/mailbox/summary',
    expect: adminOnly,
    note: 'admin-only: the outbox backlog',
  },
  {
    method: 'POST',
    url: '/api/admin/mailbox/:id/send',
    prepare: async (world) => {
      const id = await enqueueEmail(world.database.db, {
        kind: 'notification',
        to: world.users.student.email,
        subject: 'Authz check',
        text: 'x',
      });
      return { params: { id } };
    },
    expect: adminOnly,
    note: 'admin-only: sends an outgoing email again',
  },
];
