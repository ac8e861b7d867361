import { afterAll, beforeAll, expect } from 'vitest';
import {
  confirmedInvoiceOrder,
  seedCourse,
  teamOrderBody,
  VAT_INVOICING,
} from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

/**
 * The team API tests' harness: a test app that invoices with VAT, one course, a signed-in admin, and the requests
 * the suites make (team-orders.test.ts, team-seats.test.ts, invoice-pdf.test.ts).
 */
export function teamsHarness() {
  const h = {
    t: undefined as unknown as TestContext,
    course: undefined as unknown as Awaited<ReturnType<typeof seedCourse>>,
    adminCookie: '',
  };
  beforeAll(async () => {
    h.t = await createTestApp({
      invoicing: VAT_INVOICING,
    });
    h.course = await seedCourse(h.t.db, 'Electrical Safety for Teams');
    h.adminCookie = await h.t.login(await h.t.createUser({ role: 'admin' }));
  });
  afterAll(async () => {
    await h.t.close();
  });

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    h.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });

  /** A signed-out invoice order, confirmed by the buyer through the emailed link; the manager signed in. */
  async function invoiceOrder(seats = 3) {
    const body = teamOrderBody(h.course.courseId, { seats });
    return { body, ...(await confirmedInvoiceOrder(h.t, body)) };
  }

  const markPaid = (orderId: string) =>
    inject('POST', `/api/admin/team-orders/${orderId}/mark-paid`, h.adminCookie);

  /** A seat for a new person (a new account, so enrolled at once). */
  const assign = (cookie: string, orderId: string, n: number | string) =>
    inject('POST', `/api/team/orders/${orderId}/seats`, cookie, {
      firstName: 'Member',
      lastName: `No${n}`,
      email: `member-${n}-${orderId.slice(0, 8)}@example.com`,
    });

  /** A paid order with a signed-in manager. */
  async function paidOrder(seats = 2) {
    const order = await invoiceOrder(seats);
    expect((await markPaid(order.orderId)).statusCode).toBe(200);
    return order;
  }

  return Object.assign(h, { inject, invoiceOrder, markPaid, assign, paidOrder });
}
