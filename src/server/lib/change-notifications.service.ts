import type { Database } from '#server/db/client.ts';
import { invalidate } from './invalidation.service.ts';

// The change notifications every feature sends after committing (ARCHITECTURE.md 'In-process caches'): the
// learning caches and the page cache listen for them; writers in any feature call these instead of reaching into
// the features that cache.

/** Invalidation topic for any change to modules, topics or quizzes (no key: every course is read afresh). */
export const COURSE_CONTENT_TOPIC = 'course-content';
/** Invalidation topic (key: user id) for a change to a learner's enrolments or finished topics. */
export const LEARNER_TOPIC = 'learner';
/** Invalidation topic for a change to an issued certificate (revoked, reissued, its holder erased). */
export const CERTIFICATES_TOPIC = 'certificates';

/** Call after committing a change to modules, topics (media included) or quizzes. */
export async function courseContentChanged(database: Database): Promise<void> {
  await invalidate(database, COURSE_CONTENT_TOPIC);
}

/** Call after committing a change to a learner's enrolments or to which of their topics are finished. */
export async function learnerChanged(database: Database, userId: string): Promise<void> {
  await invalidate(database, LEARNER_TOPIC, userId);
}

/** Call after committing a change to an issued certificate: its public page is cached (features/public-pages). */
export async function certificatesChanged(database: Database): Promise<void> {
  await invalidate(database, CERTIFICATES_TOPIC);
}
