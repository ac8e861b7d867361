import type { AppConfig } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { enqueueEmailWithAttachments } from '#server/lib/mail/attachments.repo.ts';
import { emailBody } from '#server/lib/mail/templates.emails.ts';
import { orderReference } from '#shared/consent.ts';
import { formatPrice } from '#shared/format.ts';
import { creditNoteLabel } from '#shared/schemas/refunds.ts';
import type { IssuedCreditNote } from './credit-notes.service.ts';
import { refundAttachments } from './refund-documents.service.ts';
import type { RefundRow } from './refunds.repo.ts';

/** A monthly plan's refund may credit several invoices, one credit note each. */
function creditNotesLine(notes: IssuedCreditNote[]): string {
  const labels = notes.map((note) => creditNoteLabel(note.number));
  if (labels.length === 0) return 'Your refund receipt is attached.';
  if (labels.length === 1) return `Credit note ${labels[0]} is attached.`;
  return `Credit notes ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} are attached, one for each invoice this refund corrects.`;
}

/** The buyer's email for a confirmed refund, with its credit notes or refund receipt attached. */
export async function sendRefundEmail(
  tx: Queryable,
  input: {
    to: string;
    refund: RefundRow;
    courseTitle: string;
    paymentId: string;
    accessEnded: boolean;
    creditNotes: IssuedCreditNote[];
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
    creditNotesLine(input.creditNotes),
  ].filter((line): line is string => Boolean(line));
  await enqueueEmailWithAttachments(
    tx,
    {
      kind: 'refund',
      to: input.to,
      subject: `Refund of ${amount} for ${input.courseTitle}`,
      ...emailBody(lines),
    },
    await refundAttachments(tx, refund.id, input.supplier),
  );
}
