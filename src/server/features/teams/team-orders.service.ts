import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { courses, teamOrders } from '#server/db/schema/index.ts';
import type { TeamBuyer, TeamCompany } from '#server/db/schema/teams.ts';
import type { CheckoutDeps } from '#server/features/checkout/index.ts';
import { openPayment, reservePaymentStart } from '#server/features/checkout/index.ts';
import { can, type Principal } from '#server/lib/access-policy.ts';
import { badRequest, conflict, notFound } from '#server/lib/errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import {
  type CreateTeamOrder,
  INVOICE_PAYMENT_TERMS_DAYS,
  type TeamOrderCreated,
  type TeamPricing,
  teamOrderPrice,
} from '#shared/schemas/teams.ts';
import { placeUnconfirmedOrder } from './order-confirmation.service.ts';
import { placeInvoiceOrder, type TeamOrderRow } from './team-settlement.ts';

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

async function placeOrder(deps: CheckoutDeps, input: NewOrder): Promise<TeamOrderCreated> {
  const course = await sellableCourse(deps, input.courseId);
  const { vatRate } = chargedVatRate(deps.invoicing);
  const price = teamOrderPrice(input.seats, course.pricePence, vatRate);
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
    company: input.company,
    buyer: input.buyer,
  };
  const base = { amountPence: price.amountPence, vatPence: price.vatPence };

  if (input.payBy === 'invoice' && input.needsConfirmation) {
    const orderId = await placeUnconfirmedOrder(deps, values, course.title);
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
    },
    {
      amountPence: price.amountPence,
      currency: 'gbp',
      metadata: { courseId: course.id, teamOrderId: orderId, seats: String(input.seats) },
      receiptEmail: input.buyer.email,
      saveCardForLater: false,
      customerName: `${input.buyer.firstName} ${input.buyer.lastName}`,
    },
    (tx, paymentId) => tx.insert(teamOrders).values({ ...values, id: orderId, status: 'pending', paymentId }),
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
