import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db, Queryable } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  modules,
  payments,
  quizQuestions,
  quizzes,
  scormPackages,
  topics,
} from '#server/db/schema/index.ts';
import { presentCourse } from '#server/features/catalog/index.ts';
import { attachImage, imagePath, type MediaDeps, releaseObjects } from '#server/features/media/index.ts';
import { notifyWaitlist } from '#server/features/waitlist/index.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { invalidate } from '#server/lib/invalidation.service.ts';
import type {
  AdminCourse,
  AdminModule,
  AdminTopic,
  courseInputSchema,
  moduleInputSchema,
  topicInputSchema,
} from '#shared/schemas/admin-content.ts';
import { presentModule, presentTopic } from './admin.presenter.ts';

type CourseInput = z.output<typeof courseInputSchema>;
type ModuleInput = z.output<typeof moduleInputSchema>;
type TopicInput = z.output<typeof topicInputSchema>;

/**
 * What the content services need: the database (and its change bus) plus what media needs to reach storage.
 * Images that content points at are claimed when saved and every media object is released after its content
 * is replaced or deleted, so storage keeps no orphans.
 */
type AdminDeps = MediaDeps & { database: Database; config: { publicUrl: string } };

// ── Courses ──────────────────────────────────────────────────────────────────────────────────────────

/** Fundamental before Upskill, then by display order (docs/product.md#admin-console). */
/** Every course, or only those with the given ids (an instructor's). */
export async function listCourses(db: Db, onlyIds?: string[]): Promise<AdminCourse[]> {
  if (onlyIds?.length === 0) return [];
  const rows = await db
    .select({
      course: courses,
      moduleCount: sql<number>`(SELECT count(*)::int FROM modules m WHERE m.course_id = ${courses}.id)`,
      enrolmentCount: sql<number>`(SELECT count(*)::int FROM enrolments e WHERE e.course_id = ${courses}.id)`,
      videos: sql<{
        n: number;
        captioned: number;
      }>`(SELECT json_build_object('n', count(*), 'captioned', count(t.captions_path)) FROM topics t JOIN modules m ON m.id = t.module_id WHERE m.course_id = ${courses}.id AND t.video_path IS NOT NULL)`,
    })
    .from(courses)
    .where(onlyIds ? inArray(courses.id, onlyIds) : undefined)
    .orderBy(asc(courses.courseType), asc(courses.order), asc(courses.title));
  return rows.map((r) => ({
    ...presentCourse(r.course),
    showEnrolmentCount: r.course.showEnrolmentCount,
    moduleCount: Number(r.moduleCount),
    enrolmentCount: Number(r.enrolmentCount),
    videoCount: Number(r.videos.n),
    captionedVideoCount: Number(r.videos.captioned),
  }));
}

async function getCourse(db: Db, id: string): Promise<AdminCourse> {
  const found = (await listCourses(db)).find((c) => c.id === id);
  if (!found) throw notFound('Course not found');
  return found;
}

function courseValues(input: CourseInput) {
  return {
    title: input.title,
    description: input.description,
    courseType: input.courseType,
    difficulty: input.difficulty || 'beginner',
    order: input.order,
    avgSalary: input.avgSalary,
    pricePence: input.price,
    originalPricePence: input.originalPrice,
    monthlyPricePence: input.monthlyPrice,
    instalments: input.instalments,
    estimatedDuration: input.estimatedDuration,
    isActive: input.isActive,
    isFeatured: input.isFeatured,
    ...(input.showEnrolmentCount === undefined ? {} : { showEnrolmentCount: input.showEnrolmentCount }),
    whatYouLearn: input.whatYouLearn,
    requirements: input.requirements,
    careerOutcomes: input.careerOutcomes,
  };
}

export async function createCourse(deps: AdminDeps, input: CourseInput): Promise<AdminCourse> {
  const headerImagePath = imagePath(input.headerImagePath) ?? null;
  const featuredImagePath = imagePath(input.featuredImagePath) ?? null;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ ...courseValues(input), headerImagePath, featuredImagePath })
      .returning({ id: courses.id });
    await attachImage(tx, headerImagePath);
    await attachImage(tx, featuredImagePath);
    return row!.id;
  });
  await invalidate(deps.database, 'catalog');
  return getCourse(deps.db, id);
}

