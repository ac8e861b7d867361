import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { courses, type paymentInstalments, payments } from '#server/db/schema/index.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';
import { formatDate, formatPrice } from '#shared/format.ts';

// The buyer's emails about a monthly plan's failed instalment (docs/product.md#failed-instalments).

type Instalment = typeof paymentInstalments.$inferSelect;

export function overduePageUrl(publicUrl: string, instalmentId: string): string {
  return `${publicUrl}/billing/overdue/${instalmentId}`;
}

async function buyerOf(tx: Queryable, paymentId: string) {
  const [row] = await tx
    .select({ email: payments.email, courseTitle: courses.title })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(payments.id, paymentId));
  return row?.email ? row : null;
}

/** Each failed charge: what failed, the next retry (or that none is left), and the link to pay with another card. */
export async function sendInstalmentFailedEmail(
  tx: Queryable,
  input: { instalment: Instalment; nextRetryAt: Date | null; message: string; publicUrl: string },
): Promise<void> {
  const { instalment } = input;
  const buyer = await buyerOf(tx, instalment.paymentId);
  if (!buyer) return;
  const amount = formatPrice(instalment.amountPence, 'pence');
  const link = overduePageUrl(input.publicUrl, instalment.id);
  const lines = [
    `We could not take instalment ${instalment.sequence} of your monthly plan for ${buyer.courseTitle} (${amount}, due ${formatDate(instalment.dueAt)}). The card said: ${input.message}`,
    input.nextRetryAt
      ? `We will try the card again on ${formatDate(input.nextRetryAt)}. You can pay it now with another card instead: ${link}`
      : `That was our last try, so the plan is now in default. Please pay the overdue amount with another card: ${link}`,
    'Your course stays open for a while after a missed payment; if it stays unpaid, access pauses until it is paid. Your progress is kept.',
  ];
  await enqueueEmail(tx, {
    kind: 'instalment_failed',
    to: buyer.email,
    subject: `Payment overdue: ${buyer.courseTitle}`,
    ...emailBody(lines, { href: link, label: 'Pay the overdue amount' }),
  });
}

/** The grace period ended: access is paused until the overdue amount is paid. */
export async function sendAccessPausedEmail(
  tx: Queryable,
  input: { paymentId: string; instalmentId: string; amountPence: number; publicUrl: string },
): Promise<void> {
  const buyer = await buyerOf(tx, input.paymentId);
  if (!buyer) return;
  const link = overduePageUrl(input.publicUrl, input.instalmentId);
  const lines = [
    `Access to ${buyer.courseTitle} is paused because an instalment of ${formatPrice(input.amountPence, 'pence')} is still unpaid.`,
    `Pay it with another card and the course opens again at once, with all your progress: ${link}`,
  ];
  await enqueueEmail(tx, {
    kind: 'instalment_paused',
    to: buyer.email,
    subject: `Course paused: ${buyer.courseTitle}`,
    ...emailBody(lines, { href: link, label: 'Pay now' }),
  });
}
