import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { discountCodes, discountRedemptions, payments, teamOrders } from '#server/db/schema/index.ts';
import { badRequest } from '#server/lib/http.error.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import { codeOffPence, type DiscountQuote } from '#shared/schemas/discounts.ts';

// Using a code (docs/product.md#discount-codes-and-team-prices). A buyer's code is priced first (quoteCode, no
// writes), then held in the transaction that writes the payment or order row (holdCode): the code's row is locked
// FOR UPDATE and its uses are counted in the same transaction, so ten buyers racing for a last use are counted one
// after another and exactly one gets it. A use counts while its payment is open or paid, or its invoice order is
// not cancelled; a failed or cancelled payment gives it back by its status alone.

export const CODE_INVALID = 'That discount code is not valid for this purchase.';
export const CODE_USED_UP = 'That discount code has been used up.';
export const CODE_USED_BY_YOU = 'You have already used that discount code.';
export const CODE_NEEDS_EMAIL =
  'That discount code is limited per customer: enter it on the enrol page, with your details.';

type CodeRow = typeof discountCodes.$inferSelect;

export interface CodePurchase {
  courseId: string;
  plan: PaymentPlan;
  /** What the purchase charges now without the code (the first instalment on the monthly plan). */
  pricePence: number;
  /** Monthly plan: how many instalments share a fixed amount off. */
  instalments: number;
  /**
   * The buyer's email, lower-cased; null when the payment starts without one (the checkout page: codes limited per
   * customer are refused there); undefined for a preview before the buyer has given it (not checked yet).
   */
  email: string | null | undefined;
}

export interface PricedCode extends DiscountQuote {
  codeId: string;
}

const invalid = () => badRequest(CODE_INVALID, 'DISCOUNT_CODE_INVALID');

/** The statuses in which a payment or an invoice order holds its use. */
const HOLDING_PAYMENT = ['pending', 'requires_action', 'succeeded'] as const;
const HOLDING_ORDER = ['unconfirmed', 'awaiting_payment', 'paid'] as const;

function holding(): SQL {
  return or(
    inArray(payments.status, [...HOLDING_PAYMENT]),
    and(isNotNull(discountRedemptions.teamOrderId), inArray(teamOrders.status, [...HOLDING_ORDER])),
  )!;
}

/** Uses of a code that count now (optionally only one customer's). */
export async function usesOf(db: Queryable, codeId: string, email?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .leftJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .leftJoin(teamOrders, eq(teamOrders.id, discountRedemptions.teamOrderId))
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        email === undefined ? undefined : eq(discountRedemptions.email, email),
        holding(),
      ),
    );
  return Number(row?.n ?? 0);
}

function usableNow(code: CodeRow | undefined, purchase: CodePurchase, now = new Date()): code is CodeRow {
  if (!code || code.disabledAt) return false;
  if (code.startsAt && code.startsAt > now) return false;
  if (code.endsAt && code.endsAt <= now) return false;
  if (code.courseIds && !code.courseIds.includes(purchase.courseId)) return false;
  return code.plans.includes(purchase.plan);
}

async function findCode(db: Queryable, code: string, lock: boolean): Promise<CodeRow | undefined> {
  const query = db
    .select()
    .from(discountCodes)
    .where(sql`lower(${discountCodes.code}) = ${code.trim().toLowerCase()}`);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

function price(code: CodeRow, purchase: CodePurchase): PricedCode {
  // A fixed amount on the monthly plan is shared out over its instalments (each pays the same).
  const value =
    code.kind === 'amount' && purchase.plan === 'monthly'
      ? Math.floor(code.value / Math.max(1, purchase.instalments))
      : code.value;
  const amountOffPence = codeOffPence(code.kind, value, purchase.pricePence);
  return {
    codeId: code.id,
    code: code.code,
    listPricePence: purchase.pricePence,
    amountOffPence,
    chargePence: purchase.pricePence - amountOffPence,
  };
}

async function checkLimits(db: Queryable, code: CodeRow, email: string | null | undefined): Promise<void> {
  if (code.perCustomer !== null && email === null)
    throw badRequest(CODE_NEEDS_EMAIL, 'DISCOUNT_CODE_INVALID');
  if (code.maxRedemptions !== null && (await usesOf(db, code.id)) >= code.maxRedemptions) {
    throw badRequest(CODE_USED_UP, 'DISCOUNT_CODE_USED_UP');
  }
  if (code.perCustomer !== null && email && (await usesOf(db, code.id, email)) >= code.perCustomer) {
    throw badRequest(CODE_USED_BY_YOU, 'DISCOUNT_CODE_USED_UP');
  }
}

/** What the code takes off this purchase; 400 DISCOUNT_CODE_INVALID / DISCOUNT_CODE_USED_UP when it cannot be used. */
export async function quoteCode(db: Queryable, code: string, purchase: CodePurchase): Promise<PricedCode> {
  const row = await findCode(db, code, false);
  if (!usableNow(row, purchase)) throw invalid();
  await checkLimits(db, row, purchase.email);
  return price(row, purchase);
}

/**
 * Holds one use of a priced code for a payment or an order, inside the transaction that writes it. The code row is
 * locked, so the limits are checked against every use committed before; throws (rolling the caller's transaction
 * back) when the code was used up, disabled or repriced meanwhile.
 */
export async function holdCode(
  tx: Queryable,
  priced: PricedCode,
  purchase: CodePurchase,
  owner: { paymentId: string } | { teamOrderId: string },
): Promise<void> {
  const row = await findCode(tx, priced.code, true);
  if (!usableNow(row, purchase) || row.id !== priced.codeId) throw invalid();
  await checkLimits(tx, row, purchase.email);
  if (price(row, purchase).amountOffPence !== priced.amountOffPence) throw invalid();
  await tx.insert(discountRedemptions).values({
    codeId: row.id,
    paymentId: 'paymentId' in owner ? owner.paymentId : null,
    teamOrderId: 'teamOrderId' in owner ? owner.teamOrderId : null,
    email: purchase.email ?? '',
    amountOffPence: priced.amountOffPence,
    listPricePence: priced.listPricePence,
  });
}

export interface CodeHold {
  priced: PricedCode;
  /** Holds the use for the payment or order being written, in its transaction (see holdCode). */
  hold: (tx: Queryable, owner: { paymentId: string } | { teamOrderId: string }) => Promise<void>;
}

/** quoteCode, and the hold to run where the payment row is written (checkout's openPayment `link`). */
export async function priceCode(db: Queryable, code: string, purchase: CodePurchase): Promise<CodeHold> {
  const priced = await quoteCode(db, code, purchase);
  return { priced, hold: (tx, owner) => holdCode(tx, priced, purchase, owner) };
}

/**
 * The code a payment used, for receipts of single purchases: its text, what it took off and the price before it;
 * null when none. Kept (@public) for the receipts docs/product.md#discount-codes-and-team-prices promises.
 * @public
 */
export async function paymentDiscount(
  db: Queryable,
  paymentId: string,
): Promise<{ code: string; amountOffPence: number; listPricePence: number } | null> {
  const [row] = await db
    .select({
      code: discountCodes.code,
      amountOffPence: discountRedemptions.amountOffPence,
      listPricePence: discountRedemptions.listPricePence,
    })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(eq(discountRedemptions.paymentId, paymentId));
  return row ?? null;
}
