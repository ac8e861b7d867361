import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { courses } from '#server/db/schema/index.ts';
import { monthlyPencePerInstalment } from '#server/features/catalog/index.ts';
import { notFound, tooManyRequests } from '#server/lib/http.error.ts';
import * as rateLimit from '#server/lib/rate-limit.service.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import type { DiscountQuote } from '#shared/schemas/discounts.ts';
import { type CodeHold, priceCode } from './redeem.service.ts';

// A buyer's code on a single course purchase (docs/product.md#discount-codes-and-team-prices): the preview on the
// purchase page, and the price checkout charges.

const CHECK_WINDOW_MS = 10 * 60 * 1000;
/** Code checks one address may make per 10 minutes: enough for typos, too few to guess codes. */
export const CHECKS_PER_IP = 30;
export const TOO_MANY_CHECKS = 'Too many discount codes tried. Please wait a few minutes and try again.';

type CourseRow = typeof courses.$inferSelect;

/**
 * The code priced on what the course charges now for the plan (the first instalment on the monthly plan, which
 * every instalment then repeats). `email` as in CodePurchase.
 */
export function priceCourseCode(
  db: Db,
  code: string,
  course: CourseRow,
  plan: PaymentPlan,
  email: string | null | undefined,
): Promise<CodeHold> {
  const monthly = plan === 'monthly';
  return priceCode(db, code, {
    courseId: course.id,
    plan,
    pricePence: monthly ? monthlyPencePerInstalment(course) : course.pricePence,
    instalments: monthly ? Math.max(1, course.instalments) : 1,
    email: email?.trim().toLowerCase() ?? email,
  });
}

/** POST /api/discount-codes/check: what the code takes off; nothing is held. Throttled per address. */
export async function checkCode(
  db: Db,
  input: { code: string; courseId: string; plan: PaymentPlan },
  ipAddress: string,
): Promise<DiscountQuote> {
  const key = `discount-check:ip:${ipAddress}`;
  const reserved = (await rateLimit.reserve(db, [key], CHECK_WINDOW_MS)).get(key);
  if (reserved && reserved.count > CHECKS_PER_IP) {
    throw tooManyRequests(TOO_MANY_CHECKS, 'RATE_LIMITED', reserved.resetsAt.getTime() - Date.now());
  }
  if (!isUuid(input.courseId)) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  const [course] = await db.select().from(courses).where(eq(courses.id, input.courseId));
  if (!course?.isActive) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  const plan = input.plan === 'monthly' && course.instalments > 1 ? 'monthly' : 'onetime';
  const { priced } = await priceCourseCode(db, input.code, course, plan, undefined);
  const { codeId: _codeId, ...quote } = priced;
  return quote;
}
