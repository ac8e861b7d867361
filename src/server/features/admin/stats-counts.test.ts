import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client.ts';
import {
  courses,
  enrolments,
  moduleCompletionCounts,
  moduleProgress,
  modules,
  users,
} from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

// module_completion_counts is kept by triggers on module_progress (migration module_completion_triggers); the completion rate reads it.
// Every test compares it, module by module, with a real count over module_progress after a different kind of write.

let t: TestContext;
let admin: string;
let ids: { a: string; b: string; a1: string; a2: string; b1: string; b2: string; b3: string };
let students: string[];

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/** Modules whose kept count differs from count(*) over completed progress rows (empty when in step). */
async function drift(): Promise<Row[]> {
  return rowsOf(
    await t.db.execute(sql`
      SELECT coalesce(k.module_id, r.module_id) AS module_id, k.completed AS kept, r.n AS real
      FROM module_completion_counts k
      FULL JOIN (SELECT module_id, count(*)::int AS n FROM module_progress WHERE is_completed GROUP BY module_id) r
        ON r.module_id = k.module_id
      WHERE k.completed IS DISTINCT FROM r.n`),
  );
}

async function kept(): Promise<Record<string, number>> {
  const rows = await t.db.select().from(moduleCompletionCounts);
  return Object.fromEntries(rows.map((r) => [r.moduleId, r.completed]));
}

