import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  apprenticeships,
  employerContactEndings,
  employerContactProposals,
  progressReviews,
  users,
} from '#server/db/schema/index.ts';
import { conflict } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { userById } from '#server/lib/users.repo.ts';
import { contactAnsweredEmail, contactProposedEmail } from './apprenticeships.emails.ts';
import { displayName } from './names.presenter.ts';

// An employer contact is agreed, never adopted (docs/apprenticeships.md "Employer contact and reviews"): an admin
// (the tutor) sets one, or a team manager proposes themselves for a member of their team and the apprentice
// accepts. A contact that came from a seat ends when that seat is taken back.

/** What a manager sees about one member's employer contact (the team overview). */
export type ContactState = 'you' | 'proposed' | 'can_propose' | null;

/** The manager offers to be the apprentice's contact, for the seat they hold (checked by the caller). */
export async function proposeEmployerContact(
  tx: Queryable,
  input: { seatId: string; studentId: string; managerUserId: string; companyName: string; publicUrl: string },
): Promise<void> {
  const [record] = await tx
    .select()
    .from(apprenticeships)
    .where(eq(apprenticeships.studentId, input.studentId))
    .for('update');
  if (!record) throw conflict('This member has no apprenticeship record', 'NO_APPRENTICESHIP');
  if (record.employerContactId === input.managerUserId) {
    throw conflict('You are already this apprentice’s employer contact', 'ALREADY_EMPLOYER_CONTACT');
  }
  if (record.employerContactId) {
    throw conflict('This apprentice already has an employer contact', 'EMPLOYER_CONTACT_SET');
  }
  const inserted = await tx
    .insert(employerContactProposals)
    .values({ seatId: input.seatId, studentId: input.studentId, managerUserId: input.managerUserId })
    .onConflictDoNothing()
    .returning({ id: employerContactProposals.id });
  if (!inserted[0]) throw conflict('You have already asked this apprentice', 'CONTACT_ALREADY_PROPOSED');
  const student = await userById(tx, input.studentId);
  const manager = await userById(tx, input.managerUserId);
  await enqueueEmail(
    tx,
    contactProposedEmail({
      to: student!.email,
      firstName: student!.firstName,
      managerName: displayName(manager!),
      companyName: input.companyName,
      publicUrl: input.publicUrl,
    }),
  );
}

/** The proposals waiting for this apprentice's answer. */
export async function contactProposalsFor(db: Queryable, studentId: string) {
  return db
    .select({ proposal: employerContactProposals, manager: users })
    .from(employerContactProposals)
    .innerJoin(users, eq(users.id, employerContactProposals.managerUserId))
    .where(eq(employerContactProposals.studentId, studentId))
    .orderBy(desc(employerContactProposals.createdAt));
}

/**
 * The apprentice answers a proposal: it is taken once (the delete returns it to one caller only), and accepting
 * makes the manager the contact, tied to the seat it came from.
 */
export async function answerContactProposal(
  db: Db,
  studentId: string,
  proposalId: string,
  accept: boolean,
  publicUrl: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [proposal] = await tx
      .delete(employerContactProposals)
      .where(
        and(eq(employerContactProposals.id, proposalId), eq(employerContactProposals.studentId, studentId)),
      )
      .returning();
    if (!proposal) return false;
    if (accept) {
      const [record] = await tx
        .select()
        .from(apprenticeships)
        .where(eq(apprenticeships.studentId, studentId))
        .for('update');
      if (!record) throw conflict('You have no apprenticeship record', 'NO_APPRENTICESHIP');
      if (record.employerContactId && record.employerContactId !== proposal.managerUserId) {
        throw conflict('Your apprenticeship already has an employer contact', 'EMPLOYER_CONTACT_SET');
      }
      await tx
        .update(apprenticeships)
        .set({
          employerContactId: proposal.managerUserId,
          employerContactSeatId: proposal.seatId,
          updatedAt: new Date(),
        })
        .where(eq(apprenticeships.id, record.id));
    }
    const student = await userById(tx, studentId);
    const manager = await userById(tx, proposal.managerUserId);
    await enqueueEmail(
      tx,
      contactAnsweredEmail({
        to: manager!.email,
        firstName: manager!.firstName,
        apprenticeName: displayName(student!),
        accepted: accept,
        publicUrl,
      }),
    );
    return true;
  });
}

/**
 * A seat is being taken back (in its transaction): a contact that seat created ends, is recorded for admins, and
 * its reviews not yet signed as employer stop waiting for that contact.
 */
export async function endContactsFromSeat(tx: Queryable, seatId: string): Promise<void> {
  const rows = await tx
    .select({ record: apprenticeships, contact: users })
    .from(apprenticeships)
    .innerJoin(users, eq(users.id, apprenticeships.employerContactId))
    .where(eq(apprenticeships.employerContactSeatId, seatId))
    .for('update', { of: apprenticeships });
  for (const { record, contact } of rows) {
    await tx.insert(employerContactEndings).values({
      studentId: record.studentId,
      contactId: contact.id,
      contactName: displayName(contact),
      contactEmail: contact.email,
      reason: 'seat_taken_back',
    });
    await tx
      .update(progressReviews)
      .set({ employerContactId: null })
      .where(
        and(
          eq(progressReviews.studentId, record.studentId),
          eq(progressReviews.employerContactId, contact.id),
          sql`NOT EXISTS (SELECT 1 FROM review_signatures s WHERE s.review_id = ${progressReviews.id} AND s.role = 'employer')`,
        ),
      );
    await tx
      .update(apprenticeships)
      .set({ employerContactId: null, employerContactSeatId: null, updatedAt: new Date() })
      .where(eq(apprenticeships.id, record.id));
  }
}

/** Per seat (the manager's own members), where their employer contact stands from this manager's side. */
export async function contactStates(
  db: Queryable,
  managerUserId: string,
  seats: { seatId: string; userId: string; active: boolean }[],
): Promise<Map<string, ContactState>> {
  const result = new Map<string, ContactState>();
  const active = seats.filter((s) => s.active);
  if (active.length === 0) return result;
  const userIds = [...new Set(active.map((s) => s.userId))];
  const records = await db
    .select({ studentId: apprenticeships.studentId, contactId: apprenticeships.employerContactId })
    .from(apprenticeships)
    .where(inArray(apprenticeships.studentId, userIds));
  const proposals = await db
    .select({ seatId: employerContactProposals.seatId })
    .from(employerContactProposals)
    .where(eq(employerContactProposals.managerUserId, managerUserId));
  const recordOf = new Map(records.map((r) => [r.studentId, r.contactId]));
  const proposed = new Set(proposals.map((p) => p.seatId));
  for (const seat of active) {
    if (!recordOf.has(seat.userId)) continue;
    const contactId = recordOf.get(seat.userId);
    if (contactId === managerUserId) result.set(seat.seatId, 'you');
    else if (proposed.has(seat.seatId)) result.set(seat.seatId, 'proposed');
    else if (!contactId) result.set(seat.seatId, 'can_propose');
  }
  return result;
}

/** Former contacts that ended without an admin replacing them (shown to admins on the record). */
export async function formerContacts(db: Queryable, studentId: string) {
  const rows = await db
    .select()
    .from(employerContactEndings)
    .where(eq(employerContactEndings.studentId, studentId))
    .orderBy(desc(employerContactEndings.endedAt));
  return rows.map((r) => ({
    name: r.contactName,
    email: r.contactEmail,
    reason: r.reason,
    endedAt: r.endedAt.toISOString(),
  }));
}
