import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { courses, paymentInstalments, payments, processedProviderEvents } from '#server/db/schema/index.ts';
import { monthlyPencePerInstalment } from '#server/features/catalog/index.ts';
import { priceCourseCode } from '#server/features/discounts/index.ts';
import { learnerChanged } from '#server/lib/change-notifications.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { purchaseReceiptEmail } from '#server/lib/mail/templates.emails.ts';
import { provisionStudent } from '#server/lib/provisioning.service.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type { ConsentInput } from '#shared/consent.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import { penceToDecimal } from '#shared/format.ts';
import {
  type PaymentIntentResponse,
  type PaymentSuccessResponse,
  type PurchaseOutcome,
  type StudentData,
  studentDataSchemaFor,
} from '#shared/schemas/checkout.ts';
import { scheduleRemainingInstalments } from './instalment-schedule.service.ts';
import type { PaymentProvider, ProviderEvent, ProviderIntent } from './payment.provider.ts';
import { openPayment, requireConsent, reservePaymentStart } from './payment-opening.service.ts';
import {
  instalmentDueDates,
  invoicePurchase,
  purchaseConfirmation,
  purchaseOutcome,
} from './purchase-receipt.service.ts';
import type {
  CardChangeEventHandler,
  InstalmentEventHandler,
  RefundEventHandler,
} from './settlement.handler.ts';
import { type PaymentSettlement, settleForPurpose } from './settlement.handler.ts';

export interface CheckoutDeps {
  db: Db;
  database: Database;
  provider: PaymentProvider;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The supplier printed on team order invoices and receipts. */
  invoicing: AppConfig['invoicing'];
  /** Payments one client address may start per 10 minutes (payment-opening.service.ts). */
  paymentStartsPerIp: number;
  /** Other features' payment purposes (settlement.handler.ts), settled inside settleIntent's transaction. */
  settlements: readonly PaymentSettlement[];
  /** Confirms refunds from the provider's refund events (features/refunds, through the composition root). */
  refundEvents: RefundEventHandler | null;
  /** Records instalment invoice events (features/instalments, through the composition root). */
  instalmentEvents: InstalmentEventHandler | null;
  /** Applies a plan's new card from setup_intent events (features/instalments, through the composition root). */
  cardChangeEvents: CardChangeEventHandler | null;
}

export const COURSE_NOT_FOUND = 'Course not found';
export const COURSE_NOT_FOR_SALE = 'This course is not available for purchase yet.';
export const PAYMENT_NOT_FOUND = 'Payment not found';

type CourseRow = typeof courses.$inferSelect;

/** What is charged now: the price, or the first monthly instalment. Never anything the client sent. */
export function chargeNowPence(course: CourseRow, plan: PaymentPlan): number {
  return plan === 'monthly' ? monthlyPencePerInstalment(course) : course.pricePence;
}

async function purchasableCourse(db: Db, courseId: string): Promise<CourseRow> {
  if (!isUuid(courseId)) throw notFound(COURSE_NOT_FOUND);
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!course.isActive) throw badRequest(COURSE_NOT_FOR_SALE);
  return course;
}

/**
 * Records a pending payment row for a course and plan (the anchor of idempotent provisioning), then the provider's
 * intent for it. studentData is null on the checkout page: the card form supplies the email then. Throttled per
 * address: anyone may call it, and each call fills a table and calls the provider.
 */