/** Images are only claimed when they change (seeded courses may point at files outside the object store). */
export async function updateCourse(deps: AdminDeps, id: string, input: CourseInput): Promise<AdminCourse> {
  const replaced = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!before) throw notFound('Course not found');
    const images: Partial<Record<'headerImagePath' | 'featuredImagePath', string | null>> = {};
    const gone: (string | null)[] = [];
    for (const key of ['headerImagePath', 'featuredImagePath'] as const) {
      if (input[key] === undefined || input[key] === before[key]) continue;
      const path = imagePath(input[key]) ?? null;
      if (path === before[key]) continue;
      await attachImage(tx, path);
      images[key] = path;
      gone.push(before[key]);
    }
    await tx
      .update(courses)
      .set({ ...courseValues(input), ...images, updatedAt: new Date() })
      .where(eq(courses.id, id));
    // An open course tells its waitlist, in this transaction (docs/product.md#waitlist); each address only once.
    if (input.isActive) await notifyWaitlist(tx, id, deps.config.publicUrl);
    return gone;
  });
  await releaseObjects(deps, replaced);
  await invalidate(deps.database, 'catalog');
  return getCourse(deps.db, id);
}

/** Media paths of everything under a set of topics (videos, presentations, quiz question images). */
async function topicMedia(db: Queryable, topicIds: string[]): Promise<(string | null)[]> {
  if (!topicIds.length) return [];
  const rows = await db
    .select({ video: topics.videoPath, presentation: topics.presentationPath, captions: topics.captionsPath })
    .from(topics)
    .where(inArray(topics.id, topicIds));
  const images = await db
    .select({ path: quizQuestions.imagePath })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(inArray(quizzes.topicId, topicIds));
  return [...rows.flatMap((r) => [r.video, r.presentation, r.captions]), ...images.map((i) => i.path)];
}

async function topicIdsOfModules(db: Queryable, moduleIds: string[]): Promise<string[]> {
  if (!moduleIds.length) return [];
  const rows = await db.select({ id: topics.id }).from(topics).where(inArray(topics.moduleId, moduleIds));
  return rows.map((r) => r.id);
}

export const COURSE_HAS_STUDENTS = (n: number) =>
  `This course has ${n} enrolled ${n === 1 ? 'student' : 'students'} and cannot be deleted. Deactivate it instead (Edit Info → untick Active) to hide it from the catalogue.`;

/** Deletes a course with its modules, topics and quizzes; refused while students are enrolled or it was paid for. */
export async function deleteCourse(deps: AdminDeps, id: string): Promise<void> {
  const media = await deps.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!course) throw notFound('Course not found');
    const [enrolled] = await tx.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, id));
    if (Number(enrolled?.n) > 0)
      throw conflict(COURSE_HAS_STUDENTS(Number(enrolled?.n)), 'COURSE_HAS_STUDENTS');
    const [paid] = await tx.select({ n: count() }).from(payments).where(eq(payments.courseId, id));
    if (Number(paid?.n) > 0) {
      throw conflict(
        'This course has payment records and cannot be deleted. Deactivate it instead (Edit Info → untick Active) to hide it from the catalogue.',
        'COURSE_HAS_PAYMENTS',
      );
    }
    const moduleIds = (await tx.select({ id: modules.id }).from(modules).where(eq(modules.courseId, id))).map(
      (m) => m.id,
    );
    const paths = await topicMedia(tx, await topicIdsOfModules(tx, moduleIds));
    await tx.delete(courses).where(eq(courses.id, id));
    return [...paths, course.headerImagePath, course.featuredImagePath];
  });
  await releaseObjects(deps, media);
  await invalidate(deps.database, 'catalog');
}

// ── Modules ──────────────────────────────────────────────────────────────────────────────────────────

