import { ArrowLeft, Inbox, Mail, Send } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatDateTime } from '#shared/format.ts';
import type { MailboxEmail } from '#shared/schemas/checkout.ts';
import { useMailbox, useSendNow } from '../api/checkout.ts';

const STATUS: Record<
  MailboxEmail['status'],
  { label: string; variant: 'success' | 'secondary' | 'destructive' | 'outline' }
> = {
  sent: { label: 'Sent', variant: 'success' },
  logged: { label: 'Kept (no SMTP)', variant: 'secondary' },
  pending: { label: 'Pending', variant: 'outline' },
  sending: { label: 'Sending', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
};

/** /admin/mailbox: every outgoing email, so an install without SMTP_URL can still hand out credentials. */
export function AdminMailboxPage() {
  useDocumentTitle('Mailbox');
  const { data, isLoading, isError } = useMailbox();
  return (
    <div className="min-h-dvh bg-background">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <Button asChild variant="ghost" size="sm">
          <Link href="/admin">
            <ArrowLeft aria-hidden="true" />
            Admin dashboard
          </Link>
        </Button>
        <h1 className="mt-4 flex items-center gap-2 text-3xl font-bold tracking-tight text-navy-950">
          <Inbox aria-hidden="true" className="size-7 text-safety-600" />
          Mailbox
        </h1>
        {data && !data.smtpConfigured ? (
          <p className="mt-3 rounded-lg border border-safety-200 bg-safety-50 p-3 text-sm text-navy-900">
            SMTP_URL is not set, so emails are kept here instead of being sent. Pass the credentials on to the
            student yourself, or configure an SMTP relay.
          </p>
        ) : null}
        <div className="mt-6">
          {isLoading ? (
            <Spinner label="Loading emails..." showLabel />
          ) : isError ? (
            <p role="alert" className="text-destructive">
              Failed to load emails.
            </p>
          ) : !data?.emails.length ? (
            <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
              No emails yet
            </p>
          ) : (
            <ul className="grid gap-3 [&>*]:min-w-0">
              {data.emails.map((email) => (
                <li key={email.id}>
                  <details className="group rounded-xl border border-border bg-white shadow-card open:shadow-raised">
                    <summary className="flex cursor-pointer list-none flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <span className="flex min-w-0 items-start gap-3">
                        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-500" />
                        <span className="min-w-0">
                          <span className="block truncate font-semibold text-navy-950">{email.subject}</span>
                          <span className="block truncate text-sm text-muted-foreground">To {email.to}</span>
                        </span>
                      </span>
                      <span className="flex shrink-0 items-center gap-2 pl-8 sm:pl-0">
                        <Badge variant={STATUS[email.status].variant}>{STATUS[email.status].label}</Badge>
                        <span className="text-xs text-muted-foreground">
                          {formatDateTime(email.createdAt)}
                        </span>
                      </span>
                    </summary>
                    <div className="border-t border-border p-4">
                      <pre className="font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere] text-navy-900">
                        {email.text}
                      </pre>
                      {email.lastError ? (
                        <p className="mt-3 text-sm text-destructive">
                          Last error (attempt {email.attempts}): {email.lastError}
                        </p>
                      ) : null}
                      {data.smtpConfigured && (email.status === 'pending' || email.status === 'failed') ? (
                        <SendNowButton id={email.id} />
                      ) : null}
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

function SendNowButton({ id }: { id: string }) {
  const sendNow = useSendNow();
  return (
    <Button
      className="mt-3"
      size="sm"
      variant="outline"
      disabled={sendNow.isPending}
      onClick={() =>
        sendNow.mutate(id, {
          onSuccess: () => toast({ title: 'Success', description: 'Email queued to send now' }),
          onError: () =>
            toast({ title: 'Error', description: 'Could not queue the email', variant: 'destructive' }),
        })
      }
    >
      <Send aria-hidden="true" /> Send now
    </Button>
  );
}
