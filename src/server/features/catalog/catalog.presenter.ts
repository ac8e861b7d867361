import type { courses } from '#server/db/schema/index.ts';
import { penceToDecimal } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';

type CourseRow = typeof courses.$inferSelect;

/** Monthly instalment when the admin set none: the price spread over the instalments, rounded up to the penny. */
export function monthlyPencePerInstalment(
  row: Pick<CourseRow, 'pricePence' | 'monthlyPricePence' | 'instalments'>,
): number {
  return row.monthlyPricePence ?? Math.ceil(row.pricePence / Math.max(1, row.instalments));
}

/** What the catalogue knows beyond the row: the published reviews and, when the admin opted in, enrolments. */
export interface CourseFigures {
  rating: Course['rating'];
  enrolments: number;
}

const NO_FIGURES: CourseFigures = { rating: null, enrolments: 0 };

export function presentCourse(row: CourseRow, figures: CourseFigures = NO_FIGURES): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    courseType: row.courseType,
    difficulty: row.difficulty,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    order: row.order,
    price: penceToDecimal(row.pricePence),
    originalPrice: row.originalPricePence === null ? null : penceToDecimal(row.originalPricePence),
    monthlyPrice: penceToDecimal(monthlyPencePerInstalment(row)),
    instalments: row.instalments,
    avgSalary: row.avgSalary,
    estimatedDuration: row.estimatedDuration,
    headerImagePath: row.headerImagePath,
    featuredImagePath: row.featuredImagePath,
    whatYouLearn: row.whatYouLearn,
    requirements: row.requirements,
    careerOutcomes: row.careerOutcomes,
    rating: figures.rating,
    enrolledCount: row.showEnrolmentCount ? figures.enrolments : null,
  };
}
