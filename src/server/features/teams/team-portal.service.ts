import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, invoices, teamOrders, teamSeats, users } from '#server/db/schema/index.ts';
import { contactStates } from '#server/features/apprenticeships/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import type { TeamOverview } from '#shared/schemas/teams.ts';
import { type CourseProgress, progressFor, progressOf } from './team-progress.service.ts';
import { presentMember, presentOrder, presentTeamInvoice } from './teams.presenter.ts';

/** The manager's orders (each with its top-ups), members with their progress, and invoices: theirs only. */
export async function teamOverview(
  db: Queryable,
  principal: Principal,
  now = new Date(),
): Promise<TeamOverview> {
  const orders = await db
    .select({ order: teamOrders, courseTitle: courses.title })
    .from(teamOrders)
    .innerJoin(courses, eq(courses.id, teamOrders.courseId))
    .where(eq(teamOrders.managerUserId, principal.id))
    .orderBy(asc(teamOrders.createdAt));
  const ids = orders.map((o) => o.order.id);
  const invoiceRows = ids.length
    ? await db.select().from(invoices).where(inArray(invoices.teamOrderId, ids)).orderBy(asc(invoices.number))
    : [];
  const roots = orders.filter((o) => !o.order.parentOrderId);
  const rootIds = roots.map((o) => o.order.id);
  const seatRows = rootIds.length
    ? await db
        .select({ seat: teamSeats, account: users })
        .from(teamSeats)
        .innerJoin(users, eq(users.id, teamSeats.userId))
        .where(inArray(teamSeats.teamOrderId, rootIds))
        .orderBy(asc(teamSeats.assignedAt))
    : [];
  // A member who accepted shows under their own account's name; an invitation under the name the manager typed.
  const seats = seatRows.map(({ seat, account }) =>
    seat.status === 'active'
      ? {
          ...seat,
          firstName: account.firstName ?? seat.firstName,
          lastName: account.lastName ?? seat.lastName,
        }
      : seat,
  );
  const assigned = rootIds.length
    ? await db
        .select({ orderId: teamSeats.teamOrderId, n: count() })
        .from(teamSeats)
        .where(inArray(teamSeats.teamOrderId, rootIds))
        .groupBy(teamSeats.teamOrderId)
    : [];
  const assignedOf = new Map(assigned.map((a) => [a.orderId, Number(a.n)]));
  const invoiceOf = new Map(invoiceRows.map((i) => [i.teamOrderId, i]));
  const byId = new Map(orders.map((o) => [o.order.id, o]));

  const pairs = seats.map((seat) => ({
    userId: seat.userId,
    courseId: byId.get(seat.teamOrderId)!.order.courseId,
  }));
  // Progress only for accepted seats: an invited account's learning is not the manager's to see.
  const progress = await progressFor(
    db,
    pairs.filter((_, i) => seats[i]!.status === 'active'),
  );
  const contacts = await contactStates(
    db,
    principal.id,
    seats.map((s) => ({ seatId: s.id, userId: s.userId, active: s.status === 'active' })),
  );

  return {
    orders: roots.map(({ order, courseTitle }) =>
      presentOrder(
        order,
        courseTitle,
        assignedOf.get(order.id) ?? 0,
        invoiceOf.get(order.id) ?? null,
        orders
          .filter((o) => o.order.parentOrderId === order.id)
          .map((o) => ({ order: o.order, invoice: invoiceOf.get(o.order.id) ?? null })),
        now,
      ),
    ),
    members: seats.map((seat, i) => {
      const owner = byId.get(seat.teamOrderId)!;
      return presentMember(
        seat,
        owner.order.courseId,
        owner.courseTitle,
        (seat.status === 'active' ? progressOf(progress, pairs[i]!) : undefined) ?? NO_PROGRESS,
        contacts.get(seat.id) ?? null,
      );
    }),
    invoices: invoiceRows.map((invoice) =>
      presentTeamInvoice(invoice, byId.get(invoice.teamOrderId!)!.order),
    ),
  };
}

/** An invited seat: nothing to show yet. */
const NO_PROGRESS: CourseProgress = {
  topicsDone: 0,
  topicsTotal: 0,
  progressPercent: 0,
  quizzes: [],
  started: false,
  lastActiveAt: null,
  completedAt: null,
};

const CSV_HEADER = [
  'First name',
  'Last name',
  'Email',
  'Course',
  'Progress %',
  'Topics done',
  'Topics total',
  'Quizzes passed',
  'Quiz results',
  'Last active',
  'Completed',
];

/** A cell as CSV: quoted, and a leading = + - @ neutralised so spreadsheets do not run it as a formula. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** GET /api/team/export.csv: one row per member and course. */
export function teamCsv(overview: TeamOverview): string {
  const rows = overview.members.map((m) => [
    m.firstName,
    m.lastName,
    m.email,
    m.courseTitle,
    m.progressPercent,
    m.topicsDone,
    m.topicsTotal,
    m.quizzes.filter((q) => q.passed).length,
    m.quizzes.map((q) => `${q.title}: ${q.bestScore}%${q.passed ? ' (passed)' : ''}`).join('; '),
    m.lastActiveAt,
    m.completedAt,
  ]);
  return `${[CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
