import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  apprenticeships,
  courses,
  enrolments,
  liveSessionAttendance,
  liveSessionAttendees,
  liveSessionResponses,
  liveSessions,
  users,
} from '#server/db/schema/index.ts';
import { displayName, recordSessionRegister } from '#server/features/apprenticeships/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { badRequest, forbidden, notFound } from '#server/lib/http.error.ts';
import { coursesTaughtBy } from '#server/lib/teaching.repo.ts';
import type { CaseloadSession, SessionRegister } from '#shared/schemas/live-sessions.ts';

async function sessionRow(db: Queryable, id: string) {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, id));
  if (!row) throw notFound('Session not found');
  return row;
}

/** Who the register lists: the session's attendee list, and every student enrolled in its course. */
async function expectedPeople(db: Queryable, session: { id: string; courseId: string | null }) {
  const onList = db
    .select({ id: liveSessionAttendees.userId })
    .from(liveSessionAttendees)
    .where(eq(liveSessionAttendees.sessionId, session.id));
  const enrolled = db
    .select({ id: enrolments.userId })
    .from(enrolments)
    .where(eq(enrolments.courseId, session.courseId ?? sql`NULL::uuid`));
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      attending: liveSessionResponses.attending,
      present: liveSessionAttendance.present,
    })
    .from(users)
    .leftJoin(
      liveSessionResponses,
      and(eq(liveSessionResponses.sessionId, session.id), eq(liveSessionResponses.userId, users.id)),
    )
    .leftJoin(
      liveSessionAttendance,
      and(eq(liveSessionAttendance.sessionId, session.id), eq(liveSessionAttendance.userId, users.id)),
    )
    .where(and(eq(users.role, 'student'), or(inArray(users.id, onList), inArray(users.id, enrolled))))
    .orderBy(asc(users.firstName), asc(users.email))
    .limit(5000);
}

/**
 * Whose register a staff member may take (docs/staff.md): admins every session's; an instructor the sessions of the
 * courses they teach; a tutor the sessions someone of their caseload is expected at. Anyone else: 403. Returns the
 * rows the caller may mark: null for everyone expected (admins, the course's instructors), else a tutor's caseload
 * among them; a tutor neither sees nor marks anyone else's apprentices.
 */
async function registerScope(
  db: Queryable,
  caller: Principal,
  session: { id: string; courseId: string | null },
): Promise<Set<string> | null> {
  if (can(caller, 'admin:access')) return null;
  if (session.courseId && (await coursesTaughtBy(db, caller.id)).includes(session.courseId)) return null;
  const people = await expectedPeople(db, session);
  if (people.length) {
    const tutored = await db
      .select({ id: apprenticeships.studentId })
      .from(apprenticeships)
      .where(
        and(
          eq(apprenticeships.tutorUserId, caller.id),
          inArray(
            apprenticeships.studentId,
            people.map((p) => p.id),
          ),
        ),
      );
    if (tutored.length) return new Set(tutored.map((r) => r.id));
  }
  throw forbidden('This session is not one of your courses or caseload', 'NOT_YOUR_SESSION');
}

/** The expected people the caller may mark (registerScope). */
async function peopleInScope(
  db: Queryable,
  session: { id: string; courseId: string | null },
  scope: Set<string> | null,
) {
  const people = await expectedPeople(db, session);
  return scope ? people.filter((p) => scope.has(p.id)) : people;
}

export async function getRegister(
  db: Queryable,
  caller: Principal,
  sessionId: string,
): Promise<SessionRegister> {
  const session = await sessionRow(db, sessionId);
  const people = await peopleInScope(db, session, await registerScope(db, caller, session));
  return {
    sessionId,
    title: session.title,
    startTime: session.startTime.toISOString(),
    takenAt: session.registerTakenAt?.toISOString() ?? null,
    people: people.map((p) => ({
      id: p.id,
      name: displayName(p),
      email: p.email,
      attending: p.attending,
      present: p.present,
    })),
  };
}

