import { z } from 'zod';

/** A course as the API sends it (field names of docs/product.md#data; money as decimal pound strings, duration in weeks). */
export const courseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  courseType: z.enum(['fundamental', 'upskill']),
  difficulty: z.string(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  order: z.number().int(),
  price: z.string(),
  originalPrice: z.string().nullable(),
  /** Per instalment; derived from the price when the admin has not set one. */
  monthlyPrice: z.string(),
  instalments: z.number().int(),
  avgSalary: z.number().int().nullable(),
  estimatedDuration: z.number().int(),
  headerImagePath: z.string().nullable(),
  featuredImagePath: z.string().nullable(),
  whatYouLearn: z.array(z.string()),
  requirements: z.array(z.string()),
  careerOutcomes: z.array(z.string()),
});
export type Course = z.infer<typeof courseSchema>;

/** Preview Course: the first topic's video, or its description when it has none (docs/product.md#public-site). */
export const coursePreviewSchema = z.object({
  title: z.string(),
  description: z.string(),
  videoUrl: z.string().nullable(),
});
export type CoursePreview = z.infer<typeof coursePreviewSchema>;
