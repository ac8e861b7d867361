import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentConsent } from '#server/db/schema/commerce.ts';
import { courses, teamOrders } from '#server/db/schema/index.ts';
import type { TeamBuyer, TeamCompany } from '#server/db/schema/teams.ts';
import type { CheckoutDeps } from '#server/features/checkout/index.ts';
import { openPayment, requireConsent, reservePaymentStart } from '#server/features/checkout/index.ts';
import { priceTeamOrder, type TeamPriced } from '#server/features/discounts/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import {
  type CreateTeamOrder,
  INVOICE_PAYMENT_TERMS_DAYS,
  type TeamOrderCreated,
  type TeamPricing,
} from '#shared/schemas/teams.ts';
import { placeUnconfirmedOrder } from './order-confirmation.service.ts';
import { placeInvoiceOrder, type TeamOrderRow } from './team-settlement.service.ts';

export const TEAM_ORDER_NOT_FOUND = 'Team order not found';

const DAY_MS = 24 * 60 * 60 * 1000;

interface NewOrder {
  courseId: string;
  seats: number;
  company: TeamCompany;
  buyer: TeamBuyer;
  payBy: 'card' | 'invoice';
  managerUserId: string | null;
  parentOrderId: string | null;
  /** An invoice order for an email that is not the signed-in caller's waits for its owner to confirm. */
  needsConfirmation?: boolean;
  /** Card orders: the buyer's consent, stored with the payment. */
  consent?: PaymentConsent | null;
  discountCode?: string;
}

async function sellableCourse(deps: CheckoutDeps, courseId: string) {
  if (!isUuid(courseId)) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  const [course] = await deps.db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('Course not found', 'COURSE_NOT_FOUND');
  if (!course.isActive)
    throw badRequest('This course is not available for purchase yet.', 'COURSE_NOT_FOR_SALE');
  return course;
}

/**
 * Records an order and starts its payment. Card: our payment and order rows exist first (one transaction), then
 * the provider's intent (openPayment); settleIntent locks the payment row and POST /api/payment-success or the
 * webhook marks the order paid, once.
 * Invoice: the order awaits payment, the buyer becomes its manager and gets the invoice by email.
 */
/**
 * The VAT rate charged on team orders: `VAT_RATE` when the supplier has a `VAT_NUMBER`; a supplier that is not VAT
 * registered must not charge VAT, so 0 otherwise (the documents then say so).
 */
export function chargedVatRate(invoicing: CheckoutDeps['invoicing']): TeamPricing {
  const vatRegistered = Boolean(invoicing.vatNumber);
  return { vatRate: vatRegistered ? invoicing.vatRate : 0, vatRegistered };
}

/**
 * The server's price of an order (docs/product.md#discount-codes-and-team-prices): the course's seat tier, then a
 * discount code, VAT on what is left. `email` undefined: a preview (per-customer limits not checked yet).
 */
export async function quoteTeamOrder(
  deps: CheckoutDeps,
  input: { courseId: string; seats: number; discountCode?: string; email?: string },
): Promise<TeamPriced> {
  const course = await sellableCourse(deps, input.courseId);
  return priceTeamOrder(deps.db, {
    courseId: course.id,
    unitPricePence: course.pricePence,
    seats: input.seats,
    vatRate: chargedVatRate(deps.invoicing).vatRate,
    discountCode: input.discountCode,
    email: input.email?.trim().toLowerCase(),
  });
}