/**
 * Takes (or corrects) the register: the people listed are present, everyone else expected whom the caller may mark
 * is absent (a tutor's save leaves other apprentices' rows as they were). Present
 * apprentices get an approved OTJ entry with the session as evidence (apprenticeships' recordSessionRegister),
 * exactly once however often the register is saved. The session row is locked, so two saves run one after the
 * other.
 */
export async function takeRegister(
  db: Db,
  actor: AuditActor,
  caller: Principal,
  sessionId: string,
  presentIds: string[],
): Promise<SessionRegister> {
  await db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(liveSessions)
      .where(eq(liveSessions.id, sessionId))
      .for('update');
    if (!session) throw notFound('Session not found');
    const scope = await registerScope(tx, caller, session);
    if (session.status === 'cancelled')
      throw badRequest('A cancelled session has no register', 'SESSION_CLOSED');
    const expected = new Set((await peopleInScope(tx, session, scope)).map((p) => p.id));
    const present = [...new Set(presentIds)];
    if (present.some((id) => !expected.has(id))) {
      throw badRequest(
        'Someone marked present is not expected at this session, or not yours to mark',
        'NOT_EXPECTED',
      );
    }
    const presentSet = new Set(present);
    const absent = [...expected].filter((id) => !presentSet.has(id));
    if (expected.size) {
      await tx
        .insert(liveSessionAttendance)
        .values(
          [...expected].map((userId) => ({
            sessionId,
            userId,
            present: presentSet.has(userId),
            markedBy: actor.id,
          })),
        )
        .onConflictDoUpdate({
          target: [liveSessionAttendance.sessionId, liveSessionAttendance.userId],
          set: { present: sql`excluded.present`, markedBy: actor.id, markedAt: sql`now()` },
        });
    }
    await tx.update(liveSessions).set({ registerTakenAt: new Date() }).where(eq(liveSessions.id, sessionId));
    await recordSessionRegister(tx, {
      sessionId,
      presentUserIds: present,
      absentUserIds: absent,
      markedBy: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'session.register',
      entityType: 'live_session',
      entityId: sessionId,
      summary: `register taken for '${session.title}': ${present.length} present, ${absent.length} absent`,
    });
  });
  return getRegister(db, caller, sessionId);
}

/**
 * The sessions whose register a tutor takes (docs/staff.md): not cancelled, ended at most 30 days ago or still to
 * come, where an apprentice of theirs is expected (on the list, or enrolled in the course), with how many of theirs.
 */
export async function caseloadSessions(db: Queryable, caller: Principal): Promise<CaseloadSession[]> {
  const mine = db
    .select({ id: apprenticeships.studentId })
    .from(apprenticeships)
    .where(eq(apprenticeships.tutorUserId, caller.id));
  const expectedMine = sql<number>`(
    SELECT count(DISTINCT u.id)::int FROM ${users} u
    WHERE u.role = 'student' AND u.id IN ${mine}
      AND (u.id IN (SELECT ${liveSessionAttendees.userId} FROM ${liveSessionAttendees}
                    WHERE ${liveSessionAttendees.sessionId} = ${liveSessions.id})
        OR u.id IN (SELECT ${enrolments.userId} FROM ${enrolments}
                    WHERE ${enrolments.courseId} = ${liveSessions.courseId})))`;
  const rows = await db
    .select({
      id: liveSessions.id,
      title: liveSessions.title,
      courseTitle: courses.title,
      startTime: liveSessions.startTime,
      endTime: liveSessions.endTime,
      sessionType: liveSessions.sessionType,
      location: liveSessions.location,
      registerTakenAt: liveSessions.registerTakenAt,
      expected: expectedMine,
    })
    .from(liveSessions)
    .leftJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(
      and(
        eq(liveSessions.status, 'scheduled'),
        gt(liveSessions.endTime, new Date(Date.now() - 30 * 86_400_000)),
        sql`${expectedMine} > 0`,
      ),
    )
    .orderBy(asc(liveSessions.startTime))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    courseTitle: r.courseTitle,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    sessionType: r.sessionType,
    location: r.location,
    takenAt: r.registerTakenAt?.toISOString() ?? null,
    expected: r.expected,
  }));
}
