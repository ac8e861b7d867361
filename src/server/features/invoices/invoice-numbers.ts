import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { invoiceCounters } from '#server/db/schema/index.ts';

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
