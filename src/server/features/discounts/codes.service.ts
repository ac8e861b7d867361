import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { courses, discountCodes } from '#server/db/schema/index.ts';
import { type AuditActor, recordAudit } from '#server/features/audit/index.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import { PAYMENT_PLANS } from '#shared/constants.ts';
import type { AdminDiscountCode, CreateDiscountCode } from '#shared/schemas/discounts.ts';
import { presentCode } from './discounts.presenter.ts';
import { usesOf } from './redeem.service.ts';

// Finance and admins manage codes (docs/product.md#discount-codes-and-team-prices); every change is audited.

export const CODE_TAKEN = 'A discount code with that text already exists.';
export const CODE_NOT_FOUND = 'Discount code not found';

export async function createCode(
  db: Db,
  actor: AuditActor,
  input: CreateDiscountCode,
): Promise<{ id: string }> {
  const courseIds = input.courseIds?.length ? [...new Set(input.courseIds)] : null;
  if (courseIds) {
    const known = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds));
    if (known.length !== courseIds.length)
      throw badRequest('One of the courses does not exist', 'COURSE_NOT_FOUND');
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discountCodes)
        .values({
          code: input.code,
          kind: input.kind,
          value: input.value,
          courseIds,
          plans: input.plans?.length ? [...new Set(input.plans)] : [...PAYMENT_PLANS],
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          maxRedemptions: input.maxRedemptions ?? null,
          perCustomer: input.perCustomer ?? null,
          createdBy: actor.id,
        })
        .returning({ id: discountCodes.id });
      const off = input.kind === 'percent' ? `${input.value}%` : `${input.value}p`;
      await recordAudit(tx, actor, {
        action: 'discount.create',
        entityType: 'discount_code',
        entityId: row!.id,
        summary: `${input.code}: ${off} off${courseIds ? ` ${courseIds.length} course(s)` : ''}`,
      });
      return { id: row!.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, 'DISCOUNT_CODE_TAKEN');
    throw error;
  }
}

export async function listCodes(db: Db): Promise<AdminDiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt)).limit(500);
  const ids = [...new Set(rows.flatMap((r) => r.courseIds ?? []))];
  const titles = new Map(
    ids.length
      ? (
          await db
            .select({ id: courses.id, title: courses.title })
            .from(courses)
            .where(inArray(courses.id, ids))
        ).map((c) => [c.id, c.title] as const)
      : [],
  );
  return Promise.all(rows.map(async (row) => presentCode(row, titles, await usesOf(db, row.id))));
}

/** Disables a code: it stops working at once; uses already made stand. A second call changes nothing. */
export async function disableCode(db: Db, actor: AuditActor, id: string): Promise<AdminDiscountCode> {
  if (!isUuid(id)) throw notFound(CODE_NOT_FOUND, 'DISCOUNT_CODE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound(CODE_NOT_FOUND, 'DISCOUNT_CODE_NOT_FOUND');
    let current = row;
    if (!row.disabledAt) {
      [current] = await tx
        .update(discountCodes)
        .set({ disabledAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'discount.disable',
        entityType: 'discount_code',
        entityId: id,
        summary: `${row.code}: active → disabled`,
      });
    }
    return presentCode(current!, new Map(), await usesOf(tx, id));
  });
}
