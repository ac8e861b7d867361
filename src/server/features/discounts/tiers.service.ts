import { asc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { courseSeatTiers, courses } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { type SeatTier, type TeamQuote, tierFor } from '#shared/schemas/discounts.ts';
import { invoiceFigures } from '#shared/vat.ts';
import { type CodeHold, priceCode } from './redeem.service.ts';

// Team price tiers (docs/product.md#discount-codes-and-team-prices): a course may take a percentage off each seat
// from a number of seats up. The team order's price is worked out here, on the server only: seats × price, less the
// tier, less a code, VAT worked out on what is left.

export async function seatTiers(db: Queryable, courseId: string): Promise<SeatTier[]> {
  return db
    .select({ minSeats: courseSeatTiers.minSeats, percentOff: courseSeatTiers.percentOff })
    .from(courseSeatTiers)
    .where(eq(courseSeatTiers.courseId, courseId))
    .orderBy(asc(courseSeatTiers.minSeats));
}

/** Replaces a course's tiers (an empty list removes them). */
export async function setSeatTiers(
  db: Db,
  actor: AuditActor,
  courseId: string,
  tiers: SeatTier[],
): Promise<SeatTier[]> {
  if (!isUuid(courseId)) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!course) throw notFound('Course not found', 'COURSE_NOT_FOUND');
    const before = await seatTiers(tx, courseId);
    await tx.delete(courseSeatTiers).where(eq(courseSeatTiers.courseId, courseId));
    if (tiers.length) await tx.insert(courseSeatTiers).values(tiers.map((t) => ({ ...t, courseId })));
    const show = (list: SeatTier[]) =>
      list.map((t) => `${t.minSeats}+ ${t.percentOff}%`).join(', ') || 'none';
    await recordAudit(tx, actor, {
      action: 'course.seatTiers',
      entityType: 'course',
      entityId: courseId,
      summary: `${course.title}: ${show(before)} → ${show(tiers)}`,
    });
    return seatTiers(tx, courseId);
  });
}

export interface TeamPriceInput {
  courseId: string;
  unitPricePence: number;
  seats: number;
  vatRate: number;
  discountCode?: string;
  /** The buyer's email (per-customer limits), lower-cased; undefined for a preview. */
  email: string | undefined;
}

export interface TeamPriced extends TeamQuote {
  /** The code priced for the order, to hold in the order's transaction; null without a code. */
  code: CodeHold | null;
}

/** A team order's price: the tier for its seats, then the code on what is left, VAT on the result. */
export async function priceTeamOrder(db: Queryable, input: TeamPriceInput): Promise<TeamPriced> {
  const tiers = await seatTiers(db, input.courseId);
  const listAmountPence = input.seats * input.unitPricePence;
  const tier = tierFor(tiers, input.seats);
  const tierOffPence = tier ? Math.round((listAmountPence * tier.percentOff) / 100) : 0;
  const afterTier = listAmountPence - tierOffPence;
  const code = input.discountCode
    ? await priceCode(db, input.discountCode, {
        courseId: input.courseId,
        plan: 'onetime',
        pricePence: afterTier,
        instalments: 1,
        email: input.email,
      })
    : null;
  const priced = code?.priced;
  const amountPence = afterTier - (priced?.amountOffPence ?? 0);
  // VAT per seat, each reduction a line with its own VAT, so the invoice's lines add up (src/shared/vat.ts).
  const { total } = invoiceFigures(input.seats, input.unitPricePence, input.vatRate, [
    tierOffPence,
    priced?.amountOffPence ?? 0,
  ]);
  return {
    seats: input.seats,
    unitPricePence: input.unitPricePence,
    listAmountPence,
    tier: tier ? { ...tier, offPence: tierOffPence } : null,
    discount: priced ? { code: priced.code, offPence: priced.amountOffPence } : null,
    amountPence,
    netPence: total.netPence,
    vatPence: total.vatPence,
    vatRate: input.vatRate,
    tiers,
    code,
  };
}