export async function listModules(db: Db, courseId: string): Promise<AdminModule[]> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('Course not found');
  const rows = await db
    .select({
      module: modules,
      topicCount: sql<number>`(SELECT count(*)::int FROM topics t WHERE t.module_id = ${modules}.id)`,
    })
    .from(modules)
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.order), asc(modules.createdAt));
  return rows.map((r) => presentModule(r.module, Number(r.topicCount)));
}

async function getModule(db: Db, id: string): Promise<AdminModule> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id));
  if (!row) throw notFound('Module not found');
  const [n] = await db.select({ n: count() }).from(topics).where(eq(topics.moduleId, id));
  return presentModule(row, Number(n?.n ?? 0));
}

export async function createModule(db: Db, courseId: string, input: ModuleInput): Promise<AdminModule> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('Course not found');
  const [row] = await db
    .insert(modules)
    .values({
      courseId,
      title: input.title,
      description: input.description,
      order: input.order,
      duration: input.duration,
    })
    .returning();
  return presentModule(row!, 0);
}

export async function updateModule(db: Db, id: string, input: ModuleInput): Promise<AdminModule> {
  const updated = await db
    .update(modules)
    .set({
      title: input.title,
      description: input.description,
      order: input.order,
      duration: input.duration,
      updatedAt: new Date(),
    })
    .where(eq(modules.id, id))
    .returning({ id: modules.id });
  if (!updated.length) throw notFound('Module not found');
  return getModule(db, id);
}

export async function deleteModule(deps: AdminDeps, id: string): Promise<void> {
  const media = await deps.db.transaction(async (tx) => {
    const paths = await topicMedia(tx, await topicIdsOfModules(tx, [id]));
    const deleted = await tx.delete(modules).where(eq(modules.id, id)).returning({ id: modules.id });
    if (!deleted.length) throw notFound('Module not found');
    return paths;
  });
  await releaseObjects(deps, media);
}

// ── Topics ───────────────────────────────────────────────────────────────────────────────────────────

export async function listTopics(db: Db, moduleId: string): Promise<AdminTopic[]> {
  await getModule(db, moduleId);
  const rows = await db
    .select({
      topic: topics,
      quizId: quizzes.id,
      quizTitle: quizzes.title,
      questionCount: sql<number>`(SELECT count(*)::int FROM quiz_questions qq WHERE qq.quiz_id = ${quizzes}.id)`,
      packageVersion: scormPackages.version,
      packageTitle: scormPackages.title,
    })
    .from(topics)
    .leftJoin(quizzes, eq(quizzes.topicId, topics.id))
    .leftJoin(scormPackages, eq(scormPackages.topicId, topics.id))
    .where(eq(topics.moduleId, moduleId))
    .orderBy(asc(topics.order), asc(topics.createdAt));
  return rows.map((r) =>
    presentTopic(
      r.topic,
      r.quizId ? { id: r.quizId, title: r.quizTitle ?? '', questionCount: Number(r.questionCount) } : null,
      r.packageVersion ? { version: r.packageVersion, title: r.packageTitle ?? '' } : null,
    ),
  );
}

export async function createTopic(db: Db, moduleId: string, input: TopicInput): Promise<AdminTopic> {
  await getModule(db, moduleId);
  const [row] = await db
    .insert(topics)
    .values({ moduleId, title: input.title, description: input.description, order: input.order })
    .returning();
  return presentTopic(row!, null);
}

export async function updateTopic(db: Db, id: string, input: TopicInput): Promise<AdminTopic> {
  const [row] = await db
    .update(topics)
    .set({ title: input.title, description: input.description, order: input.order, updatedAt: new Date() })
    .where(eq(topics.id, id))
    .returning();
  if (!row) throw notFound('Topic not found');
  return (await listTopics(db, row.moduleId)).find((t) => t.id === id)!;
}

export async function deleteTopic(deps: AdminDeps, id: string): Promise<void> {
  const media = await deps.db.transaction(async (tx) => {
    const paths = await topicMedia(tx, [id]);
    const deleted = await tx.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id });
    if (!deleted.length) throw notFound('Topic not found');
    return paths;
  });
  await releaseObjects(deps, media);
}
