import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { invoiceCounters, invoices } from '#server/db/schema/index.ts';

/**
 * The next invoice number, gap-free: the counter row is bumped inside the transaction that inserts the invoice,
 * so its row lock serialises concurrent invoices and a rollback gives the number back (a sequence would not).
 */
export async function nextInvoiceNumber(tx: Queryable, series = 'invoice'): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

/**
 * The invoice of a team order, an individual payment or a monthly plan's later instalment, issued once inside the
 * caller's transaction (which holds the order's, payment's or instalment's row locked): an existing one is returned,
 * else one with the next number. The three columns are unique, so a second insert for the same subject fails and
 * rolls back its transaction, number included.
 */
export async function issueInvoiceOnce(
  tx: Queryable,
  subject:
    | { teamOrderId: string }
    | { paymentId: string; vatRate: number }
    | { instalmentId: string; vatRate: number },
  taxPointAt: Date,
): Promise<typeof invoices.$inferSelect> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(
      'teamOrderId' in subject
        ? eq(invoices.teamOrderId, subject.teamOrderId)
        : 'paymentId' in subject
          ? eq(invoices.paymentId, subject.paymentId)
          : eq(invoices.instalmentId, subject.instalmentId),
    );
  if (existing) return existing;
  const number = await nextInvoiceNumber(tx);
  const [row] = await tx
    .insert(invoices)
    .values({ number, ...subject, issuedAt: new Date(), taxPointAt })
    .returning();
  return row!;
}