export async function createPayment(
  deps: CheckoutDeps,
  input: {
    courseId: string;
    plan: PaymentPlan;
    studentData: StudentData | null;
    consent?: ConsentInput;
    discountCode?: string;
  },
  ipAddress: string,
): Promise<PaymentIntentResponse> {
  const consent = requireConsent(input.consent, ipAddress);
  await reservePaymentStart(deps, ipAddress);
  const course = await purchasableCourse(deps.db, input.courseId);
  let studentData: StudentData | null = null;
  if (input.studentData) {
    const parsed = studentDataSchemaFor(course.courseType).safeParse(input.studentData);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid details', 'VALIDATION_FAILED');
    studentData = parsed.data;
  }
  // A discount code is priced here and its use held with the payment row (docs/product.md#discount-codes-and-team-prices).
  const code = input.discountCode
    ? await priceCourseCode(deps.db, input.discountCode, course, input.plan, studentData?.email ?? null)
    : null;
  const amountPence = code ? code.priced.chargePence : chargeNowPence(course, input.plan);
  const monthly = input.plan === 'monthly' && course.instalments > 1;
  const { intent } = await openPayment(
    deps,
    {
      courseId: course.id,
      email: studentData?.email ?? '',
      plan: input.plan,
      amountPence,
      currency: 'gbp',
      studentData: studentData ? { ...studentData } : {},
      consent,
    },
    {
      amountPence,
      currency: 'gbp',
      metadata: { courseId: course.id, plan: input.plan, courseTitle: course.title.slice(0, 400) },
      receiptEmail: studentData?.email,
      saveCardForLater: monthly,
      customerName: studentData ? `${studentData.firstName} ${studentData.lastName}` : undefined,
    },
    code ? (tx, paymentId) => code.hold(tx, { paymentId }) : undefined,
  );
  return {
    clientSecret: intent.clientSecret ?? '',
    paymentIntentId: intent.id,
    courseTitle: course.title,
    amount: penceToDecimal(amountPence),
    currency: 'gbp',
    plan: input.plan,
    discount: code
      ? {
          code: code.priced.code,
          amountOff: penceToDecimal(code.priced.amountOffPence),
          listAmount: penceToDecimal(code.priced.listPricePence),
        }
      : null,
  };
}

/** "jane.doe@example.com" → "j***@example.com": the success page confirms where the email went, no more. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!local || !domain) return '';
  return `${local.charAt(0)}***@${domain}`;
}

/** The success page's answer for a payment settled just now. */
function succeeded(courseTitle: string, email: string, outcome: PurchaseOutcome): PaymentSuccessResponse {
  return { courseTitle, email: maskEmail(email), status: 'succeeded', message: null, outcome };
}

interface Settled {
  response: PaymentSuccessResponse;
  /** A payment another feature settled: its account, told to the learning caches after the commit. */
  claimedBy?: string;
  /** Set for the one call that provisioned; used to schedule the remaining instalments afterwards. */
  provisioned?: {
    paymentId: string;
    userId: string;
    remaining: number;
    amountPence: number;
    courseTitle: string;
  };
}

const FAILED_STATUS = new Set(['requires_payment_method', 'canceled']);

/**
 * Brings our records in line with the provider's intent, in one transaction with the payment row locked:
 * a succeeded intent provisions the buyer exactly once (payment row + user + enrolment + email, or nothing);
 * anything else only records the status. `eventId` (webhooks) is stored in the same transaction, so a
 * redelivered event does nothing twice.
 */