async function completionRate(): Promise<number> {
  const res = await t.app.inject({ url: '/api/admin/stats', headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res.json().completionRate;
}

/** The statement shape the learning service uses (recomputeModuleProgress): insert, or update on conflict. */
async function saveProgress(rows: { userId: string; moduleId: string; isCompleted: boolean }[]) {
  await t.db
    .insert(moduleProgress)
    .values(rows.map((r) => ({ ...r, progressPercentage: r.isCompleted ? '100' : '50' })))
    .onConflictDoUpdate({
      target: [moduleProgress.userId, moduleProgress.moduleId],
      set: {
        isCompleted: sql`excluded.is_completed`,
        progressPercentage: sql`excluded.progress_percentage`,
        updatedAt: new Date(),
      },
    });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  students = [];
  for (let i = 0; i < 4; i++) students.push((await t.createUser()).id);
  const [a, b] = await t.db
    .insert(courses)
    .values([
      { title: 'A', description: 'a' },
      { title: 'B', description: 'b' },
    ])
    .returning();
  const moduleRows = (courseId: string, titles: string[]) =>
    titles.map((title) => ({ courseId, title, description: 'x' }));
  const [a1, a2, b1, b2, b3] = await t.db
    .insert(modules)
    .values([...moduleRows(a!.id, ['A1', 'A2']), ...moduleRows(b!.id, ['B1', 'B2', 'B3'])])
    .returning();
  ids = { a: a!.id, b: b!.id, a1: a1!.id, a2: a2!.id, b1: b1!.id, b2: b2!.id, b3: b3!.id };
  // Every student in both courses: 4 × (2 + 3) = 20 enrolled student-module pairs.
  await t.db
    .insert(enrolments)
    .values(students.flatMap((userId) => [ids.a, ids.b].map((courseId) => ({ userId, courseId }))));
});
afterAll(async () => {
  await t.close();
});

describe('module_completion_counts', () => {
  it('starts empty and counts a multi-row insert per module, completed rows only', async () => {
    expect(await kept()).toEqual({});
    expect(await completionRate()).toBe(0);
    const [s0, s1, s2, s3] = students as [string, string, string, string];
    await saveProgress([
      { userId: s0, moduleId: ids.a1, isCompleted: true },
      { userId: s1, moduleId: ids.a1, isCompleted: true },
      { userId: s2, moduleId: ids.a1, isCompleted: false },
      { userId: s0, moduleId: ids.b1, isCompleted: true },
      { userId: s3, moduleId: ids.b2, isCompleted: false },
    ]);
    expect(await kept()).toEqual({ [ids.a1]: 2, [ids.b1]: 1 });
    expect(await drift()).toEqual([]);
    expect(await completionRate()).toBe(15); // 3 of 20
  });

  it('follows updates: completed → not completed and back, other columns, and one statement inserting and updating', async () => {
    const [s0, s1, s2, s3] = students as [string, string, string, string];
    const where = (userId: string, moduleId: string) =>
      and(eq(moduleProgress.userId, userId), eq(moduleProgress.moduleId, moduleId));

    await t.db.update(moduleProgress).set({ isCompleted: false }).where(where(s1, ids.a1));
    expect(await kept()).toEqual({ [ids.a1]: 1, [ids.b1]: 1 });
    await t.db.update(moduleProgress).set({ isCompleted: true }).where(where(s1, ids.a1));
    expect(await kept()).toEqual({ [ids.a1]: 2, [ids.b1]: 1 });

    // Progress that does not change completion leaves the counts alone.
    await t.db.update(moduleProgress).set({ progressPercentage: '75', updatedAt: new Date() });
    expect(await kept()).toEqual({ [ids.a1]: 2, [ids.b1]: 1 });

    // The last completion of a module going back removes its row (the count is zero).
    await t.db.update(moduleProgress).set({ isCompleted: false }).where(where(s0, ids.b1));
    expect(await kept()).toEqual({ [ids.a1]: 2 });

    // One INSERT … ON CONFLICT DO UPDATE: two rows updated (s2/A1 completes, s0/A1 un-completes), two inserted.
    await saveProgress([
      { userId: s2, moduleId: ids.a1, isCompleted: true },
      { userId: s0, moduleId: ids.a1, isCompleted: false },
      { userId: s2, moduleId: ids.b3, isCompleted: true },
      { userId: s3, moduleId: ids.b3, isCompleted: true },
    ]);
    expect(await kept()).toEqual({ [ids.a1]: 2, [ids.b3]: 2 });

    // A bulk update across modules, and a row moved to another module.
    await t.db.update(moduleProgress).set({ isCompleted: true });
    expect(await kept()).toEqual({ [ids.a1]: 3, [ids.b1]: 1, [ids.b2]: 1, [ids.b3]: 2 });
    await t.db.update(moduleProgress).set({ moduleId: ids.a2 }).where(where(s3, ids.b2));
    expect(await kept()).toEqual({ [ids.a1]: 3, [ids.a2]: 1, [ids.b1]: 1, [ids.b3]: 2 });
    expect(await drift()).toEqual([]);
    expect(await completionRate()).toBe(35); // 7 of 20
  });

  it('follows deletes of progress rows, and ignores a rolled-back transaction', async () => {
    const [s0] = students as [string];
    await t.db.delete(moduleProgress).where(eq(moduleProgress.userId, s0));
    expect(await kept()).toEqual({ [ids.a1]: 2, [ids.a2]: 1, [ids.b3]: 2 });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(moduleProgress);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await kept()).toEqual({ [ids.a1]: 2, [ids.a2]: 1, [ids.b3]: 2 });
    expect(await drift()).toEqual([]);
  });

  it('follows a deleted student (cascade) and a deleted module (cascade), leaving no row for the module', async () => {
    const [, , s2] = students as [string, string, string];
    await t.db.delete(users).where(eq(users.id, s2)); // completed A1 and B3
    expect(await kept()).toEqual({ [ids.a1]: 1, [ids.a2]: 1, [ids.b3]: 1 });
    await t.db.delete(modules).where(eq(modules.id, ids.a1));
    expect(await kept()).toEqual({ [ids.a2]: 1, [ids.b3]: 1 });
    expect(await drift()).toEqual([]);
    // 3 students left × (1 + 3) modules = 12 pairs, 2 completed.
    expect(await completionRate()).toBe(16.7);
  });

  it('is emptied by TRUNCATE', async () => {
    await t.db.execute(sql`TRUNCATE module_progress`);
    expect(await kept()).toEqual({});
    expect(await completionRate()).toBe(0);
  });

  it("the migration's backfill gives the same counts as the triggers", async () => {
    const [s0, s1, s3] = [students[0]!, students[1]!, students[3]!];
    await saveProgress([
      { userId: s0, moduleId: ids.a2, isCompleted: true },
      { userId: s1, moduleId: ids.a2, isCompleted: true },
      { userId: s3, moduleId: ids.b1, isCompleted: true },
      { userId: s3, moduleId: ids.b2, isCompleted: false },
    ]);
    const byTriggers = await kept();
    expect(byTriggers).toEqual({ [ids.a2]: 2, [ids.b1]: 1 });
    const file = fs.readdirSync(migrationsFolder).find((f) => f.endsWith('_module_completion_triggers.sql'));
    const migration = fs.readFileSync(path.join(migrationsFolder, file!), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO module_completion_counts');
    await t.db.delete(moduleCompletionCounts);
    await t.db.execute(sql.raw(backfill));
    expect(await kept()).toEqual(byTriggers);
  });
});
