import {
  conversationParticipants,
  conversations,
  courseInstructors,
  courses,
  enrolments,
  liveSessionAttendees,
  liveSessions,
  modules,
  quizAnswers,
  quizQuestions,
  quizzes,
  topics,
} from '#server/db/schema/index.ts';
import { courseContentChanged, learnerChanged } from '#server/lib/change-notifications.service.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import type { Actor, AuthzCase, AuthzWorld, StaffActor } from './authz.ts';

// Small, cheap building blocks for the <feature>.authz.ts files: expectation shapes and resources owned by
// `world.users.student`. Each prepare makes its own rows, so one actor's request never changes the next one's.

type Expect = AuthzCase['expect'];
type Status = number | readonly number[];

/** The five staff columns (tutor, other tutor, instructor, other instructor, finance) all get `status`. */
export const staffGet = (status: Status): Record<StaffActor, Status> => ({
  tutor: status,
  otherTutor: status,
  instructor: status,
  otherInstructor: status,
  finance: status,
});

/** Every staff column is refused (403) before the body is read: an admin-only route. */
export const noStaff = staffGet(403);

/** Everyone, signed in or not, gets `status`. */
export const everyone = (status: Status): Expect => ({
  anonymous: status,
  student: status,
  otherStudent: status,
  teamManager: status,
  admin: status,
  ...staffGet(status),
});

/** Signed out: 401; any signed-in user (staff too): `status`. */
export const signedIn = (status: Status): Expect => ({
  anonymous: 401,
  student: status,
  otherStudent: status,
  teamManager: status,
  admin: status,
  ...staffGet(status),
});

/**
 * Signed out: 401; students: 403 (before the body is read); admin: `status`; staff: `staff` (each column can be
 * overridden, e.g. `{ ...adminOnly(200), instructor: 200 }`). Default: every staff role refused.
 */
export const adminOnly = (status: Status, staff: Status = 403): Expect => ({
  anonymous: 401,
  student: 403,
  otherStudent: 403,
  teamManager: 403,
  admin: status,
  ...staffGet(staff),
});

/** The owning student (and admin) get `ok`; other signed-in users (staff too) `refused`; signed out 401. */
export const ownerOnly = (ok: Status, refused: Status, admin: Status = ok): Expect => ({
  anonymous: 401,
  student: ok,
  otherStudent: refused,
  teamManager: refused,
  admin,
  ...staffGet(refused),
});

/** Makes `world.users.instructor` the instructor of a course (every course a case prepares). */
export async function taughtByInstructor(world: AuthzWorld, courseId: string): Promise<void> {
  await world.database.db
    .insert(courseInstructors)
    .values({ courseId, userId: world.users.instructor.id })
    .onConflictDoNothing();
}

export interface CourseFixture {
  courseId: string;
  moduleId: string;
  /** The module's only topic, open to the enrolled student. */
  topicId: string;
  /** For a 'quiz' topic: its one question and the right answer. */
  questionId: string;
  answerId: string;
}

/**
 * An active course with one module and one topic (no media and no quiz, a 60 s video, or a one-question quiz);
 * `world.users.student` is enrolled, nobody else.
 */
export async function enrolledCourse(
  world: AuthzWorld,
  topic: 'plain' | 'video' | 'quiz' = 'plain',
): Promise<CourseFixture> {
  const db = world.database.db;
  const [course] = await db.insert(courses).values({ title: 'Authz course', description: 'd' }).returning();
  const [mod] = await db
    .insert(modules)
    .values({ courseId: course!.id, title: 'M', description: 'd', order: 1 })
    .returning();
  const video = topic === 'video' ? { videoPath: '/objects/v.mp4', videoDurationSeconds: 60 } : {};
  const [row] = await db
    .insert(topics)
    .values({ moduleId: mod!.id, title: 'T', description: 'd', order: 1, ...video })
    .returning();
  let questionId = '';
  let answerId = '';
  if (topic === 'quiz') {
    const [quiz] = await db
      .insert(quizzes)
      .values({ topicId: row!.id, title: 'Q', passingScore: 50 })
      .returning();
    const [question] = await db
      .insert(quizQuestions)
      .values({ quizId: quiz!.id, question: 'Q?', order: 1 })
      .returning();
    const [answer] = await db
      .insert(quizAnswers)
      .values({ questionId: question!.id, answerText: 'A', order: 1, isCorrect: true })
      .returning();
    questionId = question!.id;
    answerId = answer!.id;
  }
  await db.insert(enrolments).values({ userId: world.users.student.id, courseId: course!.id });
  await taughtByInstructor(world, course!.id);
  // As the admin and checkout writes do: the in-process caches hear about the new rows.
  await courseContentChanged(world.database);
  await learnerChanged(world.database, world.users.student.id);
  await invalidate(world.database, 'catalog');
  return { courseId: course!.id, moduleId: mod!.id, topicId: row!.id, questionId, answerId };
}

/** A direct conversation between `world.users.student` and `world.users.admin`. */
export async function studentAdminConversation(world: AuthzWorld): Promise<string> {
  const db = world.database.db;
  const [row] = await db
    .insert(conversations)
    .values({ type: 'direct', createdBy: world.users.admin.id })
    .returning();
  await db.insert(conversationParticipants).values([
    { conversationId: row!.id, userId: world.users.student.id },
    { conversationId: row!.id, userId: world.users.admin.id },
  ]);
  return row!.id;
}

/** An upcoming live session `world.users.student` attends (no course). */
export async function attendedLiveSession(world: AuthzWorld): Promise<string> {
  const db = world.database.db;
  const start = new Date(Date.now() + 86_400_000);
  const [row] = await db
    .insert(liveSessions)
    .values({ title: 'Authz session', startTime: start, endTime: new Date(start.getTime() + 3_600_000) })
    .returning();
  await db.insert(liveSessionAttendees).values({ sessionId: row!.id, userId: world.users.student.id });
  return row!.id;
}

/** A unique, unused email for an actor's request (so throttles keyed by email never meet). */
export const emailFor = (actor: Actor, what: string) =>
  `${what}-${actor.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@authz.test`;
