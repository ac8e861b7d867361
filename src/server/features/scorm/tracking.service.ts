import { and, eq } from 'drizzle-orm';
import { scormAttempts, topicProgress } from '#server/db/schema/index.ts';
import { topicCourseId } from '#server/features/catalog/index.ts';
import {
  accessTopic,
  enrolledStudents,
  type LearningDeps,
  lockProgress,
  topicCompleted,
} from '#server/features/learning/index.ts';
import type { Principal } from '#server/lib/access.policy.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, notFound } from '#server/lib/http.error.ts';
import { isCleanText } from '#shared/schemas/common.ts';
import type { ScormReport } from '#shared/schemas/scorm.ts';
import { isStorableCmi, resumeCmi, runState } from './cmi.service.ts';
import { currentPackage, type PackageRow } from './package.service.ts';

// A student's run of a topic's package (README 'SCORM packages'): the run data the player starts from, the
// commits it sends, and the topic's completion when the package says it is complete; the admin's report.

type AttemptRow = typeof scormAttempts.$inferSelect;

async function packageFor(deps: LearningDeps, viewer: Principal, topicId: string) {
  const access = await accessTopic(deps, viewer, topicId);
  const pkg = await currentPackage(deps, topicId);
  if (!pkg) throw notFound('This topic has no SCORM package');
  return { ...access, pkg };
}

async function attemptOf(deps: Pick<LearningDeps, 'db'>, userId: string, topicId: string) {
  const [row] = await deps.db
    .select()
    .from(scormAttempts)
    .where(and(eq(scormAttempts.userId, userId), eq(scormAttempts.topicId, topicId)));
  return row;
}

/** Seconds spent so far, over every session (the current one included). */
const timeOf = (row: AttemptRow | undefined) => (row ? row.totalSeconds + row.sessionSeconds : 0);

/** GET /api/topics/:id/scorm: the package and the run data to resume from (another device included). */
export async function launchState(deps: LearningDeps, viewer: Principal, topicId: string) {
  const { pkg } = await packageFor(deps, viewer, topicId);
  const row = await attemptOf(deps, viewer.id, topicId);
  return { pkg, cmi: cmiFrom(pkg, row), completed: Boolean(row?.completedAt) };
}

// A replaced package starts a fresh run: the old package's locations and suspend data mean nothing to it.
function cmiFrom(pkg: PackageRow, row: AttemptRow | undefined) {
  const stored = row && row.packageId === pkg.id ? row.cmi : null;
  return resumeCmi(pkg, stored, stored ? timeOf(row) : 0);
}

/** The run data a package page starts with (content.service.ts), for the viewer its token names. */
export async function launchCmi(deps: Pick<LearningDeps, 'db'>, pkg: PackageRow, userId: string) {
  return cmiFrom(pkg, pkg.topicId ? await attemptOf(deps, userId, pkg.topicId) : undefined);
}

/**
 * PUT /api/topics/:id/scorm: stores the run data. The time so far is what the launch gave (never more than the
 * server knew) plus this session's time. The first commit that completes the package completes the topic (when
 * it has no quiz, which then decides), as a quiz pass does: module progress, certificates, the next topic opens.
 */
export async function commitRun(
  deps: LearningDeps,
  viewer: Principal,
  topicId: string,
  cmi: Record<string, unknown>,
) {
  if (!isStorableCmi(cmi, isCleanText)) throw badRequest('The run data is too large or holds invalid text');
  const { pkg, topic } = await packageFor(deps, viewer, topicId);
  const state = runState(pkg, cmi);
  const finished = await deps.db.transaction(async (tx) => {
    const progress = await lockProgress(tx, viewer.id, topicId);
    const [row] = await tx
      .select()
      .from(scormAttempts)
      .where(and(eq(scormAttempts.userId, viewer.id), eq(scormAttempts.topicId, topicId)))
      .for('update');
    const known = row && row.packageId === pkg.id ? timeOf(row) : 0;
    const now = new Date();
    const values = {
      packageId: pkg.id,
      cmi,
      status: state.status.slice(0, 40),
      successStatus: state.successStatus?.slice(0, 40) ?? null,
      scoreRaw: state.scoreRaw,
      totalSeconds: Math.min(state.baseSeconds, known),
      sessionSeconds: Math.min(state.sessionSeconds, 24 * 3600),
      completedAt: row?.completedAt ?? (state.complete ? now : null),
      updatedAt: now,
    };
    if (row) {
      await tx
        .update(scormAttempts)
        .set(values)
        .where(and(eq(scormAttempts.userId, viewer.id), eq(scormAttempts.topicId, topicId)));
    } else {
      await tx.insert(scormAttempts).values({ userId: viewer.id, topicId, ...values });
    }
    const completes = state.complete && !topic.quizId && !progress?.completedAt;
    if (!completes) return false;
    await tx
      .update(topicProgress)
      .set({ openedAt: progress?.openedAt ?? now, completedAt: now, updatedAt: now })
      .where(and(eq(topicProgress.userId, viewer.id), eq(topicProgress.topicId, topicId)));
    await topicCompleted(tx, deps.subscribers, viewer.id, topic);
    return true;
  });
  if (finished) await learnerChanged(deps.database, viewer.id);
}

/** GET /api/admin/topics/:id/scorm: every enrolled student's status, score and time on the topic's package. */
export async function packageReport(deps: Pick<LearningDeps, 'db'>, topicId: string): Promise<ScormReport> {
  const courseId = await topicCourseId(deps.db, topicId);
  if (!courseId) throw notFound('Topic not found');
  const pkg: PackageRow | null = await currentPackage(deps, topicId);
  const students = await enrolledStudents(deps.db, courseId);
  const attempts = await deps.db.select().from(scormAttempts).where(eq(scormAttempts.topicId, topicId));
  const attemptOf = new Map(attempts.map((a) => [a.userId, a]));
  const rows = students.map((user) => ({ user, attempt: attemptOf.get(user.id) }));
  return {
    package: pkg ? { version: pkg.version, title: pkg.title } : null,
    students: rows.map(({ user, attempt }) => ({
      userId: user.id,
      name: user.name,
      email: user.email,
      status: attempt?.status ?? 'not attempted',
      successStatus: attempt?.successStatus ?? null,
      score: attempt?.scoreRaw ?? null,
      timeSeconds: Math.round(timeOf(attempt ?? undefined)),
      completedAt: attempt?.completedAt?.toISOString() ?? null,
      updatedAt: attempt?.updatedAt.toISOString() ?? null,
    })),
  };
}
