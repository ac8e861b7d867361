import { z } from 'zod';
import { PAYMENT_PLANS } from '../constants.ts';
import { text } from './common.ts';

// Discount codes and team seat-price tiers (docs/product.md#discount-codes-and-team-prices). The server prices every
// payment from these; the browser only shows what the server answered.

/** The card processor's smallest charge in pence: a code never takes a payment below it. */
export const MIN_CHARGE_PENCE = 30;
export const MAX_SEAT_TIERS = 5;

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** What a buyer types: trimmed; empty means no code. */
export const discountCodeField = text()
  .trim()
  .max(40, 'That discount code is not valid')
  .optional()
  .transform((v) => v || undefined);

const optionalDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .optional()
  .nullable()
  .transform((v) => (v ? new Date(v) : null));

export const createDiscountCodeSchema = z
  .object({
    code: text()
      .trim()
      .min(3, 'A code has 3 to 40 characters')
      .max(40, 'A code has 3 to 40 characters')
      .refine((v) => CODE_PATTERN.test(v), 'Use letters, digits, - and _ only'),
    kind: z.enum(['percent', 'amount']),
    /** Percent (1–100), or pence off for 'amount'. */
    value: z.coerce.number().int('Whole numbers only').min(1, 'At least 1'),
    courseIds: z.array(z.uuid('Unknown course')).max(200).optional().nullable(),
    plans: z.array(z.enum(PAYMENT_PLANS)).min(1, 'Choose at least one plan').optional(),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxRedemptions: z.coerce.number().int().min(1, 'At least 1').max(1_000_000).optional().nullable(),
    perCustomer: z.coerce.number().int().min(1, 'At least 1').max(1000).optional().nullable(),
  })
  .superRefine((data, ctx) => {
    if (data.kind === 'percent' && data.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' });
    if (data.startsAt && data.endsAt && data.endsAt <= data.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  });
export type CreateDiscountCodeInput = z.input<typeof createDiscountCodeSchema>;
export type CreateDiscountCode = z.output<typeof createDiscountCodeSchema>;

export const discountCodeCreatedSchema = z.object({ id: text() });

export const adminDiscountCodeSchema = z.object({
  id: text(),
  code: text(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  courses: z.array(z.object({ id: text(), title: text() })).nullable(),
  plans: z.array(z.enum(PAYMENT_PLANS)),
  startsAt: text().nullable(),
  endsAt: text().nullable(),
  maxRedemptions: z.number().int().nullable(),
  perCustomer: z.number().int().nullable(),
  /** Uses that count now: payments open or paid, invoice orders not cancelled. */
  used: z.number().int(),
  disabledAt: text().nullable(),
  createdAt: text(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;
export const adminDiscountCodesSchema = z.object({ items: z.array(adminDiscountCodeSchema) });

/** POST /api/discount-codes/check: what a code takes off one purchase (nothing is held until the payment starts). */
export const checkDiscountSchema = z.object({
  code: text().trim().min(1, 'Enter a code').max(40, 'That discount code is not valid'),
  courseId: text().trim().min(1).max(100),
  plan: z.enum(PAYMENT_PLANS).optional().default('onetime'),
});
export const discountQuoteSchema = z.object({
  code: text(),
  /** Charged now without the code and with it (the first instalment on the monthly plan), pence. */
  listPricePence: z.number().int(),
  amountOffPence: z.number().int(),
  chargePence: z.number().int(),
});
export type DiscountQuote = z.infer<typeof discountQuoteSchema>;

export const seatTierSchema = z.object({
  minSeats: z.coerce.number().int().min(2, 'Tiers start at 2 seats').max(500, 'At most 500 seats'),
  percentOff: z.coerce.number().int().min(1, 'At least 1%').max(90, 'At most 90%'),
});
export type SeatTier = z.infer<typeof seatTierSchema>;
export const seatTiersSchema = z.object({
  tiers: z
    .array(seatTierSchema)
    .max(MAX_SEAT_TIERS, `At most ${MAX_SEAT_TIERS} tiers`)
    .refine(
      (tiers) => new Set(tiers.map((t) => t.minSeats)).size === tiers.length,
      'One tier per seat count',
    ),
});
export type SeatTiers = z.infer<typeof seatTiersSchema>;

/** POST /api/team-orders/quote: the server's price for an order (tier, code, VAT), shown in the price summary. */
export const teamQuoteRequestSchema = z.object({
  courseId: text().trim().min(1).max(100),
  seats: z.coerce.number().int().min(1).max(500),
  discountCode: discountCodeField,
});
export const teamQuoteSchema = z.object({
  seats: z.number().int(),
  unitPricePence: z.number().int(),
  /** Seats × price, VAT included, before any tier or code. */
  listAmountPence: z.number().int(),
  tier: z
    .object({ minSeats: z.number().int(), percentOff: z.number().int(), offPence: z.number().int() })
    .nullable(),
  discount: z.object({ code: text(), offPence: z.number().int() }).nullable(),
  amountPence: z.number().int(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  vatRate: z.number().int(),
  tiers: z.array(seatTierSchema),
});
export type TeamQuote = z.infer<typeof teamQuoteSchema>;

/** The part of a price a code takes off: a percentage (rounded to the penny) or an amount, never below the minimum. */
export function codeOffPence(kind: 'percent' | 'amount', value: number, pricePence: number): number {
  const off = kind === 'percent' ? Math.round((pricePence * value) / 100) : value;
  return Math.max(0, Math.min(off, pricePence - MIN_CHARGE_PENCE));
}

/** The best tier for `seats` (the highest minimum reached), or null. */
export function tierFor(tiers: readonly SeatTier[], seats: number): SeatTier | null {
  let best: SeatTier | null = null;
  for (const tier of tiers)
    if (seats >= tier.minSeats && (!best || tier.minSeats > best.minSeats)) best = tier;
  return best;
}
