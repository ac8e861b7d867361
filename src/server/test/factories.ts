import { randomBytes } from 'node:crypto';
import type { Queryable } from '#server/db/client.ts';
import { courses, enrolments, modules, topics, users } from '#server/db/schema/index.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';

// Rows the API tests start from, written straight to the database. Each factory fills in what the schema needs,
// so a test names only the values it is about.

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export const DEFAULT_TEST_PASSWORD = 'Password123!';

// argon2id is slow on purpose (tens of milliseconds a hash on 2 cores); a test file makes dozens of users with the
// same password, so each distinct password is hashed once per process. Signing in still verifies it for real.
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

let sequence = 0;
/** An email no other test uses, even across files sharing a PostgreSQL server. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}${++sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A user (a student unless `role` says otherwise) whose password is `password` or the default. */
export async function createUser(
  db: Queryable,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  const { password = DEFAULT_TEST_PASSWORD, ...columns } = values;
  const email = columns.email ?? uniqueEmail();
  const [row] = await db
    .insert(users)
    .values({
      role: 'student',
      firstName: 'Test',
      lastName: 'User',
      ...columns,
      email,
      passwordHash: await hashOnce(password),
    })
    .returning({ id: users.id });
  return { id: row!.id, email, password };
}

export async function createCourse(
  db: Queryable,
  title = `Course ${++sequence}`,
  values: Partial<typeof courses.$inferInsert> = {},
) {
  const [course] = await db
    .insert(courses)
    .values({ title, description: `${title} description`, ...values })
    .returning();
  return course!;
}

export async function createModule(
  db: Queryable,
  courseId: string,
  order: number,
  title = `Module ${order}`,
) {
  const [mod] = await db
    .insert(modules)
    .values({ courseId, title, description: `${title} text`, order })
    .returning();
  return mod!;
}

export async function createTopic(
  db: Queryable,
  moduleId: string,
  order: number,
  values: Partial<typeof topics.$inferInsert> = {},
) {
  const [topic] = await db
    .insert(topics)
    .values({ moduleId, title: `Topic ${order}`, description: `Topic ${order} text`, order, ...values })
    .returning();
  return topic!;
}

export async function enrol(db: Queryable, userId: string, courseId: string) {
  await db.insert(enrolments).values({ userId, courseId });
}
