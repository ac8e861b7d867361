import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import {
  enrolments,
  modules,
  quizAttempts,
  quizzes,
  teamOrders,
  teamSeats,
  topicProgress,
  topics,
} from '#server/db/schema/index.ts';
import { adoptTeamManagerAsContact } from '#server/features/apprenticeships/index.ts';
import { can, type Principal } from '#server/lib/access-policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.ts';
import { conflict, isUniqueViolation, notFound } from '#server/lib/errors.ts';
import { provisionStudent } from '#server/lib/provisioning.service.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { AssignSeatInput } from '#shared/schemas/teams.ts';
import { TEAM_ORDER_NOT_FOUND } from './team-orders.service.ts';

export const SEAT_NOT_FOUND = 'Seat not found';

export interface SeatDeps {
  db: Db;
  database: Database;
  publicUrl: string;
}

type SeatRow = typeof teamSeats.$inferSelect;

/**
 * Gives one seat of a paid order to a member: their account (new, with a temporary password emailed) or their
 * existing one gets the course. The order row is locked for the count and the insert, so concurrent requests can
 * never assign more seats than the order has.
 */
export async function assignSeat(
  deps: SeatDeps,
  principal: Principal,
  orderId: string,
  input: Required<AssignSeatInput>,
): Promise<SeatRow> {
  if (!isUuid(orderId)) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  const email = input.email.trim();
  let seat: SeatRow;
  try {
    seat = await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.id, orderId)).for('update');
      if (!order || order.parentOrderId || !can(principal, 'teamOrder:manage', order)) {
        throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
      }
      if (order.status !== 'paid') {
        throw conflict('Seats can be assigned once this order is paid', 'ORDER_NOT_PAID');
      }
      const [taken] = await tx
        .select({ n: count() })
        .from(teamSeats)
        .where(eq(teamSeats.teamOrderId, order.id));
      if ((taken?.n ?? 0) >= order.seats + order.extraSeats) {
        throw conflict('No seat is free on this order', 'NO_FREE_SEAT');
      }
      const [already] = await tx
        .select({ id: teamSeats.id })
        .from(teamSeats)
        .where(
          and(eq(teamSeats.teamOrderId, order.id), sql`lower(${teamSeats.email}) = ${email.toLowerCase()}`),
        );
      if (already) throw conflict('This person already has a seat on this order', 'SEAT_ALREADY_ASSIGNED');
      const provisioned = await provisionStudent(tx, {
        details: { email, firstName: input.firstName, lastName: input.lastName },
        courseId: order.courseId,
        source: 'team',
        publicUrl: deps.publicUrl,
      });
      const [row] = await tx
        .insert(teamSeats)
        .values({
          teamOrderId: order.id,
          userId: provisioned.userId,
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          createdEnrolment: provisioned.newlyEnrolled,
        })
        .returning();
      await adoptTeamManagerAsContact(tx, provisioned.userId, order.managerUserId);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('This person already has a seat on this order', 'SEAT_ALREADY_ASSIGNED');
    }
    throw error;
  }
  await learnerChanged(deps.database, seat.userId);
  return seat;
}

/** Whether a member has done anything in the course: opened a topic or attempted a quiz. */
async function hasStarted(tx: Queryable, userId: string, courseId: string): Promise<boolean> {
  const opened = await tx
    .select({ id: topicProgress.topicId })
    .from(topicProgress)
    .innerJoin(topics, eq(topics.id, topicProgress.topicId))
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(and(eq(topicProgress.userId, userId), eq(modules.courseId, courseId)))
    .limit(1);
  if (opened.length) return true;
  const attempted = await tx
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(topics, eq(topics.id, quizzes.topicId))
    .innerJoin(modules, eq(modules.id, topics.moduleId))
    .where(and(eq(quizAttempts.userId, userId), eq(modules.courseId, courseId)))
    .limit(1);
  return attempted.length > 0;
}

/**
 * Takes back an unstarted seat (the order row locked, as assignment does): the seat goes, and the enrolment it
 * created goes with it. A member who has started keeps their seat (409).
 */
export async function revokeSeat(deps: SeatDeps, principal: Principal, seatId: string): Promise<void> {
  if (!isUuid(seatId)) throw notFound(SEAT_NOT_FOUND, 'SEAT_NOT_FOUND');
  const userId = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ seat: teamSeats, order: teamOrders })
      .from(teamSeats)
      .innerJoin(teamOrders, eq(teamOrders.id, teamSeats.teamOrderId))
      .where(eq(teamSeats.id, seatId))
      .for('update');
    if (!found || !can(principal, 'teamOrder:manage', found.order))
      throw notFound(SEAT_NOT_FOUND, 'SEAT_NOT_FOUND');
    const { seat, order } = found;
    if (await hasStarted(tx, seat.userId, order.courseId)) {
      throw conflict('This member has started the course, so the seat cannot be taken back', 'SEAT_STARTED');
    }
    await tx.delete(teamSeats).where(eq(teamSeats.id, seat.id));
    if (seat.createdEnrolment) {
      await tx
        .delete(enrolments)
        .where(and(eq(enrolments.userId, seat.userId), eq(enrolments.courseId, order.courseId)));
    }
    return seat.userId;
  });
  await learnerChanged(deps.database, userId);
}
