import { z } from 'zod';
import { text } from './common.ts';
import { ratingSummarySchema } from './reviews.ts';

/** A course as the API sends it (field names of docs/product.md#data; money as decimal pound strings, duration in weeks). */
export const courseSchema = z.object({
  id: text(),
  title: text(),
  description: text(),
  courseType: z.enum(['fundamental', 'upskill']),
  difficulty: text(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  order: z.number().int(),
  price: text(),
  originalPrice: text().nullable(),
  /** Per instalment; derived from the price when the admin has not set one. */
  monthlyPrice: text(),
  instalments: z.number().int(),
  avgSalary: z.number().int().nullable(),
  estimatedDuration: z.number().int(),
  headerImagePath: text().nullable(),
  featuredImagePath: text().nullable(),
  whatYouLearn: z.array(text()),
  requirements: z.array(text()),
  careerOutcomes: z.array(text()),
  /** From published verified reviews; null when there are none (docs/product.md#reviews). */
  rating: ratingSummarySchema.nullable(),
  /** The real number of enrolments, only when an admin opted in for this course; otherwise null. */
  enrolledCount: z.number().int().nullable(),
});
export type Course = z.infer<typeof courseSchema>;

/** Preview Course: the first topic's video, or its description when it has none (docs/product.md#public-site). */
export const coursePreviewSchema = z.object({
  title: text(),
  description: text(),
  videoUrl: text().nullable(),
});
export type CoursePreview = z.infer<typeof coursePreviewSchema>;

/** GET /api/courses/{id}/curriculum: what the course teaches, module by module (docs/product.md#public-site). */
export const curriculumSchema = z.object({
  modules: z.array(
    z.object({
      title: text(),
      /** Minutes, as the admin set it (0 when not set). */
      duration: z.number().int(),
      topics: z.array(
        z.object({
          title: text(),
          /** The video's length in seconds when known. */
          videoSeconds: z.number().int().nullable(),
        }),
      ),
    }),
  ),
  /** The course's instructor when one is assigned. */
  instructor: z.object({ name: text(), title: text().nullable() }).nullable(),
});
export type Curriculum = z.infer<typeof curriculumSchema>;
