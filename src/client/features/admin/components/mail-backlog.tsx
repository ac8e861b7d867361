import { MailCheck, MailWarning } from 'lucide-react';
import { formatAge } from '#shared/format.ts';
import { useMailSummary } from '../api/admin-api.ts';

/** Under the Mailbox action: how much mail is still waiting for the relay, and for how long the oldest has. */
export function MailBacklog() {
  const { data } = useMailSummary();
  if (!data) return null;
  if (data.undelivered === 0 || !data.oldestUndeliveredAt) {
    return (
      <p
        className="flex items-center gap-2 text-sm text-muted-foreground sm:col-span-2"
        data-testid="mail-backlog"
      >
        <MailCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
        All outgoing email delivered
      </p>
    );
  }
  const age = formatAge(Date.now() - Date.parse(data.oldestUndeliveredAt));
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-safety-200 bg-safety-50 p-3 text-sm text-navy-900 sm:col-span-2"
      data-testid="mail-backlog"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-safety-600" />
      <span>
        {data.undelivered} {data.undelivered === 1 ? 'email' : 'emails'} not delivered yet; the oldest has
        waited {age}.
      </span>
    </p>
  );
}
