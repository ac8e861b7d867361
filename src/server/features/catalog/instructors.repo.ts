import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courseInstructors, users } from '#server/db/schema/index.ts';

/**
 * The instructor a course page names (docs/product.md#public-site; assigned by an admin, docs/staff.md): the first
 * one assigned who still holds the instructor role and whose account is active; their name and job title only.
 * null when there is none.
 */
export async function publicCourseInstructor(
  db: Queryable,
  courseId: string,
): Promise<{ name: string; title: string | null } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, jobTitle: users.jobTitle })
    .from(courseInstructors)
    .innerJoin(users, eq(users.id, courseInstructors.userId))
    .where(
      and(
        eq(courseInstructors.courseId, courseId),
        eq(users.isActive, true),
        sql`'instructor' = ANY(${users.staffRoles})`,
      ),
    )
    .orderBy(asc(courseInstructors.createdAt))
    .limit(1);
  const name = [row?.firstName, row?.lastName].filter(Boolean).join(' ').trim();
  if (!row || !name) return null;
  return { name, title: row.jobTitle?.trim() || null };
}
