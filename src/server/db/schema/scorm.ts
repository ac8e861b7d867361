import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { topics } from './catalog.ts';
import { users } from './users.ts';

/**
 * A SCORM package unpacked into the object store (README 'SCORM packages'). `topicId` is the topic it plays in;
 * null once replaced or its topic deleted, until its files are deleted (then the row goes too).
 */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .unique()
      .references(() => topics.id, { onDelete: 'set null' }),
    /** The topic the files are stored under (their keys start `scorm/<folderTopicId>/<id>/`). */
    folderTopicId: uuid('folder_topic_id').notNull(),
    version: text('version', { enum: ['1.2', '2004'] }).notNull(),
    title: text('title').notNull(),
    /** The launch file's path inside the package, with any query string the manifest gives. */
    launchPath: text('launch_path').notNull(),
    /** 2004: the scaled passing score (imsss:minNormalizedMeasure); 1.2: adlcp:masteryscore as 0–100. */
    masteryScore: real('mastery_score'),
    files: jsonb('files').$type<string[]>().notNull(),
    unpackedBytes: bigint('unpacked_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scorm_packages_retired_idx').on(t.createdAt).where(sql`topic_id IS NULL`)],
);

/** One student's run data for one topic's package; the server is the only writer. */
export const scormAttempts = pgTable(
  'scorm_attempts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    /** The package the run data belongs to; a replaced package starts a fresh run (completion stays). */
    packageId: uuid('package_id').notNull(),
    cmi: jsonb('cmi').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('not attempted'),
    successStatus: text('success_status'),
    scoreRaw: real('score_raw'),
    /** Seconds of earlier sessions; the current session's seconds are added when the next one starts. */
    totalSeconds: real('total_seconds').notNull().default(0),
    sessionSeconds: real('session_seconds').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId] }), index('scorm_attempts_topic_idx').on(t.topicId)],
);
