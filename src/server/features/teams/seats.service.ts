import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  modules,
  quizAttempts,
  quizzes,
  seatWithdrawals,
  teamOrders,
  teamSeats,
  topicProgress,
  topics,
  type users,
} from '#server/db/schema/index.ts';
import {
  endContactsFromSeat,
  displayName as personName,
  proposeEmployerContact,
} from '#server/features/apprenticeships/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { conflict, isUniqueViolation, notFound } from '#server/lib/http.error.ts';
import { emitEvent } from '#server/lib/jobs.service.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { provisionStudent } from '#server/lib/provisioning.service.ts';
import { userByEmail, userById } from '#server/lib/users.repo.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type { AssignSeatInput } from '#shared/schemas/teams.ts';
import { seatInvitationEmail, seatWithdrawnEmail } from './team.emails.ts';
import { TEAM_ORDER_NOT_FOUND } from './team-orders.service.ts';

export const SEAT_NOT_FOUND = 'Seat not found';

export interface SeatDeps {
  db: Db;
  database: Database;
  publicUrl: string;
}

type SeatRow = typeof teamSeats.$inferSelect;

/**
 * Gives one seat of a paid order to a member. A new email gets an account (temporary password emailed) and the
 * course; an existing account is invited and enrolled only when it accepts (invitations.service.ts), unless it is
 * the manager's own; staff and admin accounts cannot be seated. The order row is locked for the count and the
 * insert, so concurrent requests can never assign more seats than the order has (an invitation holds its seat).
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
      const order = await lockOrderForSeats(tx, principal, orderId, email);
      const account = await userByEmail(tx, email);
      if (account && account.role !== 'student') {
        throw conflict('Staff and admin accounts cannot be given a seat', 'SEAT_FOR_STAFF');
      }
      const names = { email, firstName: input.firstName.trim(), lastName: input.lastName.trim() };
      if (account && account.id !== principal.id) {
        const [row] = await tx
          .insert(teamSeats)
          .values({
            ...names,
            teamOrderId: order.id,
            userId: account.id,
            status: 'invited',
            createdEnrolment: false,
          })
          .returning();
        await inviteToSeat(tx, deps, order, account);
        return row!;
      }
      const provisioned = await provisionStudent(tx, {
        details: names,
        courseId: order.courseId,
        source: 'team',
        publicUrl: deps.publicUrl,
      });
      const [row] = await tx
        .insert(teamSeats)
        .values({
          ...names,
          teamOrderId: order.id,
          userId: provisioned.userId,
          createdEnrolment: provisioned.newlyEnrolled,
        })
        .returning();
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

/** The manager's paid root order, locked, with a free seat and none yet for `email`. */
async function lockOrderForSeats(tx: Queryable, principal: Principal, orderId: string, email: string) {
  const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.id, orderId)).for('update');
  if (!order || order.parentOrderId || !can(principal, 'teamOrder:manage', order)) {
    throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  }
  if (order.status !== 'paid') {
    throw conflict('Seats can be assigned once this order is paid', 'ORDER_NOT_PAID');
  }
  const [taken] = await tx.select({ n: count() }).from(teamSeats).where(eq(teamSeats.teamOrderId, order.id));
  if ((taken?.n ?? 0) >= order.seats + order.extraSeats) {
    throw conflict('No seat is free on this order', 'NO_FREE_SEAT');
  }
  const [already] = await tx
    .select({ id: teamSeats.id })
    .from(teamSeats)
    .where(and(eq(teamSeats.teamOrderId, order.id), sql`lower(${teamSeats.email}) = ${email.toLowerCase()}`));
  if (already) throw conflict('This person already has a seat on this order', 'SEAT_ALREADY_ASSIGNED');
  return order;
}

async function inviteToSeat(
  tx: Queryable,
  deps: SeatDeps,
  order: typeof teamOrders.$inferSelect,
  account: typeof users.$inferSelect,
) {
  const [course] = await tx
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.id, order.courseId));
  const manager = order.managerUserId ? await userById(tx, order.managerUserId) : undefined;
  await emitEvent(tx, {
    kind: 'seat.invited',
    payload: { userId: account.id, courseTitle: course?.title ?? '', companyName: order.company.name },
  });
  await enqueueEmail(
    tx,
    seatInvitationEmail({
      to: account.email,
      firstName: account.firstName,
      managerName: manager ? personName(manager) : order.company.name,
      companyName: order.company.name,
      courseTitle: course?.title ?? '',
      publicUrl: deps.publicUrl,
    }),
  );
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
 * Takes back a seat (the order row locked, as assignment does): an invitation, or an active seat whose member has
 * not started. The seat goes with the enrolment it created and any employer contact it created; the member is
 * emailed, and their portal says the course was withdrawn by their employer. A started seat stays (409).
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
    const active = seat.status === 'active';
    if (active && (await hasStarted(tx, seat.userId, order.courseId))) {
      throw conflict('This member has started the course, so the seat cannot be taken back', 'SEAT_STARTED');
    }
    await endContactsFromSeat(tx, seat.id);
    await tx.delete(teamSeats).where(eq(teamSeats.id, seat.id));
    if (active && seat.createdEnrolment) {
      await tx
        .delete(enrolments)
        .where(and(eq(enrolments.userId, seat.userId), eq(enrolments.courseId, order.courseId)));
      await tx
        .insert(seatWithdrawals)
        .values({ userId: seat.userId, courseId: order.courseId, companyName: order.company.name });
    }
    if (seat.userId !== order.managerUserId) {
      const member = await userById(tx, seat.userId);
      const [course] = await tx
        .select({ title: courses.title })
        .from(courses)
        .where(eq(courses.id, order.courseId));
      await enqueueEmail(
        tx,
        seatWithdrawnEmail({
          to: member!.email,
          firstName: member!.firstName,
          companyName: order.company.name,
          courseTitle: course?.title ?? '',
          outcome: !active ? 'invitation' : seat.createdEnrolment ? 'course_removed' : 'course_kept',
          publicUrl: deps.publicUrl,
        }),
      );
    }
    return seat.userId;
  });
  await learnerChanged(deps.database, userId);
}

/** POST /api/team/seats/:seatId/employer-contact: the manager offers to be this member's employer contact. */
export async function proposeContactForSeat(
  deps: SeatDeps,
  principal: Principal,
  seatId: string,
): Promise<void> {
  if (!isUuid(seatId)) throw notFound(SEAT_NOT_FOUND, 'SEAT_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ seat: teamSeats, order: teamOrders })
      .from(teamSeats)
      .innerJoin(teamOrders, eq(teamOrders.id, teamSeats.teamOrderId))
      .where(eq(teamSeats.id, seatId))
      .for('update');
    if (!found || !can(principal, 'teamOrder:manage', found.order))
      throw notFound(SEAT_NOT_FOUND, 'SEAT_NOT_FOUND');
    if (found.seat.status !== 'active') {
      throw conflict('The member has not accepted this seat yet', 'SEAT_NOT_ACCEPTED');
    }
    if (found.seat.userId === principal.id) {
      throw conflict('You cannot be your own employer contact', 'EMPLOYER_IS_APPRENTICE');
    }
    await proposeEmployerContact(tx, {
      seatId: found.seat.id,
      studentId: found.seat.userId,
      managerUserId: principal.id,
      companyName: found.order.company.name,
      publicUrl: deps.publicUrl,
    });
  });
}
