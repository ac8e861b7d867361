import { courses, enrolments, modules, topics } from '#server/db/schema/index.ts';
import type { TestContext } from '#server/test/harness.ts';

// Tiny files whose first bytes are what real ones start with (the magic bytes the server checks).
export const fakeMp4 = (size = 4096) => {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  for (let i = 24; i < size; i++) buf[i] = i % 251;
  return buf;
};
export const fakePdf = (size = 2048) => {
  const buf = Buffer.alloc(size, 0x20);
  buf.write('%PDF-1.4\n% test\n', 0, 'latin1');
  return buf;
};
export const fakePng = (size = 1024) => {
  const buf = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buf);
  return buf;
};

/** A course with one module, a preview lesson and two topics; one student enrolled, one not; an admin. */
export async function seedCourse(ctx: TestContext) {
  const [course] = await ctx.db
    .insert(courses)
    .values({ title: 'Drainage', description: 'Pipes' })
    .returning();
  const [other] = await ctx.db
    .insert(courses)
    .values({ title: 'Groundworks', description: 'Digging' })
    .returning();
  const [mod] = await ctx.db
    .insert(modules)
    .values({ courseId: course!.id, title: 'Intro', description: 'Start' })
    .returning();
  // The course's first lesson is its public preview (docs/product.md#public-site); the topics under test come after it.
  await ctx.db
    .insert(topics)
    .values({ moduleId: mod!.id, title: 'Welcome', description: 'Preview', order: 0 });
  const [topic, topic2] = await ctx.db
    .insert(topics)
    .values([
      { moduleId: mod!.id, title: 'Reading a drainage plan: levels & falls', description: 'Plans', order: 1 },
      { moduleId: mod!.id, title: 'Second', description: 'More', order: 2 },
    ])
    .returning();
  const admin = await ctx.createUser({ role: 'admin' });
  const enrolled = await ctx.createUser();
  const outsider = await ctx.createUser();
  await ctx.db.insert(enrolments).values({ userId: enrolled.id, courseId: course!.id });
  await ctx.db.insert(enrolments).values({ userId: outsider.id, courseId: other!.id });
  return {
    course: course!,
    topic: topic!,
    topic2: topic2!,
    cookies: {
      admin: await ctx.login(admin),
      enrolled: await ctx.login(enrolled),
      outsider: await ctx.login(outsider),
    },
    users: { admin, enrolled, outsider },
  };
}
