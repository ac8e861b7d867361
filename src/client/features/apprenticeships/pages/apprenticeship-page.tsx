import { ArrowLeft, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { getErrorStatus } from '#client/lib/api-client.ts';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatDate } from '#shared/format.ts';
import type { OtjEntry } from '#shared/schemas/apprenticeships.ts';
import { OWN_CSV_URL, useOverview, useReviews } from '../api/apprenticeships.ts';
import { useEmployerApprentices, useOwnGateway } from '../api/standards.ts';
import { EntryForm } from '../components/entry-form.tsx';
import { EntryList } from '../components/entry-list.tsx';
import { FiguresPanel } from '../components/figures-panel.tsx';
import { GatewayPanel } from '../components/gateway-panel.tsx';
import { ReviewsList } from '../components/reviews-list.tsx';

/**
 * /apprenticeship: the apprentice's off-the-job log (figures, log form, entries, amend after rejection, CSV) and
 * the progress reviews they sign; an employer contact sees the reviews they sign.
 */
export function ApprenticeshipPage() {
  useDocumentTitle('Off-the-job training');
  const { user } = useAuth();
  const overview = useOverview();
  const reviews = useReviews();
  const gateway = useOwnGateway(Boolean(overview.data));
  const employees = useEmployerApprentices();
  const [amending, setAmending] = useState<OtjEntry | null>(null);
  if (!user) return <PageLoader label="Loading..." />;
  const noRecord = getErrorStatus(overview.error) === 404;

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <PortalHeader user={user} showAdminBadge={user.role === 'admin'} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8"
      >
        <Button asChild variant="link" className="-mb-2 self-start text-sm">
          <Link href="/dashboard">
            <ArrowLeft aria-hidden="true" /> Back to my dashboard
          </Link>
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-navy-900 sm:text-3xl">
              {noRecord ? 'Apprentice progress reviews' : 'Off-the-job training'}
            </h1>
            {overview.data ? (
              <p className="mt-1 text-sm text-muted-foreground">
                {overview.data.apprenticeship.standard}
                {overview.data.apprenticeship.level ? ` (level ${overview.data.apprenticeship.level})` : ''} ·{' '}
                {formatDate(overview.data.apprenticeship.startDate)} to{' '}
                {formatDate(overview.data.apprenticeship.endDate)}
              </p>
            ) : null}
          </div>
          {overview.data ? (
            <Button variant="outline" size="sm" asChild>
              <a href={OWN_CSV_URL} download>
                <Download aria-hidden="true" /> Download my log (CSV)
              </a>
            </Button>
          ) : null}
        </div>

        {overview.isPending ? (
          <Skeleton className="h-56 w-full rounded-xl" />
        ) : overview.data ? (
          <>
            <FiguresPanel figures={overview.data} />
            {gateway.data ? <GatewayPanel gateway={gateway.data} /> : null}
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <Card className="p-4 sm:p-5">
                <h2 className="mb-1 text-lg font-bold text-navy-900">Log learning</h2>
                <p className="mb-4 text-sm text-muted-foreground">
                  Your tutor approves each entry; only approved hours count. Videos, quizzes and live sessions
                  on TradeSkills are logged for you.
                </p>
                <EntryForm />
              </Card>
              <Card className="p-4 sm:p-5">
                <h2 className="mb-3 text-lg font-bold text-navy-900">Progress reviews</h2>
                {reviews.data ? <ReviewsList reviews={reviews.data} /> : <Skeleton className="h-32 w-full" />}
              </Card>
            </div>
            <section aria-labelledby="entries-heading">
              <h2 id="entries-heading" className="mb-3 text-lg font-bold text-navy-900">
                Your entries
              </h2>
              <EntryList
                entries={overview.data.entries}
                empty="Nothing logged yet."
                actions={(entry) =>
                  entry.status === 'rejected' && entry.source === 'apprentice' ? (
                    <Button size="sm" variant="outline" onClick={() => setAmending(entry)}>
                      Amend
                    </Button>
                  ) : null
                }
              />
            </section>
          </>
        ) : noRecord ? (
          <Card className="p-4 sm:p-5">
            <p className="mb-4 text-sm text-muted-foreground">
              {reviews.data?.length
                ? 'Reviews of the apprentices you are the employer contact for. Sign each one in your own account.'
                : 'There is no apprenticeship on your account. Your training provider sets one up.'}
            </p>
            {reviews.data?.length ? <ReviewsList reviews={reviews.data} showApprentice /> : null}
          </Card>
        ) : (
          <p role="alert" className="text-sm text-destructive">
            Failed to load your log. Please reload the page.
          </p>
        )}
        {noRecord && employees.data?.length ? (
          <section aria-labelledby="employees-heading" className="flex flex-col gap-4">
            <h2 id="employees-heading" className="text-lg font-bold text-navy-900">
              Your apprentices: hours, pace and gateway readiness
            </h2>
            {employees.data.map((g) => (
              <div key={g.studentId} className="flex flex-col gap-2">
                <h3 className="text-base font-bold text-navy-900">{g.apprenticeName}</h3>
                <GatewayPanel gateway={g} />
              </div>
            ))}
          </section>
        ) : null}
      </main>

      <Dialog open={amending !== null} onOpenChange={(open) => !open && setAmending(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Amend entry</DialogTitle>
            <DialogDescription>
              {amending?.rejectionReason
                ? `Your tutor said: “${amending.rejectionReason}”`
                : 'Correct the entry.'}
            </DialogDescription>
          </DialogHeader>
          {amending ? <EntryForm entry={amending} onDone={() => setAmending(null)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