export async function settleIntent(
  deps: CheckoutDeps,
  intent: ProviderIntent,
  eventId?: string,
): Promise<Settled | null> {
  const settled = await deps.db.transaction(async (tx): Promise<Settled | null> => {
    if (eventId) {
      const fresh = await tx
        .insert(processedProviderEvents)
        .values({ id: eventId, provider: deps.provider.name, type: 'payment_intent' })
        .onConflictDoNothing()
        .returning({ id: processedProviderEvents.id });
      if (fresh.length === 0) return null;
    }
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, intent.id))
      .for('update');
    if (!payment) {
      if (eventId) return null;
      throw notFound(PAYMENT_NOT_FOUND);
    }
    const [course] = await tx.select().from(courses).where(eq(courses.id, payment.courseId));
    const courseTitle = course?.title ?? '';
    const base = { courseTitle, email: payment.email ? maskEmail(payment.email) : null, outcome: null };

    if (payment.fulfilledAt) {
      const outcome = await purchaseOutcome(tx, payment);
      return { response: { ...base, outcome, status: 'succeeded', message: null } };
    }

    if (intent.status !== 'succeeded') {
      const status =
        intent.status === 'requires_action'
          ? 'requires_action'
          : intent.status === 'canceled'
            ? 'canceled'
            : FAILED_STATUS.has(intent.status) && intent.lastError
              ? 'failed'
              : 'pending';
      if (deps.provider.name === 'stripe' && status !== payment.status) {
        await tx
          .update(payments)
          .set({ status, failureMessage: intent.lastError, updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
      }
      return { response: { ...base, status, message: intent.lastError } };
    }

    if (intent.amountPence !== payment.amountPence || intent.currency !== payment.currency) {
      deps.log.error({ intentId: intent.id }, 'payment amount does not match the recorded amount');
      throw conflict('The payment amount does not match the course price.');
    }
    const email = payment.email || intent.receiptEmail || '';
    if (!email) throw badRequest('This payment has no email address to send the login details to.');

    // A payment for another feature's purpose (a team order, docs/team-seats.md: the buyer becomes its manager
    // instead of a student) is settled by that feature's handler, here in this transaction.
    const claimed = await settleForPurpose(deps.settlements, tx, payment.id);
    if (claimed) {
      const paidAt = new Date();
      await tx
        .update(payments)
        .set({
          status: 'succeeded',
          userId: claimed.userId,
          email,
          fulfilledAt: paidAt,
          updatedAt: paidAt,
        })
        .where(eq(payments.id, payment.id));
      return { response: succeeded(courseTitle, email, 'team_order'), claimedBy: claimed.userId };
    }

    const now = new Date();
    const invoice = await invoicePurchase(deps, tx, payment, now);
    const confirmation = purchaseConfirmation(deps, payment, course ?? null, {
      paidAt: now,
      invoiceNumber: invoice?.number ?? null,
    });
    const data = payment.studentData;
    const result = await provisionStudent(tx, {
      details: {
        email,
        firstName: data.firstName,
        lastName: data.lastName,
        phoneNumber: data.phoneNumber,
        company: data.company,
        jobTitle: data.jobTitle,
        experienceLevel: data.experienceLevel,
      },
      courseId: payment.courseId,
      source: 'purchase',
      publicUrl: deps.publicUrl,
      confirmation,
    });
    // Every purchase gets a receipt: an account that already had the course got no welcome email.
    if (!result.createdUser && !result.newlyEnrolled) {
      await enqueueEmail(
        tx,
        purchaseReceiptEmail({
          to: email,
          firstName: data.firstName ?? null,
          courseTitle,
          publicUrl: deps.publicUrl,
          extra: confirmation,
        }),
      );
    }

    let remaining = 0;
    if (payment.plan === 'monthly' && course) {
      remaining = Math.max(0, course.instalments - 1);
      const rows = instalmentDueDates(now, remaining).map((dueAt, i) => ({
        paymentId: payment.id,
        sequence: i + 2,
        dueAt,
        amountPence: payment.amountPence,
      }));
      if (rows.length) await tx.insert(paymentInstalments).values(rows);
    }

    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        userId: result.userId,
        email,
        failureMessage: null,
        fulfilledAt: now,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    return {
      response: succeeded(courseTitle, email, result.createdUser ? 'new_account' : 'existing_account'),
      provisioned: {
        paymentId: payment.id,
        userId: result.userId,
        remaining,
        amountPence: payment.amountPence,
        courseTitle,
      },
    };
  });
  // An existing account that bought another course sees it at once in the portal.
  if (settled?.provisioned) await learnerChanged(deps.database, settled.provisioned.userId);
  // An overdue instalment paid: the paused course opens at once (docs/product.md#failed-instalments).
  if (settled?.claimedBy) await learnerChanged(deps.database, settled.claimedBy);

  if (settled?.provisioned && settled.provisioned.remaining > 0) {
    await scheduleRemainingInstalments(deps, intent, settled.provisioned);
  }
  return settled;
}

/** POST /api/payment-success: re-checks the intent with the provider, then settles it (idempotent). */
export async function confirmPaymentSuccess(
  deps: CheckoutDeps,
  intentId: string,
): Promise<PaymentSuccessResponse> {
  const intent = await deps.provider.retrieveIntent(intentId);
  if (!intent) throw notFound(PAYMENT_NOT_FOUND);
  const settled = await settleIntent(deps, intent);
  return settled!.response;
}

/**
 * A signature-verified webhook event: payment_intent.* events settle their intent; refund events go to the refunds
 * feature, instalment invoice events to the instalments feature; others are ignored.
 */
export async function handleProviderEvent(
  deps: CheckoutDeps,
  event: ProviderEvent,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  if (event.refund && deps.refundEvents) return deps.refundEvents(event.id, event.refund);
  if (event.invoice && deps.instalmentEvents) return deps.instalmentEvents(event.id, event.invoice);
  if (event.setup && deps.cardChangeEvents) return deps.cardChangeEvents(event.id, event.setup);
  if (!event.intent || !event.type.startsWith('payment_intent.')) return 'ignored';
  const settled = await settleIntent(deps, event.intent, event.id);
  return settled ? 'processed' : 'duplicate';
}
