import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courses } from './catalog.ts';
import { users } from './users.ts';

/**
 * Certificates of completion (README.md, 'Certificates'). What the certificate says (holder's
 * name, course title, learning time) is copied at issue, so a signed credential and its PDF never change after
 * the fact; a correction is a reissue (new code, the old one revoked).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // 144 random bits, base64url: the public verification URL's secret part.
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    holderName: text('holder_name').notNull(),
    courseTitle: text('course_title').notNull(),
    // Sum of the course's module durations at issue; CPD hours are derived from it (1 per hour).
    learningMinutes: integer('learning_minutes').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
    // Set on a certificate revoked by a reissue: the one that replaced it.
    replacedById: uuid('replaced_by_id'),
  },
  (t) => [
    uniqueIndex('certificates_code_uq').on(t.code),
    // At most one live certificate per student and course: the exactly-once rule lives in the database.
    uniqueIndex('certificates_live_user_course_uq')
      .on(t.userId, t.courseId)
      .where(sql`${t.revokedAt} IS NULL`),
    index('certificates_user_idx').on(t.userId, t.issuedAt),
  ],
);
