import { ClipboardPlus } from 'lucide-react';
import { useState } from 'react';
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
import type { AdminApprentice } from '#shared/schemas/apprenticeships.ts';
import { useAdminEntries, useRecord, useStudentReviews } from '../api/apprenticeships.ts';
import { useStudentGateway } from '../api/standards.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { EntryList } from './entry-list.tsx';
import { FiguresPanel } from './figures-panel.tsx';
import { GatewayPanel } from './gateway-panel.tsx';
import { QualificationsCard } from './qualifications.tsx';
import { RecordForm } from './record-form.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewsList } from './reviews-list.tsx';

/** One apprentice in the admin console: figures, the record, their log to decide, and reviews. */
export function ApprenticeDetail({
  studentId,
  name,
  figures,
}: {
  studentId: string;
  name: string;
  figures?: AdminApprentice;
}) {
  const record = useRecord(studentId);
  const entries = useAdminEntries({ studentId });
  const reviews = useStudentReviews(studentId);
  const gateway = useStudentGateway(studentId);
  const [reviewing, setReviewing] = useState(false);
  const hasRecord = Boolean(record.data);

  return (
    <section aria-labelledby="apprentice-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="apprentice-heading" className="text-xl font-bold text-navy-900">
          {name}
        </h2>
        {hasRecord ? (
          <Button size="sm" onClick={() => setReviewing(true)}>
            <ClipboardPlus aria-hidden="true" /> Record a review
          </Button>
        ) : null}
      </div>
      {figures ? <FiguresPanel figures={figures} /> : null}
      <Card className="p-4 sm:p-5">
        <h3 className="mb-3 text-lg font-bold text-navy-900">Apprenticeship record</h3>
        {record.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : record.data || getErrorStatus(record.error) === 404 ? (
          <RecordForm
            key={record.data?.studentId ?? 'new'}
            studentId={studentId}
            record={record.data ?? null}
          />
        ) : (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the record.
          </p>
        )}
      </Card>
      {hasRecord && gateway.data ? (
        <>
          <GatewayPanel gateway={gateway.data} />
          <QualificationsCard studentId={studentId} qualifications={gateway.data.qualifications} />
        </>
      ) : null}
      {hasRecord ? (
        <div className="grid gap-5 lg:grid-cols-2">
          <Card className="p-4 sm:p-5">
            <h3 className="mb-3 text-lg font-bold text-navy-900">Off-the-job log</h3>
            <EntryList
              hidePendingTags
              entries={entries.data ?? []}
              empty="Nothing logged yet."
              actions={(entry) =>
                entry.status === 'pending' ? <DecisionButtons entryId={entry.id} tags={entry.ksbs} /> : null
              }
            />
          </Card>
          <Card className="p-4 sm:p-5">
            <h3 className="mb-3 text-lg font-bold text-navy-900">Progress reviews</h3>
            <ReviewsList reviews={reviews.data ?? []} />
          </Card>
        </div>
      ) : null}
      <Dialog open={reviewing} onOpenChange={setReviewing}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Record a progress review</DialogTitle>
            <DialogDescription>
              {name}: the apprentice, you and the employer contact each sign it.
            </DialogDescription>
          </DialogHeader>
          <ReviewForm
            studentId={studentId}
            approvedHours={figures?.approvedHours ?? 0}
            onDone={() => setReviewing(false)}
          />
        </DialogContent>
      </Dialog>
    </section>
  );
}
