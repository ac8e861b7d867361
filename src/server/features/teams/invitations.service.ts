import { and, desc, eq, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  seatWithdrawals,
  teamOrders,
  teamSeats,
  users,
} from '#server/db/schema/index.ts';
import {
  answerContactProposal,
  contactProposalsFor,
  displayName,
} from '#server/features/apprenticeships/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { userById } from '#server/lib/users.repo.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type { Invitation, WithdrawnCourse } from '#shared/schemas/teams.ts';
import { seatAnsweredEmail } from './team.emails.ts';

// What others ask of an account, answered by that account only (docs/team-seats.md "Seats"): a seat offered to an
// existing account, and a team manager asking to be an apprentice's employer contact.

const INVITATION_NOT_FOUND = 'Invitation not found';

export interface InvitationDeps {
  db: Db;
  database: Database;
  publicUrl: string;
}

const manager = alias(users, 'manager');

/** GET /api/user/invitations: the caller's open invitations, newest first. */
export async function listInvitations(db: Db, caller: Principal): Promise<Invitation[]> {
  const seats = await db
    .select({ seat: teamSeats, order: teamOrders, courseTitle: courses.title, manager })
    .from(teamSeats)
    .innerJoin(teamOrders, eq(teamOrders.id, teamSeats.teamOrderId))
    .innerJoin(courses, eq(courses.id, teamOrders.courseId))
    .leftJoin(manager, eq(manager.id, teamOrders.managerUserId))
    .where(and(eq(teamSeats.userId, caller.id), eq(teamSeats.status, 'invited')))
    .orderBy(desc(teamSeats.assignedAt));
  const proposals = await contactProposalsFor(db, caller.id);
  const companies = proposals.length
    ? await db
        .select({ seatId: teamSeats.id, company: teamOrders.company })
        .from(teamSeats)
        .innerJoin(teamOrders, eq(teamOrders.id, teamSeats.teamOrderId))
        .where(eq(teamSeats.userId, caller.id))
    : [];
  const companyOf = new Map(companies.map((c) => [c.seatId, c.company.name]));
  return [
    ...seats.map(({ seat, order, courseTitle, manager: m }) => ({
      id: seat.id,
      kind: 'seat' as const,
      courseId: order.courseId,
      courseTitle,
      from: m ? displayName(m) : order.company.name,
      companyName: order.company.name,
      createdAt: seat.assignedAt.toISOString(),
    })),
    ...proposals.map(({ proposal, manager: m }) => ({
      id: proposal.id,
      kind: 'employer_contact' as const,
      courseId: null,
      courseTitle: null,
      from: displayName(m),
      companyName: companyOf.get(proposal.seatId) ?? '',
      createdAt: proposal.createdAt.toISOString(),
    })),
  ];
}

/**
 * Accepts or declines one of the caller's invitations. A seat offer is taken by one statement (status moves from
 * 'invited' once, or the row is deleted once), so answering twice at once enrols once; an invitation for someone
 * else is 404, one already answered is 409.
 */
export async function answerInvitation(
  deps: InvitationDeps,
  caller: Principal,
  id: string,
  accept: boolean,
): Promise<{ id: string; kind: 'seat' | 'employer_contact'; status: 'accepted' | 'declined' }> {
  if (!isUuid(id)) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  const status = accept ? ('accepted' as const) : ('declined' as const);
  if (await answerSeat(deps, caller.id, id, accept)) {
    await learnerChanged(deps.database, caller.id);
    return { id, kind: 'seat', status };
  }
  if (await answerContactProposal(deps.db, caller.id, id, accept, deps.publicUrl)) {
    return { id, kind: 'employer_contact', status };
  }
  const [answered] = await deps.db
    .select({ id: teamSeats.id })
    .from(teamSeats)
    .where(and(eq(teamSeats.id, id), eq(teamSeats.userId, caller.id)));
  if (answered) throw conflict('This invitation has already been answered', 'INVITATION_ANSWERED');
  throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
}

async function answerSeat(deps: InvitationDeps, userId: string, seatId: string, accept: boolean) {
  return deps.db.transaction(async (tx) => {
    const mine = and(eq(teamSeats.id, seatId), eq(teamSeats.userId, userId), eq(teamSeats.status, 'invited'));
    const [seat] = accept
      ? await tx.update(teamSeats).set({ status: 'active' }).where(mine).returning()
      : await tx.delete(teamSeats).where(mine).returning();
    if (!seat) return false;
    const [row] = await tx
      .select({ order: teamOrders, courseTitle: courses.title })
      .from(teamOrders)
      .innerJoin(courses, eq(courses.id, teamOrders.courseId))
      .where(eq(teamOrders.id, seat.teamOrderId));
    const { order, courseTitle } = row!;
    if (accept) {
      const enrolled = await tx
        .insert(enrolments)
        .values({ userId, courseId: order.courseId, source: 'team' })
        .onConflictDoNothing()
        .returning({ id: enrolments.id });
      await tx
        .update(teamSeats)
        .set({ createdEnrolment: enrolled.length > 0 })
        .where(eq(teamSeats.id, seat.id));
    }
    const member = await userById(tx, userId);
    const boss = order.managerUserId ? await userById(tx, order.managerUserId) : undefined;
    if (boss) {
      await enqueueEmail(
        tx,
        seatAnsweredEmail({
          to: boss.email,
          firstName: boss.firstName,
          memberName: displayName(member!),
          courseTitle,
          accepted: accept,
          publicUrl: deps.publicUrl,
        }),
      );
    }
    return true;
  });
}

/** GET /api/user/withdrawn-courses: courses an employer took back that the caller does not have again since. */
export async function withdrawnCourses(db: Db, caller: Principal): Promise<WithdrawnCourse[]> {
  const rows = await db
    .select({ withdrawal: seatWithdrawals, courseTitle: courses.title })
    .from(seatWithdrawals)
    .innerJoin(courses, eq(courses.id, seatWithdrawals.courseId))
    .where(
      and(
        eq(seatWithdrawals.userId, caller.id),
        notExists(
          db
            .select({ id: enrolments.id })
            .from(enrolments)
            .where(and(eq(enrolments.userId, caller.id), eq(enrolments.courseId, seatWithdrawals.courseId))),
        ),
      ),
    )
    .orderBy(desc(seatWithdrawals.withdrawnAt))
    .limit(20);
  const seen = new Set<string>();
  return rows
    .filter(({ withdrawal }) => !seen.has(withdrawal.courseId) && seen.add(withdrawal.courseId))
    .map(({ withdrawal, courseTitle }) => ({
      courseId: withdrawal.courseId,
      courseTitle,
      companyName: withdrawal.companyName,
      withdrawnAt: withdrawal.withdrawnAt.toISOString(),
    }));
}
