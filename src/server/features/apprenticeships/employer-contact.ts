import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { apprenticeships, teamOrders, teamSeats } from '#server/db/schema/index.ts';

// The employer contact defaults to the apprentice's team manager (docs/apprenticeships.md "Employer contact and reviews"):
// the person who bought and manages the seat the apprentice holds is their employer's training contact.

/** The manager of the team order that gave the apprentice their most recent seat, if any. */
export async function teamManagerOf(tx: Queryable, studentId: string): Promise<string | null> {
  const [row] = await tx
    .select({ managerUserId: teamOrders.managerUserId })
    .from(teamSeats)
    .innerJoin(teamOrders, eq(teamOrders.id, teamSeats.teamOrderId))
    .where(
      and(
        eq(teamSeats.userId, studentId),
        isNotNull(teamOrders.managerUserId),
        ne(teamOrders.managerUserId, studentId),
      ),
    )
    .orderBy(desc(teamSeats.assignedAt))
    .limit(1);
  return row?.managerUserId ?? null;
}

/**
 * A seat was just assigned: an apprenticeship record with no employer contact takes the seat's team manager. Runs
 * in the seat's transaction.
 */
export async function adoptTeamManagerAsContact(
  tx: Queryable,
  studentId: string,
  managerUserId: string | null,
): Promise<void> {
  if (!managerUserId || managerUserId === studentId) return;
  await tx
    .update(apprenticeships)
    .set({ employerContactId: managerUserId, updatedAt: new Date() })
    .where(and(eq(apprenticeships.studentId, studentId), isNull(apprenticeships.employerContactId)));
}
