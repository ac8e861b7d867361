import { z } from 'zod';

export const userCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  courseType: z.enum(['fundamental', 'upskill']),
  isActive: z.boolean(),
});
export const userCoursesResponseSchema = z.array(userCourseSchema);
export type UserCourse = z.infer<typeof userCourseSchema>;