async function placeOrder(deps: CheckoutDeps, input: NewOrder): Promise<TeamOrderCreated> {
  const course = await sellableCourse(deps, input.courseId);
  const { vatRate } = chargedVatRate(deps.invoicing);
  const price = await priceTeamOrder(deps.db, {
    courseId: course.id,
    unitPricePence: course.pricePence,
    seats: input.seats,
    vatRate,
    discountCode: input.discountCode,
    email: input.buyer.email.trim().toLowerCase(),
  });
  const code = price.code;
  const values = {
    courseId: course.id,
    managerUserId: input.managerUserId,
    parentOrderId: input.parentOrderId,
    payBy: input.payBy,
    seats: input.seats,
    unitPricePence: course.pricePence,
    amountPence: price.amountPence,
    netPence: price.netPence,
    vatPence: price.vatPence,
    vatRate,
    tierPercent: price.tier?.percentOff ?? null,
    tierOffPence: price.tier?.offPence ?? 0,
    discountCode: price.discount?.code ?? null,
    discountOffPence: price.discount?.offPence ?? 0,
    company: input.company,
    buyer: input.buyer,
  };
  const base = { amountPence: price.amountPence, vatPence: price.vatPence };

  if (input.payBy === 'invoice' && input.needsConfirmation) {
    const orderId = await placeUnconfirmedOrder(deps, values, course.title, code?.hold);
    return { orderId, status: 'unconfirmed', ...base };
  }

  if (input.payBy === 'invoice') {
    const order = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(teamOrders)
        .values({
          ...values,
          status: 'awaiting_payment',
          dueAt: new Date(Date.now() + INVOICE_PAYMENT_TERMS_DAYS * DAY_MS),
        })
        .returning();
      await code?.hold(tx, { teamOrderId: row!.id });
      await placeInvoiceOrder(tx, row!, { publicUrl: deps.publicUrl, invoicing: deps.invoicing });
      return row!;
    });
    return { orderId: order.id, status: 'awaiting_payment', ...base };
  }

  const orderId = randomUUID();
  const { intent } = await openPayment(
    deps,
    {
      courseId: course.id,
      email: input.buyer.email,
      plan: 'onetime',
      amountPence: price.amountPence,
      currency: 'gbp',
      studentData: { ...input.buyer, company: input.company.name },
      consent: input.consent ?? null,
    },
    {
      amountPence: price.amountPence,
      currency: 'gbp',
      metadata: { courseId: course.id, teamOrderId: orderId, seats: String(input.seats) },
      receiptEmail: input.buyer.email,
      saveCardForLater: false,
      customerName: `${input.buyer.firstName} ${input.buyer.lastName}`,
    },
    async (tx, paymentId) => {
      await tx.insert(teamOrders).values({ ...values, id: orderId, status: 'pending', paymentId });
      await code?.hold(tx, { paymentId });
    },
  );
  return {
    orderId,
    status: 'pending',
    ...base,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret ?? '',
  };
}

/**
 * POST /api/team-orders: anyone may buy; the buyer becomes the manager once paid (or once invoiced). An invoice
 * order for an email other than the signed-in caller's waits for that email's owner to confirm it. Throttled per
 * address with single purchases (both kinds fill tables; card orders call the provider, invoice orders send mail).
 */
export async function createTeamOrder(
  deps: CheckoutDeps,
  input: CreateTeamOrder,
  ipAddress: string,
  caller: { id: string; email: string } | null,
): Promise<TeamOrderCreated> {
  // A card order starts a payment, so it needs the buyer's consent to immediate access (src/shared/consent.ts).
  const consent = input.payBy === 'card' ? requireConsent(input.consent, ipAddress) : null;
  await reservePaymentStart(deps, ipAddress);
  const ownEmail =
    caller !== null && caller.email.trim().toLowerCase() === input.buyer.email.trim().toLowerCase();
  return placeOrder(deps, {
    courseId: input.courseId,
    seats: input.seats,
    company: {
      ...input.company,
      vatNumber: input.company.vatNumber ?? null,
      poNumber: input.company.poNumber ?? null,
    },
    buyer: input.buyer,
    payBy: input.payBy,
    managerUserId: ownEmail && input.payBy === 'invoice' ? caller.id : null,
    parentOrderId: null,
    needsConfirmation: !ownEmail,
    consent,
    discountCode: input.discountCode,
  });
}

/** A root order the principal manages (top-ups are reached through their order), else 404. */
export async function managedOrder(
  deps: Pick<CheckoutDeps, 'db'>,
  principal: Principal,
  orderId: string,
): Promise<TeamOrderRow> {
  if (!isUuid(orderId)) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  const [order] = await deps.db
    .select()
    .from(teamOrders)
    .where(and(eq(teamOrders.id, orderId), isNull(teamOrders.parentOrderId)));
  if (!order || !can(principal, 'teamOrder:manage', order)) {
    throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  }
  return order;
}

/** POST /api/team/orders/:orderId/top-ups: more seats for a paid order, paid the same two ways. */
export async function buyMoreSeats(
  deps: CheckoutDeps,
  principal: Principal,
  orderId: string,
  input: { seats: number; payBy: 'card' | 'invoice' },
): Promise<TeamOrderCreated> {
  const order = await managedOrder(deps, principal, orderId);
  if (order.status !== 'paid') {
    throw conflict('More seats can be bought once this order is paid', 'ORDER_NOT_PAID');
  }
  return placeOrder(deps, {
    courseId: order.courseId,
    seats: input.seats,
    company: order.company,
    buyer: order.buyer,
    payBy: input.payBy,
    managerUserId: order.managerUserId,
    parentOrderId: order.id,
  });
}
