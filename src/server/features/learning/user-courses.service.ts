import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, enrolments } from '#server/db/schema/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';

const columns = {
  id: courses.id,
  title: courses.title,
  courseType: courses.courseType,
  isActive: courses.isActive,
};

/** GET /api/user/courses: the courses the user is enrolled in, oldest enrolment first (admins: every course). */
export function listUserCourses(db: Queryable, principal: Principal) {
  if (can(principal, 'course:readAll')) {
    return db.select(columns).from(courses).orderBy(asc(courses.courseType), asc(courses.order));
  }
  return db
    .select(columns)
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(enrolments.userId, principal.id))
    .orderBy(asc(enrolments.createdAt));
}
