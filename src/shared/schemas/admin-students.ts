import { z } from 'zod';
import { ADMIN_EXPERIENCE_LEVELS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { text } from './common.ts';

export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const UPSKILL_DETAILS_REQUIRED = 'Company and job title are required for upskill courses';

const required = (max = 200) => text().trim().min(1, REQUIRED_FIELDS).max(max);
const optional = (max = 200) => text().trim().max(max).optional().default('');

/** Add Student (docs/product.md#data, #validation); the upskill rule needs the course, see below. */
export const createStudentSchema = z.strictObject({
  firstName: required(),
  lastName: required(),
  email: required(320).pipe(z.email('Please enter a valid email address')),
  password: text()
    .refine((v) => v.trim().length > 0, { message: REQUIRED_FIELDS, abort: true })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  courseId: text().trim().min(1, REQUIRED_FIELDS).pipe(z.uuid('Course not found')),
  phoneNumber: optional(40),
  company: optional(),
  jobTitle: optional(),
  experienceLevel: z
    .union([z.enum(ADMIN_EXPERIENCE_LEVELS), z.literal('')])
    .optional()
    .default(''),
});
export type CreateStudentInput = z.input<typeof createStudentSchema>;

/** The rule both the form and the server apply once the chosen course's type is known. */
export function upskillDetailsMissing(
  courseType: string | undefined,
  input: { company?: string; jobTitle?: string },
): boolean {
  return courseType === 'upskill' && (!input.company?.trim() || !input.jobTitle?.trim());
}

export const updateStudentSchema = z.strictObject({
  isActive: z.boolean(),
});

export const enrolStudentSchema = z.strictObject({
  courseId: z.uuid('Course not found'),
});

export const studentListQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(25),
  /** Only students enrolled in at least one course (the live-session attendee picker). */
  enrolled: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const adminStudentSchema = z.object({
  id: text(),
  firstName: text().nullable(),
  lastName: text().nullable(),
  email: text(),
  profileImageUrl: text().nullable(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
  lastActiveAt: text().nullable(),
  courses: z.array(z.object({ id: text(), title: text(), courseType: text() })),
});
export type AdminStudent = z.infer<typeof adminStudentSchema>;

export const adminStudentPageSchema = z.object({
  students: z.array(adminStudentSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminStudentPage = z.infer<typeof adminStudentPageSchema>;

export const statsSchema = z.object({
  totalStudents: z.number().int(),
  activeStudents: z.number().int(),
  /** Percentage 0–100, one decimal. */
  completionRate: z.number(),
  totalModules: z.number().int(),
  totalViews: z.number().int(),
  resourceStats: z.array(
    z.object({
      resourceId: text(),
      title: text(),
      viewCount: z.number().int(),
      weeklyViews: z.number().int(),
    }),
  ),
});
export type AdminStats = z.infer<typeof statsSchema>;

export const analyticsSchema = z.object({
  weekly: z.array(z.object({ week: text(), enrolments: z.number().int(), revenue: text() })),
  dailyViews: z.array(z.object({ day: text(), views: z.number().int() })),
});
export type AdminAnalytics = z.infer<typeof analyticsSchema>;
