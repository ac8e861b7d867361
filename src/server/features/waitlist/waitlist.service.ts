import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { courses, waitlistSubscribers } from '#server/db/schema/index.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import * as rateLimit from '#server/lib/rate-limit.service.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.util.ts';
import { waitlistConfirmEmail, waitlistOpenEmail } from './waitlist.emails.ts';

// The waitlist of a coming-soon course (docs/product.md#waitlist): double opt-in, one "now open" email per
// confirmed subscriber, ever (notified_at is set by the statement that picks who to tell), an unsubscribe link in
// every email.

export interface WaitlistDeps {
  db: Db;
  publicUrl: string;
}

export const JOIN_WINDOW_MS = 60 * 60 * 1000;
/** Sign-ups from one address an hour, and confirmation emails to one address for one course an hour. */
export const JOINS_PER_ADDRESS = 20;
export const JOINS_PER_EMAIL = 3;

const TOO_MANY = 'Too many sign-ups. Please try again later.';
export const INVALID_LINK = 'This link is not valid any more. Please sign up again from the course page.';

const confirmUrl = (publicUrl: string, token: string) => `${publicUrl}/waitlist/confirm?token=${token}`;
const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/waitlist/unsubscribe?token=${token}`;

/**
 * Signs an address up for a coming-soon course and emails the confirmation link. A confirmed, still subscribed
 * address gets nothing new; the answer is the same either way, so it tells nobody who is on the list.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  courseId: string,
  rawEmail: string,
  address: string,
): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const ipKey = `waitlist:ip:${address}`;
  const emailKey = `waitlist:email:${courseId}:${email}`;
  const counts = await rateLimit.reserve(deps.db, [ipKey, emailKey], JOIN_WINDOW_MS);
  if ((counts.get(ipKey)?.count ?? 0) > JOINS_PER_ADDRESS) throw tooManyRequests(TOO_MANY);
  if ((counts.get(emailKey)?.count ?? 0) > JOINS_PER_EMAIL) throw tooManyRequests(TOO_MANY);

  const [course] = await deps.db
    .select({ title: courses.title, isActive: courses.isActive })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  if (course.isActive)
    throw conflict('This course is already open: you can enrol now.', 'COURSE_ALREADY_OPEN');

  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(waitlistSubscribers)
      .values({ courseId, email, unsubscribeToken: randomToken() })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(waitlistSubscribers)
      .where(and(eq(waitlistSubscribers.courseId, courseId), eq(waitlistSubscribers.email, email)))
      .for('update');
    if (!row || (row.confirmedAt && !row.unsubscribedAt)) return;
    await tx
      .update(waitlistSubscribers)
      .set({ confirmTokenHash: sha256Hex(token), confirmedAt: null, unsubscribedAt: null })
      .where(eq(waitlistSubscribers.id, row.id));
    await enqueueEmail(
      tx,
      waitlistConfirmEmail({
        to: email,
        courseTitle: course.title,
        confirmUrl: confirmUrl(deps.publicUrl, token),
        unsubscribeUrl: unsubscribeUrl(deps.publicUrl, row.unsubscribeToken),
      }),
    );
  });
}

/** The confirmation link: the address is on the list from now on. If the course is open already, it is told at once. */
export async function confirmWaitlist(deps: WaitlistDeps, token: string): Promise<{ courseTitle: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(waitlistSubscribers)
      .set({ confirmedAt: sql`now()`, confirmTokenHash: null })
      .where(eq(waitlistSubscribers.confirmTokenHash, sha256Hex(token)))
      .returning({ courseId: waitlistSubscribers.courseId });
    if (!row) throw badRequest(INVALID_LINK, 'WAITLIST_TOKEN_INVALID');
    const [course] = await tx
      .select({ title: courses.title, isActive: courses.isActive })
      .from(courses)
      .where(eq(courses.id, row.courseId));
    if (course?.isActive) await notifyWaitlist(tx, row.courseId, deps.publicUrl);
    return { courseTitle: course?.title ?? '' };
  });
}

/** The unsubscribe link in every email; using it again is fine. */
export async function unsubscribeWaitlist(db: Db, token: string): Promise<{ courseTitle: string }> {
  await db
    .update(waitlistSubscribers)
    .set({ unsubscribedAt: sql`now()`, confirmTokenHash: null })
    .where(and(eq(waitlistSubscribers.unsubscribeToken, token), isNull(waitlistSubscribers.unsubscribedAt)));
  const [row] = await db
    .select({ title: courses.title })
    .from(waitlistSubscribers)
    .innerJoin(courses, eq(courses.id, waitlistSubscribers.courseId))
    .where(eq(waitlistSubscribers.unsubscribeToken, token));
  if (!row) throw badRequest(INVALID_LINK, 'WAITLIST_TOKEN_INVALID');
  return { courseTitle: row.title };
}

/**
 * Tells every confirmed, still subscribed address that the course is open, inside the caller's transaction (the
 * admin's activation). One UPDATE claims the rows not yet told and stamps them, so an address is told once however
 * often the course is deactivated and reactivated, and two activations at once never both claim a row.
 */
export async function notifyWaitlist(tx: Queryable, courseId: string, publicUrl: string): Promise<number> {
  const [course] = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isActive, true)));
  if (!course) return 0;
  const told = await tx
    .update(waitlistSubscribers)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        eq(waitlistSubscribers.courseId, courseId),
        isNotNull(waitlistSubscribers.confirmedAt),
        isNull(waitlistSubscribers.unsubscribedAt),
        isNull(waitlistSubscribers.notifiedAt),
      ),
    )
    .returning({ email: waitlistSubscribers.email, unsubscribeToken: waitlistSubscribers.unsubscribeToken });
  for (const subscriber of told) {
    await enqueueEmail(
      tx,
      waitlistOpenEmail({
        to: subscriber.email,
        courseTitle: course.title,
        courseUrl: `${publicUrl}/courses/${course.id}`,
        unsubscribeUrl: unsubscribeUrl(publicUrl, subscriber.unsubscribeToken),
      }),
    );
  }
  return told.length;
}

/** Subscriber counts per course, for the admin (courses without a waitlist are left out). */
export async function waitlistCounts(db: Queryable) {
  const rows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      isActive: courses.isActive,
      pending: sql<number>`count(*) FILTER (WHERE ${waitlistSubscribers.confirmedAt} IS NULL AND ${waitlistSubscribers.unsubscribedAt} IS NULL)::int`,
      confirmed: sql<number>`count(*) FILTER (WHERE ${waitlistSubscribers.confirmedAt} IS NOT NULL AND ${waitlistSubscribers.unsubscribedAt} IS NULL AND ${waitlistSubscribers.notifiedAt} IS NULL)::int`,
      notified: sql<number>`count(*) FILTER (WHERE ${waitlistSubscribers.notifiedAt} IS NOT NULL)::int`,
      unsubscribed: sql<number>`count(*) FILTER (WHERE ${waitlistSubscribers.unsubscribedAt} IS NOT NULL)::int`,
    })
    .from(waitlistSubscribers)
    .innerJoin(courses, eq(courses.id, waitlistSubscribers.courseId))
    .groupBy(courses.id, courses.title, courses.isActive)
    .orderBy(asc(courses.title));
  return rows.map((r) => ({
    ...r,
    pending: Number(r.pending),
    confirmed: Number(r.confirmed),
    notified: Number(r.notified),
    unsubscribed: Number(r.unsubscribed),
  }));
}
