import type { discountCodes } from '#server/db/schema/index.ts';
import type { AdminDiscountCode } from '#shared/schemas/discounts.ts';

type CodeRow = typeof discountCodes.$inferSelect;

/** A code as finance sees it, with its course titles and the uses that count now. */
export function presentCode(row: CodeRow, titles: Map<string, string>, used: number): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    courses: row.courseIds ? row.courseIds.map((id) => ({ id, title: titles.get(id) ?? '' })) : null,
    plans: row.plans.filter((p): p is 'onetime' | 'monthly' => p === 'onetime' || p === 'monthly'),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    perCustomer: row.perCustomer,
    used,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
