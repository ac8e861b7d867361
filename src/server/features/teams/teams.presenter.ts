import type { invoices, teamSeats } from '#server/db/schema/index.ts';
import type { TeamMember, TeamOrderStatus, TeamOrderSummary } from '#shared/schemas/teams.ts';
import type { CourseProgress } from './team-progress.service.ts';
import type { TeamOrderRow } from './team-settlement.service.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** The order's status as people see it: an unpaid invoice past its due date is overdue. */
export function orderStatus(
  order: Pick<TeamOrderRow, 'status' | 'dueAt'>,
  now = new Date(),
): TeamOrderStatus {
  if (order.status === 'awaiting_payment' && order.dueAt && order.dueAt < now) return 'overdue';
  return order.status;
}

export const invoiceRef = (invoice: InvoiceRow | null) =>
  invoice ? { id: invoice.id, number: invoice.number } : null;

export function presentOrder(
  order: TeamOrderRow,
  courseTitle: string,
  assigned: number,
  invoice: InvoiceRow | null,
  topUps: { order: TeamOrderRow; invoice: InvoiceRow | null }[],
  now: Date,
): TeamOrderSummary {
  return {
    id: order.id,
    courseId: order.courseId,
    courseTitle,
    seats: order.seats + order.extraSeats,
    assigned,
    status: orderStatus(order, now),
    payBy: order.payBy,
    amountPence: order.amountPence,
    createdAt: order.createdAt.toISOString(),
    invoice: invoiceRef(invoice),
    topUps: topUps.map((t) => ({
      id: t.order.id,
      seats: t.order.seats,
      status: orderStatus(t.order, now),
      invoice: invoiceRef(t.invoice),
    })),
  };
}

export function presentMember(
  seat: typeof teamSeats.$inferSelect,
  courseId: string,
  courseTitle: string,
  progress: CourseProgress,
  employerContact: TeamMember['employerContact'],
): TeamMember {
  return {
    ...presentSeat(seat),
    employerContact,
    courseId,
    courseTitle,
    progressPercent: progress.progressPercent,
    topicsDone: progress.topicsDone,
    topicsTotal: progress.topicsTotal,
    quizzes: progress.quizzes,
    started: progress.started,
    lastActiveAt: progress.lastActiveAt?.toISOString() ?? null,
    completedAt: progress.completedAt?.toISOString() ?? null,
  };
}

export function presentTeamInvoice(invoice: InvoiceRow, order: TeamOrderRow) {
  return {
    id: invoice.id,
    number: invoice.number,
    orderId: order.id,
    issuedAt: invoice.issuedAt.toISOString(),
    totalPence: order.amountPence,
    paid: order.status === 'paid',
  };
}

export function presentSeat(seat: typeof teamSeats.$inferSelect) {
  return {
    seatId: seat.id,
    orderId: seat.teamOrderId,
    email: seat.email,
    firstName: seat.firstName,
    lastName: seat.lastName,
    status: seat.status,
  };
}
