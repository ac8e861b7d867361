import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { enqueueEmailWithAttachments } from '#server/lib/mail/attachments.repo.ts';
import { layoutHtml } from '#server/lib/mail/templates.emails.ts';
import { orderReference } from '#shared/consent.ts';
import { formatPrice } from '#shared/format.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import { refundAttachment } from './credit-notes.service.ts';
import type { RefundRow } from './refunds.repo.ts';

/** The buyer's email for a confirmed refund, with its credit note or refund receipt attached. */
export async function sendRefundEmail(
  tx: Queryable,
  input: {
    to: string;
    refund: RefundRow;
    courseTitle: string;
    paymentId: string;
    accessEnded: boolean;
    creditNote: { id: string; number: number } | null;
    supplier: AppConfig['invoicing'];
  },
): Promise<void> {
  const { refund } = input;
  const amount = formatPrice(refund.amountPence, 'pence');
  const lines = [
    'Hello,',
    `We have refunded ${amount} for ${input.courseTitle} (order ${orderReference(input.paymentId)}) to the card you paid with. Banks usually show it within 5 to 10 working days.`,
    `Reason: ${refund.reason}`,
    refund.seats ? `${refund.seats} unassigned seat(s) were taken off the order.` : null,
    input.accessEnded
      ? `Your access to ${input.courseTitle} has ended; any instalments still due are cancelled.`
      : refund.seats
        ? null
        : `You keep your access to ${input.courseTitle}.`,
    input.creditNote
      ? `Credit note ${creditNoteLabel(input.creditNote.number)} is attached.`
      : 'Your refund receipt is attached.',
  ].filter((line): line is string => Boolean(line));
  await enqueueEmailWithAttachments(
    tx,
    {
      kind: 'refund',
      to: input.to,
      subject: `Refund of ${amount} for ${input.courseTitle}`,
      text: `${lines.join('\n\n')}\n`,
      html: layoutHtml(lines),
    },
    [await refundAttachment(tx, refund.id, input.supplier)],
  );
}
