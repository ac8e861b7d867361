import { AlertTriangle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { formatDate, formatPrice } from '#shared/format.ts';
import { useOverdueInstalments } from '../api/instalments.ts';

/**
 * The portal's 'Payment overdue' banner (docs/product.md#failed-instalments): one line per overdue instalment, when
 * access pauses (or that it has), and a Pay button to the overdue page.
 */
export function OverdueNotice() {
  const overdue = useOverdueInstalments();
  if (!overdue.data?.length) return null;
  return (
    <section
      aria-labelledby="overdue-heading"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 sm:p-5"
    >
      <h2 id="overdue-heading" className="flex items-center gap-2 text-lg font-bold text-destructive">
        <AlertTriangle aria-hidden="true" className="size-5" />
        Payment overdue
      </h2>
      <ul className="flex flex-col gap-3">
        {overdue.data.map((item) => (
          <li
            key={item.instalmentId}
            className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm text-navy-950">
              {formatPrice(item.amountPence, 'pence')} for {item.courseTitle} was due on{' '}
              {formatDate(item.dueAt)}.{' '}
              {item.accessPaused
                ? 'The course is paused until it is paid. Your progress is kept.'
                : item.pausesAt
                  ? `Your course stays open until ${formatDate(item.pausesAt)}.`
                  : null}
            </p>
            <Button asChild variant="accent" className="shrink-0">
              <Link href={`/billing/overdue/${item.instalmentId}`}>
                Pay {formatPrice(item.amountPence, 'pence')}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
