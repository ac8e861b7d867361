import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, enrolments, users } from '#server/db/schema/index.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { courseAddedEmail, credentialsEmail } from '#server/lib/mail/templates.emails.ts';
import { TEMP_PASSWORD_TTL_DAYS } from '#shared/constants.ts';
import { notFound } from './http.error.ts';
import { generatePassword, hashPassword } from './passwords.util.ts';

export interface StudentDetails {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  company?: string | null;
  jobTitle?: string | null;
  experienceLevel?: string | null;
}

export interface ProvisionResult {
  userId: string;
  createdUser: boolean;
  newlyEnrolled: boolean;
  /** Only for a new account; it is also in the queued credentials email. */
  temporaryPassword?: string;
}

/**
 * Gives `details.email` access to a course, inside the caller's transaction: a new account gets a temporary
 * password (argon2id, must be changed, expires in 7 days) and a credentials email; an existing account gets
 * the enrolment and a 'course added' email and keeps its password. Enrolling twice changes nothing.
 */
export async function provisionStudent(
  tx: Queryable,
  input: {
    details: StudentDetails;
    courseId: string;
    source: 'purchase' | 'admin' | 'team';
    publicUrl: string;
    temporaryPassword?: string;
    /** Paragraphs appended to the email: a purchase's confirmation and cancellation terms. */
    confirmation?: string[];
  },
): Promise<ProvisionResult> {
  const [course] = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, input.courseId));
  if (!course) throw notFound('Course not found');
  const email = input.details.email.trim();

  const { user, createdUser, temporaryPassword } = await createAccountIfNew(tx, {
    ...input.details,
    email,
    temporaryPassword: input.temporaryPassword,
  });

  const enrolled = await tx
    .insert(enrolments)
    .values({ userId: user.id, courseId: course.id, source: input.source })
    .onConflictDoNothing()
    .returning({ id: enrolments.id });
  const newlyEnrolled = enrolled.length > 0;

  if (createdUser) {
    await enqueueEmail(
      tx,
      credentialsEmail({
        to: email,
        firstName: user.firstName,
        courseTitle: course.title,
        temporaryPassword,
        publicUrl: input.publicUrl,
        extra: input.confirmation,
      }),
    );
  } else if (newlyEnrolled) {
    await enqueueEmail(
      tx,
      courseAddedEmail({
        to: email,
        firstName: user.firstName,
        courseTitle: course.title,
        publicUrl: input.publicUrl,
        extra: input.confirmation,
      }),
    );
  }
  return {
    userId: user.id,
    createdUser,
    newlyEnrolled,
    temporaryPassword: createdUser ? temporaryPassword : undefined,
  };
}

/**
 * The account for `details.email`: a new one with a temporary password (argon2id, must be changed, expires in
 * 7 days), or the existing one untouched. The caller queues the email that carries the password.
 */
export async function createAccountIfNew(
  tx: Queryable,
  details: StudentDetails & { temporaryPassword?: string },
): Promise<{
  user: { id: string; firstName: string | null };
  createdUser: boolean;
  temporaryPassword: string;
}> {
  const email = details.email.trim();
  const temporaryPassword = details.temporaryPassword ?? generatePassword(14);
  const passwordHash = await hashPassword(temporaryPassword);
  const inserted = await tx
    .insert(users)
    .values({
      email,
      passwordHash,
      role: 'student',
      firstName: details.firstName?.trim() || null,
      lastName: details.lastName?.trim() || null,
      phoneNumber: details.phoneNumber?.trim() || null,
      company: details.company?.trim() || null,
      jobTitle: details.jobTitle?.trim() || null,
      experienceLevel: details.experienceLevel || null,
      mustChangePassword: true,
      tempPasswordExpiresAt: new Date(Date.now() + TEMP_PASSWORD_TTL_DAYS * 24 * 60 * 60 * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: users.id, firstName: users.firstName });
  const user =
    inserted[0] ??
    (
      await tx
        .select({ id: users.id, firstName: users.firstName })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    )[0]!;
  return { user, createdUser: inserted.length > 0, temporaryPassword };
}
