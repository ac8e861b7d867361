import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { certificates, courses, enrolments, modules, users } from '#server/db/schema/index.ts';
import { courseTopicProgress, type LearningSubscriber } from '#server/features/learning/index.ts';
import { emitEvent } from '#server/lib/jobs.service.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { certificateIssuedEmail } from './certificate.emails.ts';
import { verifyUrl } from './certificate-links.presenter.ts';

// Issuing happens inside the transaction that completes a student's last topic (learning publishes a module's
// completion to `certificateOnCompletion`, subscribed in src/server/deps.ts), so a completion
// and its certificate and email commit or roll back together, and no crash between them can lose a certificate.
// Two final attempts at once (the last two topics in parallel) are serialised on the student's enrolment row:
// the later transaction waits, then sees the earlier one's completion and certificate. The partial unique index
// (one live certificate per student and course) is the last word if anything else races.

/** 18 random bytes (144 bits), URL-safe. */
export function newCertificateCode(): string {
  return randomBytes(18).toString('base64url');
}

export function holderNameOf(user: { firstName: string | null; lastName: string | null }): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || 'TradeSkills learner';
}

/** Minutes of learning the course's modules add up to (admins set each module's duration as HH:MM). */
export async function courseLearningMinutes(tx: Queryable, courseId: string): Promise<number> {
  const [row] = await tx
    .select({ minutes: sql<number>`coalesce(sum(${modules.duration}), 0)::int` })
    .from(modules)
    .where(eq(modules.courseId, courseId));
  return Number(row?.minutes ?? 0);
}

/**
 * Issues the course's certificate if the student has now completed every topic of it and has never had one for
 * it (a revoked certificate is not silently replaced: admins reissue). Call inside the completing transaction.
 */
export async function issueCertificateIfCourseComplete(
  tx: Queryable,
  userId: string,
  moduleId: string,
  /** The app's public address, the base of the links in the email. */
  publicUrl: string,
): Promise<void> {
  const [mod] = await tx.select({ courseId: modules.courseId }).from(modules).where(eq(modules.id, moduleId));
  if (!mod) return;
  const { courseId } = mod;
  const [enrolment] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .for('no key update');
  if (!enrolment) return;
  const [existing] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1);
  if (existing) return;
  const { total, done, lastCompletedAt } = await courseTopicProgress(tx, userId, courseId);
  if (total === 0 || done < total) return;

  const [holder] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  if (!holder || !course) return;
  const [issued] = await tx
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      userId,
      courseId,
      holderName: holderNameOf(holder),
      courseTitle: course.title,
      learningMinutes: await courseLearningMinutes(tx, courseId),
      completedAt: lastCompletedAt ? new Date(lastCompletedAt) : new Date(),
    })
    .onConflictDoNothing({
      target: [certificates.userId, certificates.courseId],
      where: isNull(certificates.revokedAt),
    })
    .returning();
  if (!issued) return;
  await emitEvent(tx, {
    kind: 'certificate.issued',
    payload: { userId, certificateId: issued.id, courseTitle: course.title },
  });
  await enqueueEmail(
    tx,
    certificateIssuedEmail({
      to: holder.email,
      firstName: holder.firstName,
      courseTitle: issued.courseTitle,
      verifyUrl: verifyUrl(publicUrl, issued.code),
      dashboardUrl: `${publicUrl}/student/certificates`,
    }),
  );
}

/** Learning's subscriber: a completed module may complete the course (subscribed in src/server/deps.ts). */
export function certificateOnCompletion(publicUrl: string): LearningSubscriber {
  return async (tx, event) => {
    if (event.kind === 'moduleCompleted') {
      await issueCertificateIfCourseComplete(tx, event.userId, event.moduleId, publicUrl);
    }
  };
}
